/**
 * /mycasa/ricerche/salva/?uri={results page} (and /en/…): the save-search button without JavaScript.
 * A visitor goes through /accedi/ first and comes back here; a logged-in user gets the modal's choices as
 * a plain form (alerts, title, 'Escludi immobili all’asta') and is sent back to the results, now saved.
 */
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { accountMessages } from "../../core/account/messages.ts";
import { BadInputError, ConflictError } from "../../core/errors.ts";
import { defaultNotifications, notificationsOf } from "../../core/search/saved-search-alerts.ts";
import { formAction, formCsrfToken, type FormResult } from "../account/form.server.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { savedSearchTexts } from "../i18n/saved-searches.ts";
import { frequencyLabel, saveSearchFormSchema } from "../mycasa/saved-search-form.ts";
import { ALERT_DELIVERY, describeSearch, savedSearchesService, searchOf } from "../mycasa/saved-searches.server.ts";
import { requestInfo, services } from "../services.ts";
import { FormMessages } from "../ui/account-form.tsx";
import { encodeSearchUrl } from "../../core/search/url.ts";
import type { Route } from "./+types/mycasa-search-save";
import "../ui/account.css";
import "../ui/saved-searches.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const svc = services(context);
  const user = await svc.accounts.sessions.currentUser(requestInfo(context).session);
  if (!user) throw redirect(`${localizePath("/accedi/", locale)}?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  const searches = savedSearchesService(svc.database.db);
  const directory = await searches.directory();
  let query;
  try {
    query = searchOf({ uri: url.searchParams.get("uri") ?? "/vendita/case/" }, directory);
  } catch (error) {
    if (error instanceof BadInputError) throw data(error.message, { status: 400 });
    throw error;
  }
  const existing = await searches.findByQuery(user.id, query, directory);
  const described = describeSearch(query, directory, locale);
  return {
    locale,
    csrf: formCsrfToken(request, context),
    uri: encodeSearchUrl({ ...query, page: 1 }, directory),
    back: localizePath(encodeSearchUrl({ ...query, page: 1 }, directory), locale),
    ...described,
    title: existing?.title ?? "",
    notifications: existing ? notificationsOf(existing.alerts) : defaultNotifications,
    deliveryOff: !(ALERT_DELIVERY.email && ALERT_DELIVERY.push),
  };
}

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<Response | FormResult> => {
    const locale = localeFromPath(new URL(args.request.url).pathname);
    const user = await svc.accounts.sessions.currentUser(info.session);
    if (!user) return { errors: { form: accountMessages.notLoggedIn }, values };
    const parsed = saveSearchFormSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return { errors: { form: parsed.error.issues[0]!.message }, values };
    const searches = savedSearchesService(svc.database.db);
    try {
      const saved = await searches.save(
        user,
        {
          searchData: { uri: parsed.data.uri },
          title: parsed.data.title ?? null,
          excludeAuctions: parsed.data.excludeAuctions === "on",
          notifications: {
            emailFrequency: parsed.data.email,
            hasEmail: parsed.data.email !== "never",
            pushFrequency: parsed.data.push,
            hasPush: parsed.data.push !== "never",
          },
          locale,
        },
        new Date(),
      );
      return redirect(localizePath(saved.searchUrl, locale), 303);
    } catch (error) {
      if (error instanceof BadInputError || error instanceof ConflictError) return { errors: { form: error.message }, values };
      throw error;
    }
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = savedSearchTexts[loaderData?.locale ?? "it"];
  return [{ title: `${t.confirmTitle} - casa.it` }, { name: "robots", content: "noindex" }];
}

export default function SaveSearchPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const t = savedSearchTexts[d.locale];
  const frequencies = ["immediately", "daily", "never"] as const;
  return (
    <section className="page account-page saved-search-save">
      <h1>{t.confirmTitle}</h1>
      <p>{t.confirmIntro}</p>
      <FormMessages errors={result?.errors ?? {}} />
      <Form method="post" className="account-form">
        <input type="hidden" name="csrf" value={d.csrf} />
        <input type="hidden" name="uri" value={d.uri} />
        <h2 className="saved-search-save__section">{t.summaryTitle}</h2>
        <p>
          <strong>{d.defaultTitle}</strong> · {d.summary}
        </p>
        <h2 className="saved-search-save__section">{t.notificationsTitle}</h2>
        {d.deliveryOff && <p className="saved-search-delivery">{t.deliveryOff}</p>}
        {(
          [
            ["email", t.emailLabel, d.notifications.emailFrequency],
            ["push", t.pushLabel, d.notifications.pushFrequency],
          ] as const
        ).map(([name, label, value]) => (
          <div className="form-field" key={name}>
            <label htmlFor={`salva-${name}`}>{label}</label>
            <select id={`salva-${name}`} name={name} defaultValue={value}>
              {frequencies.map((f) => (
                <option key={f} value={f}>
                  {frequencyLabel(f, d.locale)}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="form-field">
          <label htmlFor="salva-titolo">{t.nameTitle}</label>
          <input id="salva-titolo" name="title" defaultValue={d.title} placeholder={t.namePlaceholder} maxLength={100} />
        </div>
        {d.auctionAllowed && (
          <div className="check">
            <input type="checkbox" id="salva-aste" name="excludeAuctions" />
            <label htmlFor="salva-aste">{t.excludeAuctions}</label>
          </div>
        )}
        <div className="saved-search-save__actions">
          <a href={d.back} className="button-secondary">
            {t.cancel}
          </a>
          <button type="submit" className="account-button">
            {t.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}
