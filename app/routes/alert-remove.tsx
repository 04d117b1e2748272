/**
 * /remove-mail-and-consents/?t=… (and /en/): from an alert mail, without login (seed 001 §2 "remove mail
 * and consents"; docs/decisions/091): after a POST, every e-mail alert of the link's user is off and the
 * marketing consents are withdrawn. Works once per link; a forged or expired link shows nobody's data.
 */
import { data, Form, useActionData, useLoaderData } from "react-router";
import { removeMailAndConsentsByLink, type RemovalOutcome } from "../../db/alert-links.ts";
import { linkToken, MAX_LINK_TOKEN, readAlertLinkView } from "../alerts/alert-links.server.ts";
import { alertLinkTexts } from "../i18n/alert-links.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import { AlertLinkInvalid } from "../ui/alert-link-pages.tsx";
import type { Route } from "./+types/alert-remove";
import "../ui/account.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const token = linkToken(url);
  const view = await readAlertLinkView(services(context), token, locale);
  if (view.state === "invalid") return data({ locale, token, valid: false as const, email: "" });
  return data({ locale, token, valid: true as const, email: view.email });
}

export async function action({ request, context }: Route.ActionArgs) {
  const svc = services(context);
  const form = await request.formData().catch(() => new FormData());
  const claims = svc.alertLinks.read(String(form.get("t") ?? "").slice(0, MAX_LINK_TOKEN));
  if (!claims) return data({ outcome: "invalid" as const });
  const outcome = await removeMailAndConsentsByLink(svc.database.db, claims, new Date());
  svc.logger.info({ userId: claims.u, outcome }, "alerts: mail and consents removed through a mail link");
  return { outcome };
}

export default function AlertRemovePage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<{ outcome: RemovalOutcome | "invalid" }>();
  const { locale } = loaded;
  const t = alertLinkTexts[locale];
  if (!loaded.valid || result?.outcome === "invalid" || result?.outcome === "missing") return <AlertLinkInvalid locale={locale} />;
  const manage = `${localizePath("/deactivation-alerts/manage-consents/", locale)}?t=${encodeURIComponent(loaded.token)}`;
  return (
    <section className="page account-page">
      <title>{`${t.removeTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.removeTitle}</h1>
      {result?.outcome === "removed" ? (
        <p className="form-notice" role="status">
          {t.removed(loaded.email)}
        </p>
      ) : result?.outcome === "used" ? (
        <p className="form-notice" role="status">
          {t.used}
        </p>
      ) : (
        <Form method="post" className="account-form">
          <p>{t.removeIntro(loaded.email)}</p>
          <input type="hidden" name="t" value={loaded.token} />
          <button type="submit" className="account-button account-button--danger">
            {t.removeButton}
          </button>
        </Form>
      )}
      <p>
        <a href={manage}>{t.manageLink}</a>
      </p>
    </section>
  );
}
