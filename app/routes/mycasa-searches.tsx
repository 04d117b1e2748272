/**
 * /mycasa/ricerche/ (and /en/mycasa/ricerche/): the logged-in user's saved searches (seed 001 §2
 * "My{product} area"): each with its summary, alert settings and a link to run it; rename it, change its
 * alerts or delete it with plain forms (CSRF token), so the page works without JavaScript. A search whose
 * place no longer exists is listed flagged, with delete only.
 */
import { Form, redirect, useActionData, useLoaderData } from "react-router";
import { accountMessages } from "../../core/account/messages.ts";
import { ConflictError, NotFoundError } from "../../core/errors.ts";
import type { AlertFrequency } from "../../core/search/saved-search-alerts.ts";
import { formAction, formCsrfToken, type FormResult } from "../account/form.server.ts";
import { localeFromPath, localizePath, type Locale } from "../i18n/locale.ts";
import { frequencyLabel, savedSearchFormSchema } from "../mycasa/saved-search-form.ts";
import { requestMailCheck } from "../mycasa/mail-check.server.ts";
import { savedSearchesService } from "../mycasa/saved-searches.server.ts";
import { savedSearchTexts } from "../i18n/saved-searches.ts";
import { requestInfo, services } from "../services.ts";
import { FormMessages } from "../ui/account-form.tsx";
import { EDIT_FRAGMENT } from "../ui/save-search-button.tsx";
import type { Route } from "./+types/mycasa-searches";
import { alertActivity } from "../../db/alert-activity.ts";
import { mailStop } from "../../db/mail-queue.ts";
import "../ui/account.css";
import "../ui/saved-searches.css";

/** The `?avviso=` notices the page's forms redirect to. */
const notices = ["aggiornata", "eliminata", "salvata", "prova-inviata", "prova-in-attesa"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const svc = services(context);
  const user = await svc.accounts.sessions.currentUser(requestInfo(context).session);
  if (!user)
    throw redirect(`${localizePath("/accedi/", locale)}?redirect=${encodeURIComponent(localizePath("/mycasa/ricerche/", locale))}`);
  const { savedsearchesData } = await savedSearchesService(svc.database.db).list(user, locale);
  // What the alerts sent (docs/decisions/093): the last alerted listings and how many are new since the last visit.
  const activity = await alertActivity(
    svc.database.db,
    user.id,
    savedsearchesData.map((s) => s.id),
  );
  const notice = url.searchParams.get("avviso");
  // Alert mails stopped after the server refused the address (decision 118): said, with the server's last answer.
  const stop = await mailStop(svc.database.db, user.email);
  return {
    locale,
    mailStopped: stop ? { email: user.email, failures: stop.failures, reason: stop.lastError } : null,
    csrf: formCsrfToken(request, context),
    searches: savedsearchesData.map((s) => ({
      id: s.id,
      title: s.title,
      customTitle: s.customTitle,
      summary: s.summary,
      href: s.searchData.encodedProperties.searchUrl,
      stale: s.stale,
      notifications: s.notifications,
      newCount: activity.get(s.id)?.newCount ?? 0,
      lastAlerts: (activity.get(s.id)?.last ?? []).map((a) => ({
        href: localizePath(`/annunci/${a.listingId}/`, locale),
        title: a.title,
        at: a.at.toISOString(),
      })),
    })),
    notice: notices.find((known) => known === notice) ?? null,
  };
}

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<Response | FormResult> => {
    const locale = localeFromPath(new URL(args.request.url).pathname);
    const user = await svc.accounts.sessions.currentUser(info.session);
    if (!user) return { errors: { form: accountMessages.notLoggedIn }, values };
    const parsed = savedSearchFormSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return { errors: { form: parsed.error.issues[0]!.message }, values };
    const searches = savedSearchesService(svc.database.db);
    const here = localizePath("/mycasa/ricerche/", locale);
    if (parsed.data.intent === "retry-mail") {
      const check = await requestMailCheck(svc.database.db, svc.accounts.mailer, user);
      return redirect(check === "not-stopped" ? here : `${here}?avviso=${check === "queued" ? "prova-inviata" : "prova-in-attesa"}`, 303);
    }
    try {
      if (parsed.data.intent === "delete") {
        await searches.remove(user, [parsed.data.id]);
        return redirect(`${here}?avviso=eliminata`, 303);
      }
      await searches.update(
        user,
        {
          id: parsed.data.id,
          title: parsed.data.title ?? null,
          notifications: {
            emailFrequency: parsed.data.email,
            hasEmail: parsed.data.email !== "never",
            pushFrequency: parsed.data.push,
            hasPush: parsed.data.push !== "never",
          },
        },
        new Date(),
      );
      return redirect(`${here}?avviso=aggiornata`, 303);
    } catch (error) {
      // Not found (another user's id, or already deleted) and conflicts are shown on the form, in Italian.
      if (error instanceof NotFoundError || error instanceof ConflictError) return { errors: { form: error.message }, values };
      throw error;
    }
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = savedSearchTexts[loaderData?.locale ?? "it"];
  return [{ title: `${t.pageTitle} - casa.it` }, { name: "robots", content: "noindex" }];
}

export default function MyCasaSearchesPage() {
  const { locale, csrf, searches, notice, mailStopped } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const t = savedSearchTexts[locale];
  return (
    <section className="page saved-searches-page">
      <h1>{t.pageTitle}</h1>
      <p>{t.pageIntro}</p>
      <FormMessages
        errors={result?.errors ?? {}}
        notice={
          notice === "aggiornata"
            ? t.updatedNotice
            : notice === "eliminata"
              ? t.deletedNotice
              : notice === "salvata"
                ? t.savedNotice
                : notice === "prova-inviata"
                  ? t.mailCheckQueued
                  : notice === "prova-in-attesa"
                    ? t.mailCheckWaiting
                    : undefined
        }
      />
      {mailStopped && (
        <p className="saved-search-delivery" role="status" data-testid="mail-stopped">
          {t.mailStopped(mailStopped.email, mailStopped.failures, mailStopped.reason)}
        </p>
      )}
      {mailStopped && (
        <Form method="post" className="saved-search-mail-check">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="intent" value="retry-mail" />
          <button type="submit">{t.mailCheck}</button>
        </Form>
      )}
      {searches.length === 0 ? <p className="saved-searches-empty">{t.empty}</p> : <p>{t.count(searches.length)}</p>}
      <ol className="saved-searches-list">
        {searches.map((s) => (
          <li key={s.id} className={`saved-search${s.stale ? " saved-search--stale" : ""}`} data-testid="saved-search">
            <article aria-labelledby={`ricerca-${s.id}`}>
              <h2 id={`ricerca-${s.id}`}>{s.title}</h2>
              <p className="saved-search__summary">{s.summary}</p>
              <p className="saved-search__alerts">
                {t.alertsOf(frequencyLabel(s.notifications.emailFrequency, locale), frequencyLabel(s.notifications.pushFrequency, locale))}
                {s.newCount > 0 && <span className="saved-search__new"> · {t.newSinceVisit(s.newCount)}</span>}
              </p>
              {s.lastAlerts.length > 0 && (
                <div className="saved-search__sent">
                  <h3>{t.lastAlerts}</h3>
                  <ul>
                    {s.lastAlerts.map((a) => (
                      <li key={a.href + a.at}>
                        <a href={a.href}>{a.title}</a> ·{" "}
                        <time dateTime={a.at}>{new Date(a.at).toLocaleDateString(locale === "en" ? "en-GB" : "it-IT")}</time>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {s.href && (
                <p className="saved-search__links">
                  <a className="saved-search__run" href={s.href}>
                    {t.run}
                    <span className="visually-hidden">: {s.title}</span>
                  </a>
                  <a href={`${s.href}#${EDIT_FRAGMENT}`}>
                    {t.editOnResults}
                    <span className="visually-hidden">: {s.title}</span>
                  </a>
                </p>
              )}
              {!s.stale && (
                <Form method="post" className="account-form saved-search__edit">
                  <input type="hidden" name="csrf" value={csrf} />
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="id" value={s.id} />
                  <div className="form-field">
                    <label htmlFor={`titolo-${s.id}`}>{t.rename}</label>
                    <input
                      id={`titolo-${s.id}`}
                      name="title"
                      defaultValue={s.customTitle ?? ""}
                      placeholder={t.namePlaceholder}
                      maxLength={100}
                    />
                  </div>
                  <FrequencySelect
                    id={`email-${s.id}`}
                    name="email"
                    label={t.emailLabel}
                    value={s.notifications.emailFrequency}
                    locale={locale}
                  />
                  <FrequencySelect
                    id={`push-${s.id}`}
                    name="push"
                    label={t.pushLabel}
                    value={s.notifications.pushFrequency}
                    locale={locale}
                  />
                  <button type="submit" className="account-button">
                    {t.update}
                    <span className="visually-hidden">: {s.title}</span>
                  </button>
                </Form>
              )}
              <Form method="post" className="saved-search__delete">
                <input type="hidden" name="csrf" value={csrf} />
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={s.id} />
                <button type="submit" className="account-button account-button--danger">
                  {t.deleteSearch}
                  <span className="visually-hidden">: {s.title}</span>
                </button>
              </Form>
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}

function FrequencySelect({
  id,
  name,
  label,
  value,
  locale,
}: {
  id: string;
  name: string;
  label: string;
  value: AlertFrequency;
  locale: Locale;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        {(["immediately", "daily", "never"] as const).map((f) => (
          <option key={f} value={f}>
            {frequencyLabel(f, locale)}
          </option>
        ))}
      </select>
    </div>
  );
}
