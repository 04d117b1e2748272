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
  keysHeading: string;
  keysIntro: string;
  keyName: string;
  keyPrefix: string;
  keyCreatedAt: string;
  keyLastUsed: string;
  keyState: string;
  never: string;
  revoke: string;
  revokeNamed: (label: string) => string;
  revokedOn: (when: string) => string;
  createKey: string;
  newKeyLabel: string;
  keyCreated: string;
  keyRevoked: string;
  keyNotFound: string;
  keyLabelInvalid: string;
  /** A dashboard form whose hidden fields are not the page's (an old page, a forged request). */
  formInvalid: string;
  tooManyKeys: string;
  listingsHeading: (n: number) => string;
  listingsCaption: string;
  noListings: string;
  listingTitle: string;
  listingStatus: string;
  listingVerified: string;
  last30Days: string;
  actions: string;
  status: (s: "online" | "withdrawn" | "expired" | "rejected") => string;
  neverExpires: string;
  listingsPages: string;
  previousPage: string;
  nextPage: string;
  pageOf: (page: number, pages: number) => string;
  statsLabel: (views: number, contacts: number) => string;
  confirm: string;
  confirmNamed: (title: string) => string;
  listingConfirmed: string;
  listingNotFound: string;
  importsHeading: string;
  /** The photos the publisher's feed lists by address, now (decision 141). */
  feedPhotos: (c: { done: number; waiting: number; failed: number }) => string;
  noImports: string;
  importStatus: (s: "running" | "done" | "failed") => string;
  importCounts: (c: {
    received: number;
    created: number;
    updated: number;
    unchanged: number;
    withdrawn: number;
    rejected: number;
  }) => string;
  rejectedHeading: (n: number) => string;
  feedHeading: string;
  feedIntro: string;
  feedUrl: string;
  feedFormat: string;
  feedFormatName: (f: "xml" | "jsonl") => string;
  feedInterval: string;
  feedIntervalHint: string;
  feedEvery: (minutes: number) => string;
  feedNextPull: string;
  feedLastPull: string;
  feedNeverPulled: string;
  feedPullStatus: (s: "done" | "failed") => string;
  feedSave: string;
  feedRemove: string;
  feedSaved: string;
  feedRemoved: string;
  feedNotSet: string;
  feedUrlInvalid: string;
  feedIntervalInvalid: string;
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
    keysHeading: "Chiavi API",
    keysIntro:
      "Le chiavi con cui i tuoi programmi pubblicano gli annunci tramite l'API di pubblicazione (documentazione: /api/publisher/v1/openapi.json).",
    keyName: "Nome della chiave",
    keyPrefix: "Inizio",
    keyCreatedAt: "Creata",
    keyLastUsed: "Ultimo uso",
    keyState: "Stato",
    never: "mai",
    revoke: "Revoca",
    revokeNamed: (label) => `Revoca la chiave ${label}`,
    revokedOn: (when) => `Revocata il ${when}`,
    createKey: "Crea chiave",
    newKeyLabel: "La tua nuova chiave (copiala ora: non sarà più mostrata)",
    keyCreated: "Chiave creata.",
    keyRevoked: "Chiave revocata.",
    keyNotFound: "Chiave non trovata",
    keyLabelInvalid: "Dai un nome alla chiave (al massimo 60 caratteri).",
    formInvalid: "Il modulo non è valido: ricarica la pagina e riprova.",
    tooManyKeys: "Hai già 10 chiavi attive: revocane una prima di crearne un'altra.",
    listingsHeading: (n) => `I tuoi annunci (${n})`,
    listingsCaption: "I tuoi annunci con stato, ultima verifica, visite e contatti degli ultimi 30 giorni",
    noListings: "Non hai ancora annunci sul portale.",
    listingTitle: "Annuncio",
    listingStatus: "Stato",
    listingVerified: "Verificato",
    last30Days: "Ultimi 30 giorni",
    actions: "Azioni",
    status: (s) =>
      ({
        online: "Online",
        withdrawn: "Ritirato",
        expired: "Scaduto (non confermato da 30 giorni)",
        rejected: "Rifiutato all'ultima importazione",
      })[s],
    neverExpires: "— (non scade)",
    listingsPages: "Pagine dei tuoi annunci",
    previousPage: "Pagina precedente",
    nextPage: "Pagina successiva",
    pageOf: (page, pages) => `Pagina ${page} di ${pages}`,
    statsLabel: (views, contacts) =>
      `${views} ${views === 1 ? "visita" : "visite"}, ${contacts} ${contacts === 1 ? "contatto" : "contatti"}`,
    confirm: "Conferma",
    confirmNamed: (title) => `Conferma che l'annuncio ${title} è ancora valido`,
    listingConfirmed: "Annuncio confermato: resta online per altri 30 giorni.",
    listingNotFound: "Annuncio non trovato",
    importsHeading: "Importazioni del feed",
    feedPhotos: (c) =>
      `Foto indicate dal feed: ${c.done} ${c.done === 1 ? "scaricata" : "scaricate"}, ${c.waiting} in attesa, ${c.failed} non ${c.failed === 1 ? "scaricata" : "scaricate"} (il motivo di ciascuna è nell'elenco delle foto dell'annuncio, nell'API).`,
    noImports: "Nessuna importazione.",
    importStatus: (s) => ({ running: "in corso", done: "completata", failed: "interrotta" })[s],
    importCounts: (c) =>
      `${c.received} ricevuti, ${c.created} nuovi, ${c.updated} aggiornati, ${c.unchanged} invariati, ${c.withdrawn} ritirati, ${c.rejected} rifiutati`,
    rejectedHeading: (n) => `Annunci rifiutati (${n}) e perché`,
    feedHeading: "Indirizzo del feed",
    feedIntro:
      "Il portale scarica il tuo feed da questo indirizzo a intervalli regolari e lo importa come un feed caricato: annunci nuovi, modificati e ritirati.",
    feedUrl: "Indirizzo (http o https)",
    feedFormat: "Formato",
    feedFormatName: (f) => ({ xml: "XML (immobiliare.it 2.8)", jsonl: "JSON Lines" })[f],
    feedInterval: "Ogni quanti minuti",
    feedIntervalHint: "Da 15 a 1440 minuti (un giorno).",
    feedEvery: (m) => `ogni ${m} minuti`,
    feedNextPull: "Prossimo scaricamento",
    feedLastPull: "Ultimo scaricamento",
    feedNeverPulled: "non ancora",
    feedPullStatus: (s) => ({ done: "riuscito", failed: "non riuscito" })[s],
    feedSave: "Salva indirizzo",
    feedRemove: "Smetti di scaricare il feed",
    feedSaved: "Indirizzo del feed salvato: il primo scaricamento parte subito.",
    feedRemoved: "Il portale non scarica più il tuo feed. Gli annunci restano come sono.",
    feedNotSet: "Nessun indirizzo impostato: il feed si carica dall'API.",
    feedUrlInvalid: "Scrivi un indirizzo http o https completo (al massimo 2000 caratteri).",
    feedIntervalInvalid: "Scegli un intervallo da 15 a 1440 minuti.",
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
    keysHeading: "API keys",
    keysIntro: "The keys your programs publish listings with through the publishing API (documentation: /api/publisher/v1/openapi.json).",
    keyName: "Key name",
    keyPrefix: "Starts with",
    keyCreatedAt: "Created",
    keyLastUsed: "Last used",
    keyState: "State",
    never: "never",
    revoke: "Revoke",
    revokeNamed: (label) => `Revoke the key ${label}`,
    revokedOn: (when) => `Revoked on ${when}`,
    createKey: "Create key",
    newKeyLabel: "Your new key (copy it now: it will not be shown again)",
    keyCreated: "Key created.",
    keyRevoked: "Key revoked.",
    keyNotFound: "Key not found",
    keyLabelInvalid: "Give the key a name (60 characters at most).",
    formInvalid: "The form is not valid: reload the page and try again.",
    tooManyKeys: "You already have 10 active keys: revoke one before creating another.",
    listingsHeading: (n) => `Your listings (${n})`,
    listingsCaption: "Your listings with their status, last check, views and contacts of the last 30 days",
    noListings: "You have no listings on the portal yet.",
    listingTitle: "Listing",
    listingStatus: "Status",
    listingVerified: "Verified",
    last30Days: "Last 30 days",
    actions: "Actions",
    status: (s) =>
      ({
        online: "Online",
        withdrawn: "Withdrawn",
        expired: "Expired (not confirmed for 30 days)",
        rejected: "Rejected at the last import",
      })[s],
    neverExpires: "— (does not expire)",
    listingsPages: "Pages of your listings",
    previousPage: "Previous page",
    nextPage: "Next page",
    pageOf: (page, pages) => `Page ${page} of ${pages}`,
    statsLabel: (views, contacts) => `${views} ${views === 1 ? "view" : "views"}, ${contacts} ${contacts === 1 ? "contact" : "contacts"}`,
    confirm: "Confirm",
    confirmNamed: (title) => `Confirm that the listing ${title} is still valid`,
    listingConfirmed: "Listing confirmed: it stays online for 30 more days.",
    listingNotFound: "Listing not found",
    importsHeading: "Feed imports",
    feedPhotos: (c) =>
      `Photos your feed lists: ${c.done} downloaded, ${c.waiting} waiting, ${c.failed} not downloaded (each one's reason is in the listing's photos, in the API).`,
    noImports: "No imports.",
    importStatus: (s) => ({ running: "running", done: "done", failed: "stopped" })[s],
    importCounts: (c) =>
      `${c.received} received, ${c.created} new, ${c.updated} updated, ${c.unchanged} unchanged, ${c.withdrawn} withdrawn, ${c.rejected} rejected`,
    rejectedHeading: (n) => `Rejected listings (${n}) and why`,
    feedHeading: "Feed address",
    feedIntro:
      "The portal downloads your feed from this address at regular intervals and imports it as an uploaded feed: new, changed and withdrawn listings.",
    feedUrl: "Address (http or https)",
    feedFormat: "Format",
    feedFormatName: (f) => ({ xml: "XML (immobiliare.it 2.8)", jsonl: "JSON Lines" })[f],
    feedInterval: "Every how many minutes",
    feedIntervalHint: "From 15 to 1440 minutes (one day).",
    feedEvery: (m) => `every ${m} minutes`,
    feedNextPull: "Next download",
    feedLastPull: "Last download",
    feedNeverPulled: "not yet",
    feedPullStatus: (s) => ({ done: "succeeded", failed: "failed" })[s],
    feedSave: "Save address",
    feedRemove: "Stop downloading the feed",
    feedSaved: "Feed address saved: the first download starts now.",
    feedRemoved: "The portal no longer downloads your feed. Your listings stay as they are.",
    feedNotSet: "No address set: the feed is uploaded through the API.",
    feedUrlInvalid: "Enter a complete http or https address (2000 characters at most).",
    feedIntervalInvalid: "Choose an interval from 15 to 1440 minutes.",
  },
};
