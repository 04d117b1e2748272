/** Texts of the cookie banner and the footer link, shown on every page (docs/decisions/089). */
import type { Messages } from "./locale.ts";

type ConsentBannerTexts = {
  bannerTitle: string;
  bannerText: string;
  accept: string;
  reject: string;
  customize: string;
  closeRejects: string;
  footerLink: string;
};

export const consentBannerTexts: Messages<ConsentBannerTexts> = {
  it: {
    bannerTitle: "Cookie e privacy",
    bannerText:
      "Usiamo cookie tecnici, necessari al funzionamento del sito. Con il tuo consenso useremmo anche cookie statistici e di profilazione: puoi accettarli, rifiutarli o scegliere quali. Chiudendo questo avviso li rifiuti; potrai cambiare idea in ogni momento da 'Preferenze cookie' in fondo a ogni pagina.",
    accept: "Accetta",
    reject: "Rifiuta",
    customize: "Personalizza",
    closeRejects: "Chiudi e rifiuta i cookie non tecnici",
    footerLink: "Preferenze cookie",
  },
  en: {
    bannerTitle: "Cookies and privacy",
    bannerText:
      "We use technical cookies, which the site needs to work. With your consent we would also use statistics and profiling cookies: you can accept them, reject them or choose which. Closing this notice rejects them; you can change your mind at any time from 'Cookie preferences' at the bottom of every page.",
    accept: "Accept",
    reject: "Reject",
    customize: "Customise",
    closeRejects: "Close and reject non-technical cookies",
    footerLink: "Cookie preferences",
  },
};
