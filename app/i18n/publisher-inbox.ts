/** Texts of the publisher's inbox (/area-agenzia/): the leads and phone calls an agency received. */
import type { Messages } from "./locale.ts";

type InboxTexts = {
  title: string;
  intro: (agency: string) => string;
  leadsHeading: (n: number) => string;
  callsHeading: (n: number) => string;
  noLeads: string;
  noCalls: string;
  received: string;
  from: string;
  listing: string;
  message: string;
  generic: string;
  agencyLead: string;
  listingGone: string;
  device: (code: "PM" | "PT" | "PD") => string;
  notPublisher: string;
  seeAccount: string;
};

export const inboxTexts: Messages<InboxTexts> = {
  it: {
    title: "Area agenzia",
    intro: (agency) => `Le richieste di contatto e le telefonate ricevute da ${agency}, dalle più recenti.`,
    leadsHeading: (n) => `Richieste di contatto (${n})`,
    callsHeading: (n) => `Telefonate (${n})`,
    noLeads: "Nessuna richiesta di contatto ricevuta.",
    noCalls: "Nessuna telefonata registrata.",
    received: "Ricevuta",
    from: "Da",
    listing: "Annuncio",
    message: "Messaggio",
    generic: "Richiesta generica",
    agencyLead: "Richiesta all'agenzia",
    listingGone: "Annuncio non più pubblicato",
    device: (code) => ({ PM: "Smartphone", PT: "Tablet", PD: "Computer" })[code],
    notPublisher: "Quest'area è riservata agli account delle agenzie.",
    seeAccount: "Vai al tuo account",
  },
  en: {
    title: "Agency area",
    intro: (agency) => `Contact requests and phone calls received by ${agency}, newest first.`,
    leadsHeading: (n) => `Contact requests (${n})`,
    callsHeading: (n) => `Phone calls (${n})`,
    noLeads: "No contact requests received.",
    noCalls: "No phone calls recorded.",
    received: "Received",
    from: "From",
    listing: "Listing",
    message: "Message",
    generic: "General request",
    agencyLead: "Request to the agency",
    listingGone: "Listing no longer published",
    device: (code) => ({ PM: "Smartphone", PT: "Tablet", PD: "Computer" })[code],
    notPublisher: "This area is for agency accounts only.",
    seeAccount: "Go to your account",
  },
};
