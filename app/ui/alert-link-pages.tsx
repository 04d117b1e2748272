/** What the pages of alert-mail links share: the page for a forged, altered or expired link (docs/decisions/091). */
import { alertLinkTexts } from "../i18n/alert-links.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";

export function AlertLinkInvalid({ locale }: { locale: Locale }) {
  const t = alertLinkTexts[locale];
  return (
    <section className="page account-page">
      <title>{`${t.invalidTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.invalidTitle}</h1>
      <p className="form-error-summary" role="alert">
        {t.invalid}
      </p>
      <p>
        <a href={localizePath("/mycasa/ricerche/", locale)}>{t.mycasaLink}</a>
      </p>
    </section>
  );
}
