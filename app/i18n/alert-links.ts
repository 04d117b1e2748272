/** Texts of the pages an alert mail's signed links open without login (seed 001 §2; docs/decisions/091). */
import type { Messages } from "./locale.ts";

type AlertLinkTexts = {
  deactivateTitle: string;
  deactivateIntro: (search: string, channel: string) => string;
  deactivateButton: string;
  deactivated: (search: string) => string;
  already: (search: string) => string;
  used: string;
  missing: string;
  invalidTitle: string;
  invalid: string;
  manageTitle: string;
  manageIntro: (email: string) => string;
  manageEmpty: string;
  manageSave: string;
  manageSaved: string;
  mailChannel: string;
  pushChannel: string;
  removeTitle: string;
  removeIntro: (email: string) => string;
  removeButton: string;
  removed: (email: string) => string;
  manageLink: string;
  mycasaLink: string;
  home: string;
};

export const alertLinkTexts: Messages<AlertLinkTexts> = {
  it: {
    deactivateTitle: "Disattiva l'avviso",
    deactivateIntro: (search, channel) => `Vuoi smettere di ricevere gli avvisi ${channel} per la ricerca «${search}»?`,
    deactivateButton: "Disattiva l'avviso",
    deactivated: (search) => `Fatto: non riceverai più avvisi per la ricerca «${search}».`,
    already: (search) => `Gli avvisi per la ricerca «${search}» sono già disattivati.`,
    used: "Questo link è già stato usato per disattivare l'avviso. Puoi cambiare di nuovo i tuoi avvisi qui sotto.",
    missing: "Questa ricerca salvata non esiste più: non riceverai avvisi per essa.",
    invalidTitle: "Link non valido",
    invalid: "Questo link non è valido o è scaduto. Accedi a MyCasa per gestire i tuoi avvisi.",
    manageTitle: "Gestisci i tuoi avvisi",
    manageIntro: (email) => `Gli avvisi delle ricerche salvate inviati a ${email}.`,
    manageEmpty: "Non hai ricerche salvate.",
    manageSave: "Salva le preferenze",
    manageSaved: "Preferenze salvate.",
    mailChannel: "Email",
    pushChannel: "Notifiche push",
    removeTitle: "Non ricevere più email",
    removeIntro: (email) =>
      `Disattiveremo tutti gli avvisi via email inviati a ${email} e revocheremo i consensi a comunicazioni commerciali.`,
    removeButton: "Disattiva le email e revoca i consensi",
    removed: (email) => `Fatto: a ${email} non invieremo più avvisi via email e i consensi sono revocati.`,
    manageLink: "Gestisci i tuoi avvisi",
    mycasaLink: "Vai a MyCasa",
    home: "Torna alla home",
  },
  en: {
    deactivateTitle: "Turn the alert off",
    deactivateIntro: (search, channel) => `Do you want to stop the ${channel} alerts for the search “${search}”?`,
    deactivateButton: "Turn the alert off",
    deactivated: (search) => `Done: you will get no more alerts for the search “${search}”.`,
    already: (search) => `The alerts for the search “${search}” are already off.`,
    used: "This link was already used to turn the alert off. You can change your alerts again below.",
    missing: "This saved search no longer exists: you will get no alerts for it.",
    invalidTitle: "Invalid link",
    invalid: "This link is not valid or has expired. Log in to MyCasa to manage your alerts.",
    manageTitle: "Manage your alerts",
    manageIntro: (email) => `The alerts of your saved searches sent to ${email}.`,
    manageEmpty: "You have no saved searches.",
    manageSave: "Save preferences",
    manageSaved: "Preferences saved.",
    mailChannel: "E-mail",
    pushChannel: "Push notifications",
    removeTitle: "Stop all e-mails",
    removeIntro: (email) => `We will turn off every e-mail alert sent to ${email} and withdraw your consents to marketing messages.`,
    removeButton: "Stop e-mails and withdraw consents",
    removed: (email) => `Done: ${email} will get no more e-mail alerts and your consents are withdrawn.`,
    manageLink: "Manage your alerts",
    mycasaLink: "Go to MyCasa",
    home: "Back to the home page",
  },
};
