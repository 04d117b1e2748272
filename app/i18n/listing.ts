/** Texts of the listing page, the favourites page and the favourite button. */
import type { Messages } from "./locale.ts";

type ListingTexts = {
  breadcrumbs: string;
  home: string;
  backToResults: string;
  backToSearch: string;
  gallery: string;
  photoOf: (n: number, total: number) => string;
  showPhoto: (n: number) => string;
  openFullScreen: (n: number, total: number) => string;
  previousPhoto: string;
  nextPhoto: string;
  closeGallery: string;
  noPhotos: string;
  price: string;
  pricePerMq: string;
  originalPrice: string;
  privateNegotiation: string;
  features: string;
  energy: string;
  energyClass: string;
  energyIndex: string;
  energyScale: string;
  energyNotGiven: string;
  description: string;
  floorPlan: string;
  floorPlanAlt: string;
  location: string;
  exactPosition: string;
  approximatePosition: string;
  mapLabel: string;
  mapLoading: string;
  openMap: string;
  publisher: string;
  logoAlt: (name: string) => string;
  agentOf: (agent: string) => string;
  similar: string;
  noSimilar: string;
  goneTitle: string;
  goneSearch: string;
  priceHistory: string;
  verifiedOn: (date: string) => string;
  /** The same home offered by several publishers (decision 120). */
  offersHeading: (n: number) => string;
  thisOffer: string;
  yes: string;
  no: string;
  metaDescription: (title: string, price: string) => string;
};

export const listingTexts: Messages<ListingTexts> = {
  it: {
    breadcrumbs: "Percorso",
    home: "Home",
    backToResults: "Torna ai risultati",
    backToSearch: "Cerca altri annunci",
    gallery: "Foto dell'immobile",
    photoOf: (n, total) => `Foto ${n} di ${total}`,
    showPhoto: (n) => `Mostra la foto ${n}`,
    openFullScreen: (n, total) => `Apri la foto ${n} di ${total} a schermo intero`,
    previousPhoto: "Foto precedente",
    nextPhoto: "Foto successiva",
    closeGallery: "Chiudi la galleria",
    noPhotos: "Nessuna foto disponibile",
    price: "Prezzo",
    pricePerMq: "Prezzo al m²",
    originalPrice: "Prezzo precedente",
    privateNegotiation: "Trattativa riservata",
    features: "Caratteristiche",
    energy: "Efficienza energetica",
    energyClass: "Classe energetica",
    energyIndex: "Indice di prestazione energetica",
    energyScale: "Scala delle classi energetiche, da A4 (migliore) a G (peggiore)",
    energyNotGiven: "Non indicata",
    description: "Descrizione",
    floorPlan: "Planimetria",
    floorPlanAlt: "Planimetria dell'immobile",
    location: "Posizione",
    exactPosition: "Posizione esatta",
    approximatePosition: "Posizione approssimativa: l'inserzionista non mostra l'indirizzo esatto",
    mapLabel: "Mappa della posizione dell'immobile",
    mapLoading: "Caricamento della mappa…",
    openMap: "Apri la posizione su OpenStreetMap",
    publisher: "Inserzionista",
    logoAlt: (name) => `Logo di ${name}`,
    agentOf: (agent) => `Agente: ${agent}`,
    similar: "Annunci simili nella zona",
    noSimilar: "Nessun annuncio simile nei dintorni.",
    goneTitle: "Questo annuncio non è più disponibile",
    goneSearch: "Cerca tra gli annunci della zona",
    priceHistory: "Storico del prezzo",
    verifiedOn: (date) => `Verificato il ${date}`,
    offersHeading: (n) => `Questa casa è offerta da ${n} inserzionisti`,
    thisOffer: "questo annuncio",
    yes: "Sì",
    no: "No",
    metaDescription: (title, price) => `${title} a ${price}. Foto, planimetria, caratteristiche e posizione.`,
  },
  en: {
    breadcrumbs: "Breadcrumb",
    home: "Home",
    backToResults: "Back to the results",
    backToSearch: "Search more listings",
    gallery: "Photos of the property",
    photoOf: (n, total) => `Photo ${n} of ${total}`,
    showPhoto: (n) => `Show photo ${n}`,
    openFullScreen: (n, total) => `Open photo ${n} of ${total} full screen`,
    previousPhoto: "Previous photo",
    nextPhoto: "Next photo",
    closeGallery: "Close the gallery",
    noPhotos: "No photos available",
    price: "Price",
    pricePerMq: "Price per m²",
    originalPrice: "Previous price",
    privateNegotiation: "Price on request",
    features: "Features",
    energy: "Energy efficiency",
    energyClass: "Energy class",
    energyIndex: "Energy performance index",
    energyScale: "Energy class scale, from A4 (best) to G (worst)",
    energyNotGiven: "Not given",
    description: "Description",
    floorPlan: "Floor plan",
    floorPlanAlt: "Floor plan of the property",
    location: "Location",
    exactPosition: "Exact location",
    approximatePosition: "Approximate location: the advertiser does not show the exact address",
    mapLabel: "Map of the property's location",
    mapLoading: "Loading the map…",
    openMap: "Open the location on OpenStreetMap",
    publisher: "Advertiser",
    logoAlt: (name) => `${name} logo`,
    agentOf: (agent) => `Agent: ${agent}`,
    similar: "Similar listings nearby",
    noSimilar: "No similar listings nearby.",
    goneTitle: "This listing is no longer available",
    goneSearch: "Search the listings of the area",
    priceHistory: "Price history",
    verifiedOn: (date) => `Verified on ${date}`,
    offersHeading: (n) => `This home is offered by ${n} advertisers`,
    thisOffer: "this listing",
    yes: "Yes",
    no: "No",
    metaDescription: (title, price) => `${title} for ${price}. Photos, floor plan, features and location.`,
  },
};

/** Feature names (row headings of the features table). */
type FeatureNames = Record<
  | "type"
  | "contract"
  | "surface"
  | "rooms"
  | "bedrooms"
  | "baths"
  | "floor"
  | "totalFloors"
  | "lift"
  | "balcony"
  | "terrace"
  | "garden"
  | "heating"
  | "parking"
  | "condition"
  | "year"
  | "availability"
  | "furniture"
  | "auction"
  | "auctionDate"
  | "license"
  | "airConditioning"
  | "pool"
  | "reception"
  | "virtualTour"
  | "published"
  | "reference",
  string
>;

export const featureNames: { it: FeatureNames; en: FeatureNames } = {
  it: {
    type: "Tipologia",
    contract: "Contratto",
    surface: "Superficie",
    rooms: "Locali",
    bedrooms: "Camere da letto",
    baths: "Bagni",
    floor: "Piano",
    totalFloors: "Piani edificio",
    lift: "Ascensore",
    balcony: "Balcone",
    terrace: "Terrazzo",
    garden: "Giardino",
    heating: "Riscaldamento",
    parking: "Posti auto",
    condition: "Stato",
    year: "Anno di costruzione",
    availability: "Disponibilità",
    furniture: "Arredamento",
    auction: "Asta giudiziaria",
    auctionDate: "Data dell'asta",
    license: "Licenza",
    airConditioning: "Aria condizionata",
    pool: "Piscina",
    reception: "Portineria",
    virtualTour: "Visita virtuale",
    published: "Pubblicato il",
    reference: "Riferimento annuncio",
  },
  en: {
    type: "Type",
    contract: "Contract",
    surface: "Floor area",
    rooms: "Rooms",
    bedrooms: "Bedrooms",
    baths: "Bathrooms",
    floor: "Floor",
    totalFloors: "Floors in the building",
    lift: "Lift",
    balcony: "Balcony",
    terrace: "Terrace",
    garden: "Garden",
    heating: "Heating",
    parking: "Parking spaces",
    condition: "Condition",
    year: "Year built",
    availability: "Availability",
    furniture: "Furniture",
    auction: "Court auction",
    auctionDate: "Auction date",
    license: "Licence",
    airConditioning: "Air conditioning",
    pool: "Swimming pool",
    reception: "Concierge",
    virtualTour: "Virtual tour",
    published: "Published on",
    reference: "Listing reference",
  },
};

/** English value labels; Italian ones live in core/listing/labels.ts. */
export const englishValues: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  propertyType: {
    appartamento: "Apartment",
    "attico-mansarda": "Penthouse",
    "casa-bi-trifamiliare": "Two-family house",
    "casa-indipendente": "Detached house",
    loft: "Loft",
    "rustico-casale": "Farmhouse",
    villa: "Villa",
    "villetta-a-schiera": "Terraced house",
    "baita-bungalow-chalet-trullo": "Chalet",
    palazzo: "Mansion block",
    edificio: "Building",
    "attivita-licenza-commerciale": "Business",
    "negozio-locale-commerciale": "Shop",
    "terreno-edificabile": "Building land",
    "terreno-agricolo": "Farmland",
    box: "Garage",
    "posto-auto": "Parking space",
    stanza: "Room",
    ufficio: "Office",
    capannone: "Warehouse",
    "cantina-solaio": "Cellar",
  },
  channel: { vendita: "For sale", affitto: "For rent", "affitto-breve": "Holiday rental" },
  condition: {
    nuovo: "New / under construction",
    "nuovo-ristrutturato": "Excellent / renovated",
    abitabile: "Good / habitable",
    "da-ristrutturare": "To renovate",
  },
  availability: { libero: "Vacant", occupato: "Occupied", "nuda proprieta": "Bare ownership", affittato: "Let" },
  furniture: { none: "Unfurnished", partially: "Partly furnished", full: "Furnished" },
  heating: { autonomo: "Independent", centralizzato: "Central" },
  garden: { comune: "Shared garden", privato: "Private garden" },
};
