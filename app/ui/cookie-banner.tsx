/**
 * The cookie banner of a first visit (docs/decisions/089). Rendered on the server, so it works without
 * JavaScript: a form whose buttons post the choice and come back. With JavaScript the same form is sent by
 * fetch and the banner goes away without a reload. Not a modal: the page behind stays usable (no cookie wall),
 * and scrolling or clicking elsewhere chooses nothing.
 */
import { type FormEvent, useState } from "react";
import { CONSENT_EVENT } from "../../core/consent/cookie-consent.ts";
import { consentBannerTexts } from "../i18n/consent-banner.ts";
import { type Locale, localizePath } from "../i18n/locale.ts";
import "./cookie-banner.css";

/** A choice made in this document: the root loader does not run again on client navigations. */
let chosenHere = false;

export function CookieBanner({ locale, returnTo }: { locale: Locale; returnTo: string }) {
  const t = consentBannerTexts[locale];
  const [chosen, setChosen] = useState(chosenHere);
  if (chosen) return null;

  async function choose(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter) return;
    event.preventDefault();
    const body = new FormData(form, submitter);
    const hadFocus = form.contains(document.activeElement);
    const response = await fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" } }).catch(() => null);
    if (!response?.ok) {
      // The script's way failed: send the form as without JavaScript (the server answers with the page).
      const field = Object.assign(document.createElement("input"), { type: "hidden", name: "scelta", value: submitter.value });
      form.append(field);
      HTMLFormElement.prototype.submit.call(form);
      return;
    }
    chosenHere = true;
    setChosen(true);
    window.dispatchEvent(new Event(CONSENT_EVENT));
    // The banner goes away with the focus in it: the focus goes on to the page's content, not to <body>.
    if (hadFocus) document.getElementById("contenuto")?.focus();
  }

  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <form method="post" action="/consenso-cookie" onSubmit={choose}>
        <input type="hidden" name="ritorno" value={returnTo} />
        <h2 id="cookie-banner-title">{t.bannerTitle}</h2>
        <button type="submit" name="scelta" value="rifiuta" className="cookie-close" aria-label={t.closeRejects} title={t.closeRejects}>
          <span aria-hidden="true">×</span>
        </button>
        <p>{t.bannerText}</p>
        <div className="cookie-actions">
          <button type="submit" name="scelta" value="accetta" className="cookie-choice">
            {t.accept}
          </button>
          <button type="submit" name="scelta" value="rifiuta" className="cookie-choice">
            {t.reject}
          </button>
          <a href={localizePath("/preferenze-cookie/", locale)} className="cookie-choice">
            {t.customize}
          </a>
        </div>
      </form>
    </section>
  );
}
