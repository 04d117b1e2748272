/** The value sets of seed 000 §3 Filters, in one place for the model, the URL codec and the UI. */

export const channels = ["vendita", "affitto", "affitto-breve"] as const;
export type Channel = (typeof channels)[number];

export const categories = ["residenziale", "commerciale", "case-vacanza"] as const;
export type Category = (typeof categories)[number];

/** Property type groups (slugs) and the listing types each covers. `nuove-costruzioni` is homes with building condition "nuovo". */
export const propertyTypeGroups = {
  case: [
    "appartamento",
    "attico-mansarda",
    "casa-bi-trifamiliare",
    "casa-indipendente",
    "loft",
    "rustico-casale",
    "villa",
    "villetta-a-schiera",
    "baita-bungalow-chalet-trullo",
  ],
  "nuove-costruzioni": [
    "appartamento",
    "attico-mansarda",
    "casa-bi-trifamiliare",
    "casa-indipendente",
    "loft",
    "rustico-casale",
    "villa",
    "villetta-a-schiera",
    "baita-bungalow-chalet-trullo",
  ],
  stanze: ["stanza"],
  "garage-posti-auto": ["box", "posto-auto"],
  "cantine-solai": ["cantina-solaio"],
  "edifici-palazzi": ["palazzo", "edificio"],
  uffici: ["ufficio"],
  commerciale: ["negozio-locale-commerciale", "attivita-licenza-commerciale"],
  capannoni: ["capannone"],
  terreni: ["terreno-edificabile", "terreno-agricolo"],
} as const satisfies Record<string, readonly string[]>;
export type PropertyTypeGroup = keyof typeof propertyTypeGroups;
export const propertyTypeGroupSlugs = Object.keys(propertyTypeGroups) as PropertyTypeGroup[];

/** Spec spellings that mean the same group or types as ours. */
export const groupAliases: Readonly<Record<string, PropertyTypeGroup>> = { "box-posti-auto": "garage-posti-auto", residenziale: "case" };
export const propertyTypeAliases: Readonly<Record<string, readonly string[]>> = {
  "{product}-bi-trifamiliare": ["casa-bi-trifamiliare"],
  "{product}-indipendente": ["casa-indipendente"],
  "garage-posto-auto": ["box", "posto-auto"],
  "box-posti-auto": ["box", "posto-auto"],
  "box-posto-auto": ["box", "posto-auto"],
  "box-o-posto-auto": ["box", "posto-auto"],
};

/** Which groups each channel offers: rooms are not sold (seed 000 §5), short rent is homes only. */
export const groupsByChannel: Readonly<Record<Channel, readonly PropertyTypeGroup[]>> = {
  vendita: [
    "case",
    "nuove-costruzioni",
    "garage-posti-auto",
    "cantine-solai",
    "edifici-palazzi",
    "uffici",
    "commerciale",
    "capannoni",
    "terreni",
  ],
  affitto: ["case", "stanze", "garage-posti-auto", "cantine-solai", "edifici-palazzi", "uffici", "commerciale", "capannoni", "terreni"],
  "affitto-breve": ["case"],
};

/** The category a group belongs to on a channel: short rent uses case-vacanza in place of case. */
export function categoryOf(channel: Channel, group: PropertyTypeGroup): Category {
  if (channel === "affitto-breve") return "case-vacanza";
  return group === "case" || group === "nuove-costruzioni" || group === "stanze" ? "residenziale" : "commerciale";
}

export const priceTypes = ["fisso", "trattabile", "ribassato"] as const;
/** Groups whose price-type list is cut to its first two options (seed 000 §5). */
export const shortPriceTypeGroups: readonly PropertyTypeGroup[] = ["commerciale", "terreni", "stanze", "garage-posti-auto"];

export const energyClasses = ["A4", "A3", "A2", "A1", "B", "C", "D", "E", "F", "G"] as const;
export const buildingConditions = ["nuovo", "nuovo-ristrutturato", "abitabile", "da-ristrutturare"] as const;
/** As the user picks them; 'nuda-proprieta' is sent to the server (and stored) as 'nuda proprieta'. */
export const availabilities = ["libero", "occupato", "nuda-proprieta", "affittato"] as const;
export const furnitureValues = ["none", "partially", "full"] as const;
export const heatingTypes = ["autonomo", "centralizzato"] as const;
export const gardenValues = ["comune", "privato"] as const;
export const sellerTypes = ["privato", "agenzia"] as const;
export const publicationDates = { "2d": 2, "7d": 7, "30d": 30 } as const;
export const floorLevels = ["terra", "intermedi", "ultimo"] as const;
export const licenseTypeGroups = ["ristorazione", "commercio", "servizi", "ricettivo"] as const;
export const commercialBuildingLocations = ["strada", "centro-commerciale", "stazione", "aeroporto", "altro"] as const;

/** Rooms 1–4 have names; URL slugs use the plural. */
export const roomNames = { 1: "monolocale", 2: "bilocale", 3: "trilocale", 4: "quadrilocale" } as const;
export const roomSlugs = { monolocali: 1, bilocali: 2, trilocali: 3, quadrilocali: 4 } as const;

/** Sort keys as the server receives them (dashes already turned into underscores). */
export const sortKeys = [
  "rilevanza",
  "prezzo_crescente",
  "prezzo_decrescente",
  "prezzo_mq_crescente",
  "prezzo_mq_decrescente",
  "superficie_crescente",
  "superficie_decrescente",
  "data_decrescente",
  "data_crescente",
] as const;
export type SortKey = (typeof sortKeys)[number];

/** A sort key as URLs and forms write it: prezzo_crescente → prezzo-crescente (parseSearch reads both). */
export function sortParam(sort: SortKey): string {
  return sort.replace(/_/g, "-");
}
export const sortAliases: Readonly<Record<string, SortKey>> = { default: "rilevanza", relevance: "rilevanza" };

/**
 * What each sort orders by: a listing column (camelCase, as db/schema.ts names it) and a direction; ties
 * go by id in the same direction. SQL (db/listings-search.ts applySort) and the in-memory facts both
 * read this table, so a page sorted either way is the same page.
 */
export const sortOrders = {
  rilevanza: { column: "relevance", direction: "desc" },
  prezzo_crescente: { column: "price", direction: "asc" },
  prezzo_decrescente: { column: "price", direction: "desc" },
  prezzo_mq_crescente: { column: "pricePerMq", direction: "asc" },
  prezzo_mq_decrescente: { column: "pricePerMq", direction: "desc" },
  superficie_crescente: { column: "surface", direction: "asc" },
  superficie_decrescente: { column: "surface", direction: "desc" },
  data_decrescente: { column: "publishedAt", direction: "desc" },
  data_crescente: { column: "publishedAt", direction: "asc" },
} as const satisfies Record<SortKey, { column: string; direction: "asc" | "desc" }>;

export const travelModes = {
  walk: { label: "a piedi", kmh: 4.5 },
  bike: { label: "in bicicletta", kmh: 14 },
  car: { label: "in macchina", kmh: 35 },
} as const;
export type TravelMode = keyof typeof travelModes;

export const PAGE_SIZE = 25;
/** Deepest page served: 400 × 25 = 10,000 results, as far as anyone pages. */
export const MAX_PAGE = 400;
