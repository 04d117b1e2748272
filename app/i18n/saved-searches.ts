/**
 * Texts of saved searches: the save-search modal (seed 001 §2 "Saved-search panels") and /mycasa/ricerche/. The
 * button's own texts, which the results page needs at first, are app/i18n/save-search-button.ts.
 */
import type { AlertFrequency } from "../../core/search/saved-search-alerts.ts";
import type { Locale, Messages } from "./locale.ts";

type SavedSearchTexts = {
  modalTitleNew: string;
  modalTitleEdit: string;
  notificationsTitle: string;
  summaryTitle: string;
  summaryBack: string;
  nameTitle: string;
  namePlaceholder: string;
  excludeAuctions: string;
  cancel: string;
  submit: string;
  saving: string;
  close: string;
  pushLabel: string;
  /** Why the push switch went back off: the browser's permission refused, no push in this browser, or a failure. */
  pushDenied: string;
  pushUnsupported: string;
  pushFailed: string;
  allNotifications: string;
  emailLabel: string;
  frequencyLabel: string;
  /** 'N nuovi': listings the alerts brought since the last visit of the search's results. */
  newSinceVisit: (n: number) => string;
  /** Alert mails stopped because the mail server refused the address (decision 118). */
  mailStopped: (email: string, refusals: number, reason: string) => string;
  mailCheck: string;
  mailCheckQueued: string;
  mailCheckWaiting: string;
  lastAlerts: string;
  immediately: string;
  daily: string;
  never: string;
  deliveryOff: string;
  saveError: string;
  deleteSearch: string;
  savedNotice: string;
  pageTitle: string;
  pageIntro: string;
  empty: string;
  run: string;
  editOnResults: string;
  rename: string;
  update: string;
  updatedNotice: string;
  deletedNotice: string;
  stalePlace: string;
  staleSummary: string;
  alertsOf: (mail: string, push: string) => string;
  confirmTitle: string;
  confirmIntro: string;
  backToResults: string;
  count: (n: number) => string;
};

export const savedSearchTexts: Messages<SavedSearchTexts> = {
  it: {
    modalTitleNew: "Salva ricerca",
    modalTitleEdit: "Modifica ricerca",
    notificationsTitle: "AVVISAMI DEI NUOVI ANNUNCI",
    summaryTitle: "RIEPILOGO",
    summaryBack: "Modifica i filtri",
    nameTitle: "NOME DELLA RICERCA (opzionale)",
    namePlaceholder: "Dai un titolo alla tua ricerca",
    excludeAuctions: "Escludi immobili all’asta",
    cancel: "Annulla",
    submit: "Salva ricerca",
    saving: "Salvataggio in corso…",
    close: "Chiudi",
    pushLabel: "Notifiche push",
    pushDenied: "Le notifiche sono bloccate per questo sito: consentile nelle impostazioni del browser per riceverle.",
    pushUnsupported: "Questo browser non può ricevere notifiche push.",
    pushFailed: "Non è stato possibile attivare le notifiche push su questo dispositivo. Riprova tra poco.",
    allNotifications: "Tutte le notifiche",
    emailLabel: "Notifiche via Email",
    frequencyLabel: "Frequenza",
    newSinceVisit: (n) => (n === 1 ? "1 nuovo" : `${n} nuovi`),
    mailStopped: (email, n, reason) =>
      `Non ti inviamo più avvisi via email: il server di posta ha rifiutato ${n} email per ${email} (ultima risposta: «${reason}»). Controlla l'indirizzo nel tuo profilo.`,
    mailCheck: "Prova di nuovo il mio indirizzo",
    mailCheckQueued: "Ti stiamo inviando un'email di prova: se il server di posta la accetta, riprendiamo a inviarti gli avvisi via email.",
    mailCheckWaiting: "L'email di prova è già in partenza: controlla la posta tra qualche minuto.",
    lastAlerts: "Ultimi avvisi inviati",
    immediately: "Subito",
    daily: "Una volta al giorno",
    never: "Mai",
    deliveryOff:
      "Gli avvisi via email «Subito» arrivano appena c'è un annuncio adatto, quelli «Una volta al giorno» in un'unica email alle 8:00. Le notifiche push arrivano sui dispositivi dove le hai consentite: «Subito» una per annuncio, «Una volta al giorno» una sola alle 8:00 con i nuovi annunci della ricerca.",
    saveError: "Non è stato possibile salvare la ricerca. Riprova tra poco.",
    deleteSearch: "Elimina ricerca",
    savedNotice: "Ricerca salvata",
    pageTitle: "Le mie ricerche salvate",
    pageIntro: "Le ricerche che hai salvato, con i loro avvisi. Aprile per vedere gli annunci di oggi.",
    empty: "Non hai ancora salvato ricerche. Dalla pagina dei risultati usa 'Salva ricerca'.",
    run: "Vedi gli annunci",
    editOnResults: "Modifica dai risultati",
    rename: "Nome della ricerca",
    update: "Salva modifiche",
    updatedNotice: "Modifiche salvate",
    deletedNotice: "Ricerca eliminata",
    stalePlace: "Località non più disponibile",
    staleSummary: "Una località di questa ricerca non esiste più: eliminala e salvala di nuovo dai risultati.",
    alertsOf: (mail, push) => `Email: ${mail} · Push: ${push}`,
    confirmTitle: "Salva questa ricerca",
    confirmIntro: "Scegli come vuoi essere avvisato dei nuovi annunci.",
    backToResults: "Torna ai risultati",
    count: (n) => (n === 1 ? "1 ricerca salvata" : `${n} ricerche salvate`),
  },
  en: {
    modalTitleNew: "Save search",
    modalTitleEdit: "Edit search",
    notificationsTitle: "TELL ME ABOUT NEW LISTINGS",
    summaryTitle: "SUMMARY",
    summaryBack: "Change the filters",
    nameTitle: "SEARCH NAME (optional)",
    namePlaceholder: "Give your search a title",
    excludeAuctions: "Exclude auction properties",
    cancel: "Cancel",
    submit: "Save search",
    saving: "Saving…",
    close: "Close",
    pushLabel: "Push notifications",
    pushDenied: "Notifications are blocked for this site: allow them in your browser's settings to receive them.",
    pushUnsupported: "This browser cannot receive push notifications.",
    pushFailed: "Push notifications could not be turned on on this device. Please try again shortly.",
    allNotifications: "All notifications",
    emailLabel: "Email notifications",
    frequencyLabel: "Frequency",
    newSinceVisit: (n) => `${n} new`,
    mailStopped: (email, n, reason) =>
      `We no longer send you e-mail alerts: the mail server refused ${n} e-mails for ${email} (last answer: “${reason}”). Check the address in your profile.`,
    mailCheck: "Try my address again",
    mailCheckQueued: "We are sending you a test e-mail: if the mail server accepts it, your e-mail alerts start again.",
    mailCheckWaiting: "The test e-mail is already on its way: check your mail in a few minutes.",
    lastAlerts: "Last alerts sent",
    immediately: "Immediately",
    daily: "Once a day",
    never: "Never",
    deliveryOff:
      "E-mail alerts set to “Immediately” arrive as soon as a matching listing does; “Once a day” ones in a single e-mail at 8:00. Push notifications arrive on the devices where you allowed them: “Immediately” one per listing, “Once a day” a single one at 8:00 with the search’s new listings.",
    saveError: "The search could not be saved. Please try again shortly.",
    deleteSearch: "Delete search",
    savedNotice: "Search saved",
    pageTitle: "My saved searches",
    pageIntro: "The searches you saved, with their alerts. Open one to see today's listings.",
    empty: "You have not saved any searches yet. On a results page use 'Save search'.",
    run: "See the listings",
    editOnResults: "Edit from the results",
    rename: "Search name",
    update: "Save changes",
    updatedNotice: "Changes saved",
    deletedNotice: "Search deleted",
    stalePlace: "Place no longer available",
    staleSummary: "A place of this search no longer exists: delete it and save it again from the results.",
    alertsOf: (mail, push) => `Email: ${mail} · Push: ${push}`,
    confirmTitle: "Save this search",
    confirmIntro: "Choose how you want to hear about new listings.",
    backToResults: "Back to the results",
    count: (n) => (n === 1 ? "1 saved search" : `${n} saved searches`),
  },
};

/** 'Subito', 'Una volta al giorno', 'Mai' (seed 001 §3 "Notification frequency"). */
export function frequencyLabel(f: AlertFrequency, locale: Locale): string {
  const t = savedSearchTexts[locale];
  return f === "immediately" ? t.immediately : f === "daily" ? t.daily : t.never;
}
