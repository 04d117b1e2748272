/**
 * Texts of the agency, agents and Agente Pro pages, the contact form (modal and page) and the phone
 * reveal (modal and page). Italian texts are the spec's (seed 001 §2–§5); the contact form's
 * validation messages stay in core/contact/messages.ts (one module for browser and server), and
 * `contactMessage` gives them, and the other Italian messages the contact endpoints answer, in English.
 */
import type { MessageContext } from "../../core/contact/default-message.ts";
import { defaultMessage, type MessageListing } from "../../core/contact/default-message.ts";
import type { ContactField } from "../../core/contact/form.ts";
import { consentText, contactMessages } from "../../core/contact/messages.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { agencyPageTitle, agentsHeading, listingsHeading, movePageSuffixToEnd } from "../../core/publisher/page.ts";
import { formatInteger } from "../../core/format.ts";
import type { Locale, Messages } from "./locale.ts";

type PublisherTexts = {
  breadcrumb: string;
  home: string;
  agencies: string;
  logoAlt: (name: string) => string;
  agencyTitle: (name: string, town: string | null, page: number) => string;
  agencyDescription: (listingsHeading: string) => string;
  agentsHeading: (n: number, agency: string) => string;
  listingsHeading: (n: number, agency: string) => string;
  howWeSort: string;
  noListings: string;
  seeAll: string;
  seeAllRest: (name: string) => string;
  agencyNotFound: string;
  agentNotFound: string;
  errorTitle: string;
  findAgency: string;
  agentPro: string;
  agentParent: (agency: string) => string;
  agentTitle: (name: string, page: number, agency: string | null) => string;
  agentDescription: (name: string, listingsHeading: string) => string;
  agents: string;
  agentsDescription: (agency: string) => string;
  noAgents: string;
  propertyCount: (n: number) => string;
  backTo: (name: string) => string;
  ourAgents: string;
  moreAgents: (n: number) => string;
  expand: string;
  theDescription: string;
  sortBy: string;
  sortApply: string;
  pages: string;
  previous: string;
  next: string;
  pageN: (n: string) => string;
};

export const publisherTexts: Messages<PublisherTexts> = {
  it: {
    breadcrumb: "Percorso",
    home: "Casa",
    agencies: "Agenzie immobiliari",
    logoAlt: (name) => `Logo di ${name}`,
    agencyTitle: (name, town, page) => agencyPageTitle(name, town, page, "Casa"),
    agencyDescription: (h) => `${h}: annunci di case in vendita e in affitto, agenti e contatti.`,
    agentsHeading,
    listingsHeading,
    howWeSort: "Come ordiniamo i risultati",
    noListings: "Al momento non ci sono annunci con le caratteristiche che cerchi",
    seeAll: "Vedi tutti",
    seeAllRest: (name) => ` gli annunci di ${name} nella ricerca`,
    agencyNotFound: "Agenzia non trovata",
    agentNotFound: "Agente non trovato",
    errorTitle: "Si è verificato un errore",
    findAgency: "Cerca un'agenzia immobiliare",
    agentPro: "Agente Pro",
    agentParent: (agency) => `Vedi tutti gli annunci dell'agenzia ${agency}`,
    agentTitle: (name, page, agency) =>
      movePageSuffixToEnd(`${name}${page > 1 ? ` - pagina ${page}` : ""} - Agente Pro${agency ? ` di ${agency}` : ""} | Casa`),
    agentDescription: (name, h) => `${name}, Agente Pro: ${h}.`,
    agents: "Agenti",
    agentsDescription: (agency) => `Gli agenti immobiliari di ${agency}.`,
    noAgents: "Questa agenzia non ha ancora presentato i suoi agenti.",
    propertyCount: (n) => (n === 1 ? "1 immobile" : `${formatInteger(n)} immobili`),
    backTo: (name) => `Torna a ${name}`,
    ourAgents: "I nostri agenti",
    moreAgents: (n) => `e altri ${n} agenti`,
    expand: "espandi",
    theDescription: " la descrizione",
    sortBy: "Ordina per",
    sortApply: "Ordina",
    pages: "Pagine",
    previous: "‹ Precedente",
    next: "Successiva ›",
    pageN: (n) => `Pagina ${n}`,
  },
  en: {
    breadcrumb: "Breadcrumb",
    home: "Casa",
    agencies: "Estate agencies",
    logoAlt: (name) => `${name} logo`,
    agencyTitle: (name, town, page) => `${name}${town ? ` - estate agency in ${town}` : ""} | Casa${page > 1 ? ` - page ${page}` : ""}`,
    agencyDescription: (h) => `${h}: homes for sale and for rent, agents and contacts.`,
    agentsHeading: (n, agency) => `${formatInteger(n, "en")} ${n === 1 ? "estate agent" : "estate agents"} at ${agency}`,
    listingsHeading: (n, agency) => `${formatInteger(n, "en")} ${n === 1 ? "property" : "properties"} from ${agency}`,
    howWeSort: "How we sort the results",
    noListings: "There are no listings matching your search at the moment",
    seeAll: "See all",
    seeAllRest: (name) => ` of ${name}'s listings in the search`,
    agencyNotFound: "Agency not found",
    agentNotFound: "Agent not found",
    errorTitle: "Something went wrong",
    findAgency: "Find an estate agency",
    agentPro: "Agente Pro",
    agentParent: (agency) => `See all the listings of the agency ${agency}`,
    agentTitle: (name, page, agency) => `${name} - Agente Pro${agency ? ` at ${agency}` : ""} | Casa${page > 1 ? ` - page ${page}` : ""}`,
    agentDescription: (name, h) => `${name}, Agente Pro: ${h}.`,
    agents: "Agents",
    agentsDescription: (agency) => `The estate agents of ${agency}.`,
    noAgents: "This agency has not introduced its agents yet.",
    propertyCount: (n) => (n === 1 ? "1 property" : `${formatInteger(n, "en")} properties`),
    backTo: (name) => `Back to ${name}`,
    ourAgents: "Our agents",
    moreAgents: (n) => `and ${n} more agents`,
    expand: "expand",
    theDescription: " the description",
    sortBy: "Sort by",
    sortApply: "Sort",
    pages: "Pages",
    previous: "‹ Previous",
    next: "Next ›",
    pageN: (n) => `Page ${n}`,
  },
};

type ContactTexts = {
  fieldLabels: (field: ContactField) => string;
  consent: string;
  to: (name: string) => string;
  send: string;
  sending: string;
  call: string;
  cancel: string;
  close: string;
  sentTitle: string;
  thanks: string;
  willAnswer: (email: string) => string;
  received: string;
  genericOffer: string;
  genericButton: string;
  genericSent: (n: number) => string;
  saveSearchOffer: string;
  failure: string;
  tooMany: string;
  backToListing: string;
  backToAgency: string;
  pageTitle: (label: string, to: string) => string;
  virtualTour: string;
  callNumber: (phone: string) => string;
  website: string;
  websiteHidden: (name: string) => string;
  phoneTitle: (name: string) => string;
  qrLabel: (phone: string) => string;
  qrHint: string;
  showNumber: string;
  backToListingFromPhone: string;
};

const fieldLabels = {
  it: { name: "Nome e cognome", email: "Email", telephone: "Telefono (facoltativo)", message: "Messaggio" },
  en: { name: "Full name", email: "Email", telephone: "Phone (optional)", message: "Message" },
} as const;

export const contactTexts: Messages<ContactTexts> = {
  it: {
    fieldLabels: (f) => fieldLabels.it[f],
    consent: consentText,
    to: (name) => `A: ${name}`,
    send: "Invia",
    sending: "Invio in corso…",
    call: "Chiama",
    cancel: "Annulla",
    close: "Chiudi",
    sentTitle: "Messaggio inviato",
    thanks: "Grazie! Abbiamo inoltrato la tua richiesta a ",
    willAnswer: (email) => `: ti risponderà all'indirizzo ${email}.`,
    received: ".",
    genericOffer: "Vuoi inviare la stessa richiesta agli inserzionisti di immobili simili nella zona?",
    genericButton: "Invia agli altri inserzionisti",
    saveSearchOffer: "Salva la ricerca: ti avvisiamo quando arrivano nuovi annunci come questo.",
    genericSent: (n) =>
      n === 0
        ? "Non ci sono altri inserzionisti con immobili simili nella zona."
        : n === 1
          ? "Richiesta inviata a un altro inserzionista."
          : `Richiesta inviata ad altri ${n} inserzionisti.`,
    failure: "Ci scusiamo per il disagio, al momento non è possibile eseguire l'operazione richiesta",
    tooMany: "Hai inviato troppi messaggi: riprova più tardi.",
    backToListing: "Torna all'annuncio",
    backToAgency: "Torna all'agenzia",
    pageTitle: (label, to) => `${label} - ${to} | Casa`,
    virtualTour: "Richiedi una visita virtuale",
    callNumber: (phone) => `Chiama ${phone}`,
    website: "Sito web",
    websiteHidden: (name) => ` di ${name} (si apre in una nuova scheda)`,
    phoneTitle: (name) => `Telefono di ${name}`,
    qrLabel: (phone) => `Codice QR per chiamare ${phone}`,
    qrHint: "Inquadra il codice QR con il telefono per chiamare. Di' che hai trovato l'annuncio su Casa.",
    showNumber: "Mostra il numero",
    backToListingFromPhone: "Torna all'annuncio",
  },
  en: {
    fieldLabels: (f) => fieldLabels.en[f],
    consent: "By pressing «Send» you accept the terms of use of the service and declare that you have read the privacy notice.",
    to: (name) => `To: ${name}`,
    send: "Send",
    sending: "Sending…",
    call: "Call",
    cancel: "Cancel",
    close: "Close",
    sentTitle: "Message sent",
    thanks: "Thank you! We have passed your request on to ",
    willAnswer: (email) => `: they will answer at ${email}.`,
    received: ".",
    genericOffer: "Send the same request to the advertisers of similar properties nearby?",
    genericButton: "Send to the other advertisers",
    saveSearchOffer: "Save the search: we will tell you when new listings like this one arrive.",
    genericSent: (n) =>
      n === 0
        ? "There are no other advertisers with similar properties nearby."
        : n === 1
          ? "Request sent to one other advertiser."
          : `Request sent to ${n} other advertisers.`,
    failure: "Sorry, the request cannot be completed at the moment",
    tooMany: "You have sent too many messages: please try again later.",
    backToListing: "Back to the listing",
    backToAgency: "Back to the agency",
    pageTitle: (label, to) => `${label} - ${to} | Casa`,
    virtualTour: "Ask for a virtual tour",
    callNumber: (phone) => `Call ${phone}`,
    website: "Website",
    websiteHidden: (name) => ` of ${name} (opens in a new tab)`,
    phoneTitle: (name) => `Phone number of ${name}`,
    qrLabel: (phone) => `QR code to call ${phone}`,
    qrHint: "Scan the QR code with your phone to call. Say you found the listing on Casa.",
    showNumber: "Show the number",
    backToListingFromPhone: "Back to the listing",
  },
};

/** The Italian messages the contact and phone endpoints answer (and the form's validation messages), in English. */
const englishMessages: Readonly<Record<string, string>> = {
  [contactMessages.nameInvalid]: "The name is not valid",
  [contactMessages.nameRequired]: "The name is required",
  [contactMessages.emailInvalid]: "The email address is not valid",
  [contactMessages.emailRequired]: "The email address is required",
  [contactMessages.emailMissingWithName]: "Enter a valid email address",
  [contactMessages.emailBlocked]: "This address cannot receive the advertiser's answers. Please use another one.",
  [contactMessages.phoneInvalid]: "The phone number is not valid",
  [contactMessages.messageRequired]: "Write a message for the advertiser",
  [contactMessages.messageTooLong]: "The message can be at most 3000 characters long",
  "L'inserzionista non accetta contatti per questa asta": "The advertiser does not accept contacts for this auction",
  "Il numero di telefono non è disponibile": "The phone number is not available",
  "Annuncio non trovato": "Listing not found",
  "Agenzia non trovata": "Agency not found",
  "Inserzionista non trovato": "Advertiser not found",
  [accountMessages.crossSite]: "Request not allowed from another site",
  "Il numero di un privato si mostra solo dal suo annuncio": "A private advertiser's number is shown only on their listing",
};

/** A message of core/contact/form.ts or of the contact endpoints in the page's language. */
export function contactMessage(message: string, locale: Locale): string {
  return locale === "it" ? message : (englishMessages[message] ?? message);
}

const englishDefaultMessages: Readonly<Record<MessageContext, string>> = {
  publisher: "Hello, I would like to be contacted with more information about your properties. Thank you.",
  "virtual-tour": "Hello, I would like a virtual tour of this property. Thank you.",
  photos: "Hello, I would like to receive more photos of this property. Thank you.",
  business:
    "Hello, I am interested in this property: I would like information about the business (turnover, licence, contracts). Thank you.",
  auction: "Hello, I would like to know the date of the next auction of this property. Thank you.",
  info: "Hello, I am interested in this property and would like more information. Thank you.",
};

/** The message a contact form starts with, in the page's language (Italian: core/contact/default-message.ts). */
export function startMessage(context: MessageContext, listing: MessageListing | null, locale: Locale): string {
  return locale === "it" ? defaultMessage(context, listing) : englishDefaultMessages[context];
}
