/**
 * /deactivation-alerts/manage-consents/?t=… (and /en/): 'Gestisci i tuoi avvisi' from an alert mail,
 * without login (seed 001 §2 "manage consents"; docs/decisions/091): the link's user's saved searches
 * with the e-mail and push frequency of each, changed with one form. A settings page: it may be used again
 * until the link expires. A forged or expired link shows nobody's data.
 */
import { data, Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { setAlertsByLink } from "../../db/alert-links.ts";
import { linkToken, MAX_LINK_TOKEN, readAlertLinkView } from "../alerts/alert-links.server.ts";
import { alertLinkTexts } from "../i18n/alert-links.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { frequencyLabel } from "../i18n/saved-searches.ts";
import { services } from "../services.ts";
import { AlertLinkInvalid } from "../ui/alert-link-pages.tsx";
import type { Route } from "./+types/alert-manage";
import "../ui/account.css";

const FREQUENCIES = ["immediately", "daily", "never"] as const;
const frequency = z.enum(FREQUENCIES);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const token = linkToken(url);
  const view = await readAlertLinkView(services(context), token, locale);
  if (view.state === "invalid") return data({ locale, token, valid: false as const, email: "", searches: [] });
  return data({ locale, token, valid: true as const, email: view.email, searches: view.searches });
}

export async function action({ request, context }: Route.ActionArgs) {
  const svc = services(context);
  const form = await request.formData().catch(() => new FormData());
  const claims = svc.alertLinks.read(String(form.get("t") ?? "").slice(0, MAX_LINK_TOKEN));
  if (!claims) return data({ saved: false as const });
  const changes: Array<{ id: number; channel: "mail" | "push"; frequency: (typeof FREQUENCIES)[number] }> = [];
  for (const [key, value] of form) {
    const m = /^(mail|push)-(\d{1,15})$/.exec(key);
    const f = frequency.safeParse(value);
    if (m && f.success) changes.push({ id: Number(m[2]), channel: m[1] as "mail" | "push", frequency: f.data });
  }
  const changed = await setAlertsByLink(svc.database.db, claims.u, changes.slice(0, 400), new Date());
  svc.logger.info({ userId: claims.u, changed }, "alerts: settings changed through a mail link");
  return { saved: true as const };
}

export default function AlertManagePage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<{ saved: boolean }>();
  const { locale } = loaded;
  const t = alertLinkTexts[locale];
  if (!loaded.valid || result?.saved === false) return <AlertLinkInvalid locale={locale} />;
  return (
    <section className="page account-page">
      <title>{`${t.manageTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.manageTitle}</h1>
      <p>{t.manageIntro(loaded.email)}</p>
      {result?.saved && (
        <p className="form-notice" role="status">
          {t.manageSaved}
        </p>
      )}
      {loaded.searches.length === 0 ? (
        <p>{t.manageEmpty}</p>
      ) : (
        <Form method="post" className="account-form">
          <input type="hidden" name="t" value={loaded.token} />
          {loaded.searches.map((s) => (
            <fieldset key={s.id}>
              <legend>{s.title}</legend>
              {(["mail", "push"] as const).map((channel) => (
                <label key={channel}>
                  {channel === "mail" ? t.mailChannel : t.pushChannel}{" "}
                  <select name={`${channel}-${s.id}`} defaultValue={s[channel]}>
                    {FREQUENCIES.map((f) => (
                      <option key={f} value={f}>
                        {frequencyLabel(f, locale)}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </fieldset>
          ))}
          <button type="submit" className="account-button">
            {t.manageSave}
          </button>
        </Form>
      )}
      <p>
        <a href={localizePath("/mycasa/ricerche/", locale)}>{t.mycasaLink}</a>
      </p>
    </section>
  );
}
