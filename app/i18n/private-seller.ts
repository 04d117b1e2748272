/** Texts of the private seller's pages (/pubblica-annuncio/: becoming a seller, their listings, the listing form). */
import type { Messages } from "./locale.ts";

type PrivateSellerTexts = {
  title: string;
  intro: string;
  limits: (listings: number, photos: number) => string;
  becomeHeading: string;
  nameLabel: string;
  nameHint: string;
  nameInvalid: string;
  phoneLabel: string;
  phoneHint: string;
  phoneInvalid: string;
  become: string;
  becameSeller: string;
  formInvalid: string;
  yourListings: (n: number, max: number) => string;
  noListings: string;
  listingsCaption: string;
  listingTitle: string;
  listingStatus: string;
  listingPrice: string;
  actions: string;
  status: (s: "online" | "withdrawn" | "expired") => string;
  edit: string;
  editNamed: (title: string) => string;
  withdraw: string;
  withdrawNamed: (title: string) => string;
  withdrawn: string;
  listingVerified: string;
  confirm: string;
  confirmNamed: (title: string) => string;
  confirmed: string;
  listingNotFound: string;
  newListing: string;
  atCap: string;
  newTitle: string;
  editTitle: string;
  backToListings: string;
  contract: string;
  channel: (c: string) => string;
  propertyType: string;
  choose: string;
  town: string;
  townHint: string;
  street: string;
  streetHint: string;
  streetNumber: string;
  surface: string;
  rooms: string;
  baths: string;
  floor: string;
  floorHint: string;
  price: string;
  priceHint: string;
  energyGroup: string;
  energyClass: string;
  energyIndex: string;
  energyHint: string;
  description: string;
  descriptionHint: string;
  publish: string;
  save: string;
  published: string;
  saved: string;
  photosHeading: (n: number, max: number) => string;
  photoLabel: string;
  photoHint: string;
  uploadPhoto: string;
  photoAdded: string;
  photoNone: string;
  photoTooMany: (max: number) => string;
  deletePhoto: string;
  deletePhotoNamed: (n: number) => string;
  photoDeleted: string;
  photoNotFound: string;
  photoAlt: (n: number) => string;
  notPrivate: string;
};

export const privateSellerTexts: Messages<PrivateSellerTexts> = {
  it: {
    title: "Pubblica annuncio",
    intro: "Vendi o affitta casa da privato: pubblica il tuo annuncio gratis, senza agenzia. Ti contattano direttamente.",
    limits: (listings, photos) =>
      `Da privato puoi avere fino a ${listings} annunci online insieme, ognuno con al massimo ${photos} foto. Un annuncio resta online 30 giorni dall'ultima conferma o modifica. Chiavi API e feed sono per le agenzie.`,
    becomeHeading: "Diventa inserzionista privato",
    nameLabel: "Nome mostrato negli annunci",
    nameHint: "Da 2 a 80 caratteri, per esempio Mario Rossi.",
    nameInvalid: "Scrivi un nome da 2 a 80 caratteri.",
    phoneLabel: "Telefono (facoltativo)",
    phoneHint: "Si mostra solo a chi lo chiede dal tuo annuncio. Senza numero ti scrivono dal modulo di contatto.",
    phoneInvalid: "Scrivi un numero di telefono valido, per esempio 333 123 4567.",
    become: "Diventa inserzionista privato",
    becameSeller: "Ora sei un inserzionista privato: pubblica il tuo primo annuncio.",
    formInvalid: "Richiesta non valida: ricarica la pagina e riprova.",
    yourListings: (n, max) => `I tuoi annunci (${n} online su ${max})`,
    noListings: "Non hai ancora pubblicato annunci.",
    listingsCaption: "I tuoi annunci con stato, prezzo e azioni",
    listingTitle: "Annuncio",
    listingStatus: "Stato",
    listingPrice: "Prezzo",
    actions: "Azioni",
    status: (s) => ({ online: "Online", withdrawn: "Ritirato", expired: "Scaduto" })[s],
    edit: "Modifica",
    editNamed: (title) => `Modifica ${title}`,
    withdraw: "Ritira",
    withdrawNamed: (title) => `Ritira ${title}`,
    withdrawn: "Annuncio ritirato: non compare più nelle ricerche.",
    listingVerified: "Verificato il",
    confirm: "Conferma",
    confirmNamed: (title) => `Conferma che ${title} è ancora disponibile`,
    confirmed: "Annuncio confermato: resta online per altri 30 giorni.",
    listingNotFound: "Annuncio non trovato",
    newListing: "Pubblica un nuovo annuncio",
    atCap: "Hai raggiunto il numero massimo di annunci online: ritirane uno per pubblicarne un altro.",
    newTitle: "Nuovo annuncio",
    editTitle: "Modifica annuncio",
    backToListings: "Torna ai tuoi annunci",
    contract: "Contratto",
    channel: (c) => (c === "affitto" ? "Affitto" : "Vendita"),
    propertyType: "Tipologia",
    choose: "Scegli…",
    town: "Comune",
    townHint: "Il nome del comune; se più comuni hanno lo stesso nome, aggiungi la provincia: Castro (LE).",
    street: "Indirizzo (via o piazza)",
    streetHint: "Come nello stradario del comune, per esempio Via Dante.",
    streetNumber: "Numero civico",
    surface: "Superficie (m²)",
    rooms: "Locali",
    baths: "Bagni",
    floor: "Piano",
    floorHint: "0 per il piano terra, -1 per il seminterrato.",
    price: "Prezzo (€)",
    priceHint: "In affitto: al mese.",
    energyGroup: "Prestazione energetica (APE)",
    energyClass: "Classe energetica",
    energyIndex: "Indice di prestazione energetica (kWh/m² anno)",
    energyHint: "Obbligatori per legge in ogni annuncio (D.Lgs. 192/2005): li trovi nell'APE.",
    description: "Descrizione",
    descriptionHint: "Almeno 30 caratteri: com'è la casa, la zona, i servizi.",
    publish: "Pubblica annuncio",
    save: "Salva modifiche",
    published: "Annuncio pubblicato: è già nelle ricerche.",
    saved: "Modifiche salvate.",
    photosHeading: (n, max) => `Foto (${n} su ${max})`,
    photoLabel: "Aggiungi una foto",
    photoHint: "JPEG, PNG o WebP fino a 15 MB. Togliamo i dati della posizione dalla foto.",
    uploadPhoto: "Carica foto",
    photoAdded: "Foto aggiunta.",
    photoNone: "Scegli un file da caricare.",
    photoTooMany: (max) => `Al massimo ${max} foto per annuncio.`,
    deletePhoto: "Elimina",
    deletePhotoNamed: (n) => `Elimina la foto ${n}`,
    photoDeleted: "Foto eliminata.",
    photoNotFound: "Foto non trovata",
    photoAlt: (n) => `Foto ${n} dell'annuncio`,
    notPrivate: "Questa pagina è per gli inserzionisti privati.",
  },
  en: {
    title: "Publish a listing",
    intro: "Sell or rent your home privately: publish your listing for free, without an agency. People contact you directly.",
    limits: (listings, photos) =>
      `As a private seller you can have up to ${listings} listings online at once, each with at most ${photos} photos. A listing stays online for 30 days after it was last confirmed or edited. API keys and feeds are for agencies.`,
    becomeHeading: "Become a private seller",
    nameLabel: "Name shown on your listings",
    nameHint: "2 to 80 characters, for example Mario Rossi.",
    nameInvalid: "Write a name of 2 to 80 characters.",
    phoneLabel: "Phone (optional)",
    phoneHint: "Shown only to people who ask for it on your listing. Without a number, people write through the contact form.",
    phoneInvalid: "Write a valid phone number, for example 333 123 4567.",
    become: "Become a private seller",
    becameSeller: "You are now a private seller: publish your first listing.",
    formInvalid: "Invalid request: reload the page and try again.",
    yourListings: (n, max) => `Your listings (${n} online of ${max})`,
    noListings: "You have not published any listing yet.",
    listingsCaption: "Your listings with status, price and actions",
    listingTitle: "Listing",
    listingStatus: "Status",
    listingPrice: "Price",
    actions: "Actions",
    status: (s) => ({ online: "Online", withdrawn: "Withdrawn", expired: "Expired" })[s],
    edit: "Edit",
    editNamed: (title) => `Edit ${title}`,
    withdraw: "Withdraw",
    withdrawNamed: (title) => `Withdraw ${title}`,
    withdrawn: "Listing withdrawn: it no longer appears in searches.",
    listingVerified: "Verified on",
    confirm: "Confirm",
    confirmNamed: (title) => `Confirm that ${title} is still available`,
    confirmed: "Listing confirmed: it stays online for 30 more days.",
    listingNotFound: "Listing not found",
    newListing: "Publish a new listing",
    atCap: "You have reached the maximum number of listings online: withdraw one to publish another.",
    newTitle: "New listing",
    editTitle: "Edit listing",
    backToListings: "Back to your listings",
    contract: "Contract",
    channel: (c) => (c === "affitto" ? "Rent" : "Sale"),
    propertyType: "Property type",
    choose: "Choose…",
    town: "Municipality",
    townHint: "The municipality's name; when several share it, add the province: Castro (LE).",
    street: "Address (street or square)",
    streetHint: "As in the municipality's street list, for example Via Dante.",
    streetNumber: "House number",
    surface: "Surface (m²)",
    rooms: "Rooms",
    baths: "Bathrooms",
    floor: "Floor",
    floorHint: "0 for the ground floor, -1 for the basement.",
    price: "Price (€)",
    priceHint: "For rent: per month.",
    energyGroup: "Energy performance (APE)",
    energyClass: "Energy class",
    energyIndex: "Energy performance index (kWh/m² per year)",
    energyHint: "Required by Italian law in every listing (D.Lgs. 192/2005): you find them in the energy certificate (APE).",
    description: "Description",
    descriptionHint: "At least 30 characters: the home, the area, the services.",
    publish: "Publish listing",
    save: "Save changes",
    published: "Listing published: it is already in searches.",
    saved: "Changes saved.",
    photosHeading: (n, max) => `Photos (${n} of ${max})`,
    photoLabel: "Add a photo",
    photoHint: "JPEG, PNG or WebP up to 15 MB. We remove the location data from the photo.",
    uploadPhoto: "Upload photo",
    photoAdded: "Photo added.",
    photoNone: "Choose a file to upload.",
    photoTooMany: (max) => `${max} photos per listing at most.`,
    deletePhoto: "Delete",
    deletePhotoNamed: (n) => `Delete photo ${n}`,
    photoDeleted: "Photo deleted.",
    photoNotFound: "Photo not found",
    photoAlt: (n) => `Photo ${n} of the listing`,
    notPrivate: "This page is for private sellers.",
  },
};
