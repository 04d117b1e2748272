/**
 * /deactivation-alerts/?t=… (and /en/): the 'Disattiva questo avviso' link of an alert mail, without login
 * (seed 001 §2 "deactivation alerts"; docs/decisions/091). Opening it asks; only a POST turns the alert
 * off, so mail scanners that follow links change nothing (the List-Unsubscribe header's one-click POST is
 * app/routes/alert-one-click.ts). A forged or expired link gets a page that says so and shows nobody's data.
 */
import { data, Form, useActionData, useLoaderData } from "react-router";
import { deactivateAlertByLink, type DeactivationOutcome } from "../../db/alert-links.ts";
import { linkToken, MAX_LINK_TOKEN, readAlertLinkView } from "../alerts/alert-links.server.ts";
import { alertLinkTexts } from "../i18n/alert-links.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import { AlertLinkInvalid } from "../ui/alert-link-pages.tsx";
import type { Route } from "./+types/alert-deactivation";
import "../ui/account.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const token = linkToken(url);
  const view = await readAlertLinkView(services(context), token, locale);
  if (view.state === "invalid") return data({ locale, token, valid: false as const, channel: "mail" as const, search: null });
  return data({ locale, token, valid: true as const, channel: view.claims.c, search: view.search });
}

export async function action({ request, context }: Route.ActionArgs) {
  const svc = services(context);
  const url = new URL(request.url);
  const form = await request.formData().catch(() => new FormData());
  const claims = svc.alertLinks.read(String(form.get("t") ?? linkToken(url)).slice(0, MAX_LINK_TOKEN));
  if (!claims) return data({ outcome: "invalid" as const }, { status: 400 });
  const outcome: DeactivationOutcome = await deactivateAlertByLink(svc.database.db, claims, new Date());
  svc.logger.info({ savedSearchId: claims.s, channel: claims.c, outcome }, "alerts: deactivation link");
  return { outcome };
}

export default function AlertDeactivationPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<{ outcome: DeactivationOutcome | "invalid" }>();
  const t = alertLinkTexts[loaded.locale];
  if (!loaded.valid || result?.outcome === "invalid") return <AlertLinkInvalid locale={loaded.locale} />;
  const title = loaded.search?.title ?? "";
  const manage = `${localizePath("/deactivation-alerts/manage-consents/", loaded.locale)}?t=${encodeURIComponent(loaded.token)}`;
  const channel = loaded.channel === "mail" ? t.mailChannel.toLowerCase() : t.pushChannel.toLowerCase();
  const outcome = result?.outcome ?? (loaded.search === null ? "missing" : loaded.search[loaded.channel] === "never" ? "already" : null);
  const message =
    outcome === "deactivated"
      ? t.deactivated(title)
      : outcome === "already"
        ? t.already(title)
        : outcome === "used"
          ? t.used
          : outcome === "missing"
            ? t.missing
            : null;
  return (
    <section className="page account-page">
      <title>{`${t.deactivateTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.deactivateTitle}</h1>
      {message ? (
        <p className="form-notice" role="status">
          {message}
        </p>
      ) : (
        <Form method="post" className="account-form">
          <p>{t.deactivateIntro(title, channel)}</p>
          <input type="hidden" name="t" value={loaded.token} />
          <button type="submit" className="account-button">
            {t.deactivateButton}
          </button>
        </Form>
      )}
      <p>
        <a href={manage}>{t.manageLink}</a>
      </p>
    </section>
  );
}
