/** Texts of the cookie preferences page (docs/decisions/089); the banner's are in consent-banner.ts. */
import type { Locale, Messages } from "./locale.ts";

type ConsentTexts = {
  pageTitle: string;
  pageIntro: string;
  technicalTitle: string;
  technicalText: string;
  alwaysOn: string;
  statisticsTitle: string;
  statisticsText: string;
  profilingTitle: string;
  profilingText: string;
  save: string;
  acceptAll: string;
  rejectAll: string;
  noChoice: string;
  currentChoice: (date: string) => string;
  saved: string;
  cookieTable: string;
  cookieName: string;
  cookiePurpose: string;
  cookieDuration: string;
};

export const consentTexts: Messages<ConsentTexts> = {
  it: {
    pageTitle: "Preferenze cookie",
    pageIntro:
      "Qui scegli quali cookie non tecnici possiamo usare. La tua scelta vale sei mesi, poi te lo chiederemo di nuovo; puoi cambiarla quando vuoi.",
    technicalTitle: "Cookie tecnici",
    technicalText: "Servono al funzionamento del sito (accesso, sicurezza dei moduli, questa scelta): non richiedono consenso.",
    alwaysOn: "Sempre attivi",
    statisticsTitle: "Cookie statistici",
    statisticsText: "Ci aiuterebbero a capire come viene usato il sito, in forma aggregata.",
    profilingTitle: "Cookie di profilazione",
    profilingText: "Servirebbero a mostrarti contenuti e pubblicità in linea con i tuoi interessi.",
    save: "Salva le preferenze",
    acceptAll: "Accetta tutti",
    rejectAll: "Rifiuta tutti",
    noChoice: "Non hai ancora fatto una scelta.",
    currentChoice: (date) => `Scelta fatta il ${date}.`,
    saved: "Preferenze salvate.",
    cookieTable: "Cookie che il sito usa",
    cookieName: "Nome",
    cookiePurpose: "Finalità",
    cookieDuration: "Durata",
  },
  en: {
    pageTitle: "Cookie preferences",
    pageIntro:
      "Choose which non-technical cookies we may use. Your choice lasts six months, then we ask again; you can change it whenever you like.",
    technicalTitle: "Technical cookies",
    technicalText: "The site needs them to work (login, form security, this choice): they need no consent.",
    alwaysOn: "Always on",
    statisticsTitle: "Statistics cookies",
    statisticsText: "They would help us understand how the site is used, in aggregate.",
    profilingTitle: "Profiling cookies",
    profilingText: "They would be used to show you content and advertising in line with your interests.",
    save: "Save preferences",
    acceptAll: "Accept all",
    rejectAll: "Reject all",
    noChoice: "You have not made a choice yet.",
    currentChoice: (date) => `Choice made on ${date}.`,
    saved: "Preferences saved.",
    cookieTable: "Cookies the site uses",
    cookieName: "Name",
    cookiePurpose: "Purpose",
    cookieDuration: "Duration",
  },
};

/** The cookies the portal sets, all technical (name, purpose, duration): the preferences page's table. */
export const cookieList: Record<Locale, [name: string, purpose: string, duration: string][]> = {
  it: [
    ["casa_csrf", "Tecnico: protegge i moduli da invii di altri siti", "200 giorni"],
    ["casa_session", "Tecnico: mantiene l'accesso all'account", "1 ora"],
    ["casa_remember", "Tecnico: 'Ricordami' all'accesso", "30 giorni"],
    ["casa_oidc", "Tecnico: accesso con Google, Apple o Facebook in corso", "10 minuti"],
    ["casa_consent", "Tecnico: ricorda questa scelta", "6 mesi"],
  ],
  en: [
    ["casa_csrf", "Technical: protects forms from other sites' submissions", "200 days"],
    ["casa_session", "Technical: keeps you logged in", "1 hour"],
    ["casa_remember", "Technical: 'Remember me' at login", "30 days"],
    ["casa_oidc", "Technical: a Google, Apple or Facebook login in progress", "10 minutes"],
    ["casa_consent", "Technical: remembers this choice", "6 months"],
  ],
};
