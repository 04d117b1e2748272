/**
 * /preferenze-cookie/ — the cookie preferences page, linked from every page's footer (docs/decisions/089):
 * the current choice, one checkbox per optional purpose, the cookies the site sets. A plain form: it works
 * without JavaScript and posts to /consenso-cookie, which comes back here.
 */
import { CONSENT_PURPOSES } from "../../core/consent/cookie-consent.ts";
import { formatDateTime } from "../../core/format.ts";
import { readConsent } from "../consent/consent.server.ts";
import { consentTexts, cookieList } from "../i18n/consent.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import type { Route } from "./+types/cookie-preferences";

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const choice = readConsent(request);
  return { locale, choice, chosenOn: choice ? formatDateTime(new Date(choice.at * 1000), locale) : null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = consentTexts[loaderData?.locale ?? "it"];
  return [{ title: t.pageTitle }, { name: "robots", content: "noindex, follow" }];
}

export default function CookiePreferences({ loaderData }: Route.ComponentProps) {
  const { locale, choice, chosenOn } = loaderData;
  const t = consentTexts[locale];
  const purposeTexts = {
    statistiche: [t.statisticsTitle, t.statisticsText],
    profilazione: [t.profilingTitle, t.profilingText],
  } as const;
  return (
    <div className="page cookie-preferences">
      <h1>{t.pageTitle}</h1>
      <p>{t.pageIntro}</p>
      <p className="cookie-current" role="status">
        {chosenOn ? t.currentChoice(chosenOn) : t.noChoice}
      </p>
      <form method="post" action="/consenso-cookie">
        <input type="hidden" name="ritorno" value={localizePath("/preferenze-cookie/", locale)} />
        <fieldset>
          <legend>{t.technicalTitle}</legend>
          <p>{t.technicalText}</p>
          <label>
            <input type="checkbox" checked disabled /> {t.alwaysOn}
          </label>
        </fieldset>
        {CONSENT_PURPOSES.map((purpose) => (
          <fieldset key={purpose}>
            <legend>{purposeTexts[purpose][0]}</legend>
            <p id={`cookie-${purpose}-text`}>{purposeTexts[purpose][1]}</p>
            <label>
              <input
                type="checkbox"
                name={purpose}
                defaultChecked={choice?.[purpose] ?? false}
                aria-describedby={`cookie-${purpose}-text`}
              />{" "}
              {purposeTexts[purpose][0]}
            </label>
          </fieldset>
        ))}
        <div className="cookie-actions">
          <button type="submit" name="scelta" value="personalizza" className="cookie-choice">
            {t.save}
          </button>
          <button type="submit" name="scelta" value="accetta" className="cookie-choice">
            {t.acceptAll}
          </button>
          <button type="submit" name="scelta" value="rifiuta" className="cookie-choice">
            {t.rejectAll}
          </button>
        </div>
      </form>
      <h2>{t.cookieTable}</h2>
      <table className="cookie-table">
        <thead>
          <tr>
            <th scope="col">{t.cookieName}</th>
            <th scope="col">{t.cookiePurpose}</th>
            <th scope="col">{t.cookieDuration}</th>
          </tr>
        </thead>
        <tbody>
          {cookieList[locale].map(([name, purpose, duration]) => (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>{purpose}</td>
              <td>{duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
