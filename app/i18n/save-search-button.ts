/**
 * Texts of the save-search button and its hint tooltips (seed 001 §4 "Save-search button"): a table of its own,
 * so the results page does not carry the modal's and /mycasa/ricerche/'s texts (app/i18n/saved-searches.ts).
 */
import type { Messages } from "./locale.ts";

type SaveSearchButtonTexts = {
  save: string;
  saved: string;
  savedNoAlarm: string;
  activate: string;
  editLabel: string;
  hint: string;
  hintAfterProposal: string;
  notificationTooltip: string;
  close: string;
};

export const saveSearchButtonTexts: Messages<SaveSearchButtonTexts> = {
  it: {
    save: "Salva ricerca",
    saved: "Ricerca salvata",
    savedNoAlarm: "Ricerca salvata (avvisi spenti)",
    activate: "Attiva ricerca",
    editLabel: "Modifica la ricerca salvata",
    hint: "Salva questa ricerca: ti avvisiamo quando arrivano nuovi annunci.",
    hintAfterProposal: "Attiva le notifiche / e non perderti nessuna occasione!",
    notificationTooltip: "Accedi per riattivare gli avvisi di questa ricerca.",
    close: "Chiudi",
  },
  en: {
    save: "Save search",
    saved: "Search saved",
    savedNoAlarm: "Search saved (alerts off)",
    activate: "Activate search",
    editLabel: "Edit the saved search",
    hint: "Save this search: we will tell you when new listings arrive.",
    hintAfterProposal: "Turn on notifications / and never miss an opportunity!",
    notificationTooltip: "Log in to turn this search's alerts back on.",
    close: "Close",
  },
};
