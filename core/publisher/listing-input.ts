/**
 * A listing as a publisher sends it (the publishing API, the feed import, the dashboard): one zod schema
 * and its rules (issue 24, docs/decisions/096). Pure: the checks that need the database — the point
 * inside the stated municipality, the address geocoded from the street table — are made by the server
 * after this schema passed (app/publisher/listing-input.server.ts).
 *
 * Every message names its field and exists in Italian and English: issues carry a message key
 * (`listingInputMessages`), turned into text by `listingIssueText`.
 */
import { z } from "zod";
import {
  availabilities,
  buildingConditions,
  type Channel,
  channels,
  energyClasses,
  furnitureValues,
  gardenValues,
  heatingTypes,
  type PropertyTypeGroup,
  propertyTypeGroups,
} from "../search/vocabulary.ts";

export type InputLocale = "it" | "en";

/** Every message of the schema, by key, in both languages. */
export const listingInputMessages = {
  required: { it: "campo obbligatorio", en: "required field" },
  invalid: { it: "valore non valido", en: "invalid value" },
  notAllowed: { it: "valore non ammesso", en: "value not allowed" },
  unknownField: { it: "campo sconosciuto", en: "unknown field" },
  tooLong: { it: "testo troppo lungo", en: "text too long" },
  tooShort: { it: "testo troppo corto", en: "text too short" },
  energyClassRequired: {
    it: "la classe energetica è obbligatoria in ogni annuncio (D.Lgs. 192/2005)",
    en: "the energy class is required in every listing (Italian law, D.Lgs. 192/2005)",
  },
  energyIndexRequired: {
    it: "l'indice di prestazione energetica (kWh/m² anno) è obbligatorio in ogni annuncio",
    en: "the energy performance index (kWh/m² per year) is required in every listing",
  },
  energyIndexRange: {
    it: "indice di prestazione energetica fuori scala (0–1000 kWh/m² anno)",
    en: "energy performance index out of range (0–1000 kWh/m² per year)",
  },
  priceImplausible: { it: "prezzo non plausibile per questa categoria", en: "price not plausible for this category" },
  surfaceImplausible: { it: "superficie non plausibile per questa categoria", en: "surface not plausible for this category" },
  pricePerMqImplausible: { it: "prezzo al m² non plausibile per questa categoria", en: "price per m² not plausible for this category" },
  roomsRequired: { it: "il numero di locali è obbligatorio per le abitazioni", en: "the number of rooms is required for homes" },
  bathsRequired: { it: "il numero di bagni è obbligatorio per le abitazioni", en: "the number of bathrooms is required for homes" },
  floorRequired: { it: "il piano è obbligatorio per questa tipologia", en: "the floor is required for this property type" },
  floorAboveTotal: { it: "il piano supera il numero di piani dell'edificio", en: "the floor is above the building's number of floors" },
  typeNotInChannel: { it: "tipologia non disponibile per questo contratto", en: "property type not offered for this contract" },
  auctionOnlyForSale: { it: "le aste sono solo in vendita", en: "auctions are for sale only" },
  auctionDateRequired: { it: "la data dell'asta è obbligatoria per un'asta", en: "the auction date is required for an auction" },
  outsideItaly: { it: "le coordinate non sono in Italia", en: "the coordinates are not in Italy" },
  pointNotInTown: { it: "le coordinate non sono nel comune indicato", en: "the coordinates are not inside the stated municipality" },
  unknownTown: { it: "comune sconosciuto", en: "unknown municipality" },
  addressNotFound: {
    it: "indirizzo non trovato nello stradario del comune: indicare le coordinate",
    en: "address not found in the municipality's street table: send the coordinates",
  },
  latLonTogether: { it: "latitudine e longitudine vanno indicate insieme", en: "latitude and longitude go together" },
} as const satisfies Record<string, Record<InputLocale, string>>;
export type ListingInputMessage = keyof typeof listingInputMessages;

/** The Italian mainland and islands with a margin (Lampedusa to the Vetta d'Italia, Sardinia to Otranto). */
export const ITALY_BOUNDS = { west: 6.6, east: 18.6, south: 35.4, north: 47.1 } as const;

/** Every property type the portal knows, and its group (a type may be in case and nuove-costruzioni: case wins). */
export const propertyTypeGroupOf: Readonly<Record<string, PropertyTypeGroup>> = Object.fromEntries(
  (Object.entries(propertyTypeGroups) as Array<[PropertyTypeGroup, readonly string[]]>)
    .filter(([group]) => group !== "nuove-costruzioni")
    .flatMap(([group, types]) => types.map((t) => [t, group])),
);
export const propertyTypes = Object.keys(propertyTypeGroupOf) as [string, ...string[]];

/** Groups exempt from the energy certificate (land, garages and parking, cellars: D.Lgs. 192/2005 art. 3). */
export const energyExemptGroups: readonly PropertyTypeGroup[] = ["terreni", "garage-posti-auto", "cantine-solai"];

/** Plausible ranges per channel and group: price (€, per month for rent, per week for holiday lets) and surface (m²). */
interface Plausible {
  price: readonly [number, number];
  surface: readonly [number, number];
  /** € per m² (sale) or per m² per month (rent); absent: not checked. */
  perMq?: readonly [number, number];
}
const SURFACE: Readonly<Record<PropertyTypeGroup, readonly [number, number]>> = {
  case: [15, 5_000],
  "nuove-costruzioni": [15, 5_000],
  stanze: [5, 80],
  "garage-posti-auto": [8, 1_000],
  "cantine-solai": [2, 500],
  "edifici-palazzi": [80, 100_000],
  uffici: [8, 50_000],
  commerciale: [8, 50_000],
  capannoni: [50, 500_000],
  terreni: [50, 10_000_000],
};
export function plausibleRange(channel: Channel, group: PropertyTypeGroup): Plausible {
  const surface = SURFACE[group];
  if (channel === "vendita") {
    if (group === "case" || group === "nuove-costruzioni") return { price: [10_000, 50_000_000], surface, perMq: [150, 40_000] };
    if (group === "garage-posti-auto" || group === "cantine-solai") return { price: [1_000, 1_000_000], surface };
    return { price: [5_000, 500_000_000], surface };
  }
  if (channel === "affitto") {
    if (group === "case") return { price: [100, 100_000], surface, perMq: [1, 200] };
    if (group === "stanze") return { price: [100, 5_000], surface };
    if (group === "garage-posti-auto" || group === "cantine-solai") return { price: [20, 5_000], surface };
    return { price: [50, 2_000_000], surface };
  }
  return { price: [50, 50_000], surface };
}

const text = (min: number, max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? "required" : "invalid") })
    .trim()
    .min(min, { error: "tooShort" })
    .max(max, { error: "tooLong" });
const count = (max: number) =>
  z
    .number({ error: (i) => (i.input === undefined ? "required" : "invalid") })
    .int({ error: "invalid" })
    .min(0, { error: "invalid" })
    .max(max, { error: "invalid" });
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (i) => (i.input === undefined ? "required" : "notAllowed") });
const flag = z.boolean({ error: "invalid" });

export const listingAddressInput = z.strictObject(
  {
    /** The municipality's place id (the portal's places: /portal-srp/api/v1/smartsuggest/suggest). */
    townId: text(1, 40),
    street: text(2, 120),
    streetNumber: text(1, 12),
    postalCode: z
      .string({ error: "invalid" })
      .regex(/^\d{5}$/, { error: "invalid" })
      .optional(),
    lat: z.number({ error: "invalid" }).min(-90, { error: "invalid" }).max(90, { error: "invalid" }).optional(),
    lon: z.number({ error: "invalid" }).min(-180, { error: "invalid" }).max(180, { error: "invalid" }).optional(),
    /** 1: the exact point is shown; 2: an approximate one (core/listing/location.ts). */
    showExactPoint: flag.optional(),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? "unknownField" : i.input === undefined ? "required" : "invalid") },
);

export const listingInput = z
  .strictObject(
    {
      /** The publisher's own id for this listing (the feed's unique-id): unique per publisher. */
      externalId: z
        .string({ error: "invalid" })
        .trim()
        .min(1, { error: "tooShort" })
        .max(64, { error: "tooLong" })
        .regex(/^[\w.\-/:]+$/, { error: "invalid" })
        .optional(),
      channel: choice(channels),
      propertyType: choice(propertyTypes),
      isNewConstruction: flag.optional(),
      price: z
        .number({ error: (i) => (i.input === undefined ? "required" : "invalid") })
        .int({ error: "invalid" })
        .positive({ error: "priceImplausible" }),
      priceType: choice(["fisso", "trattabile"] as const).optional(),
      isPrivateNegotiation: flag.optional(),
      surface: z
        .number({ error: (i) => (i.input === undefined ? "required" : "invalid") })
        .int({ error: "invalid" })
        .positive({ error: "surfaceImplausible" }),
      rooms: count(50).optional(),
      bedrooms: count(50).optional(),
      baths: count(30).optional(),
      parkingSpaces: count(500).optional(),
      floor: z
        .number({ error: "invalid" })
        .int({ error: "invalid" })
        .min(-3, { error: "invalid" })
        .max(200, { error: "invalid" })
        .optional(),
      totalFloors: z
        .number({ error: "invalid" })
        .int({ error: "invalid" })
        .min(1, { error: "invalid" })
        .max(200, { error: "invalid" })
        .optional(),
      hasLift: flag.optional(),
      hasBalcony: flag.optional(),
      hasTerrace: flag.optional(),
      hasAirConditioning: flag.optional(),
      hasPool: flag.optional(),
      garden: choice(gardenValues).optional(),
      heating: choice(heatingTypes).optional(),
      energyClass: choice(energyClasses).optional(),
      energyIndex: z.number({ error: "invalid" }).min(0, { error: "energyIndexRange" }).max(1000, { error: "energyIndexRange" }).optional(),
      buildingCondition: choice(buildingConditions).optional(),
      buildingYear: z
        .number({ error: "invalid" })
        .int({ error: "invalid" })
        .min(1000, { error: "invalid" })
        .max(2100, { error: "invalid" })
        .optional(),
      availability: choice(availabilities).optional(),
      furniture: choice(furnitureValues).optional(),
      isAuction: flag.optional(),
      auctionDate: z.iso.date({ error: "invalid" }).optional(),
      title: text(10, 160),
      description: text(30, 10_000),
      address: listingAddressInput,
      agentId: z.number({ error: "invalid" }).int({ error: "invalid" }).positive({ error: "invalid" }).optional(),
    },
    { error: (i) => (i.code === "unrecognized_keys" ? "unknownField" : i.input === undefined ? "required" : "invalid") },
  )
  .superRefine((l, ctx) => {
    const group = propertyTypeGroupOf[l.propertyType]!;
    const issue = (path: string[], message: ListingInputMessage) => ctx.addIssue({ code: "custom", path, message });
    const offered: readonly string[] =
      l.channel === "vendita"
        ? ["case", "garage-posti-auto", "cantine-solai", "edifici-palazzi", "uffici", "commerciale", "capannoni", "terreni"]
        : l.channel === "affitto"
          ? ["case", "stanze", "garage-posti-auto", "cantine-solai", "edifici-palazzi", "uffici", "commerciale", "capannoni", "terreni"]
          : ["case"];
    if (!offered.includes(group)) issue(["propertyType"], "typeNotInChannel");
    if (!energyExemptGroups.includes(group)) {
      if (l.energyClass === undefined) issue(["energyClass"], "energyClassRequired");
      if (l.energyIndex === undefined) issue(["energyIndex"], "energyIndexRequired");
    }
    const range = plausibleRange(l.channel, group);
    if (l.price < range.price[0] || l.price > range.price[1]) issue(["price"], "priceImplausible");
    if (l.surface < range.surface[0] || l.surface > range.surface[1]) issue(["surface"], "surfaceImplausible");
    else if (range.perMq && (l.price / l.surface < range.perMq[0] || l.price / l.surface > range.perMq[1]))
      issue(["price"], "pricePerMqImplausible");
    if (group === "case") {
      if (l.rooms === undefined) issue(["rooms"], "roomsRequired");
      if (l.baths === undefined) issue(["baths"], "bathsRequired");
    }
    if (
      (l.propertyType === "appartamento" || l.propertyType === "ufficio" || l.propertyType === "attico-mansarda") &&
      l.floor === undefined
    ) {
      issue(["floor"], "floorRequired");
    }
    if (l.floor !== undefined && l.totalFloors !== undefined && l.floor > l.totalFloors) issue(["floor"], "floorAboveTotal");
    if (l.isAuction && l.channel !== "vendita") issue(["isAuction"], "auctionOnlyForSale");
    if (l.isAuction && !l.auctionDate) issue(["auctionDate"], "auctionDateRequired");
    const { lat, lon } = l.address;
    if ((lat === undefined) !== (lon === undefined)) issue(["address", lat === undefined ? "lat" : "lon"], "latLonTogether");
    if (lat !== undefined && lon !== undefined && !insideItalyBounds(lat, lon)) issue(["address", "lat"], "outsideItaly");
  });
export type ListingInput = z.infer<typeof listingInput>;

export function insideItalyBounds(lat: number, lon: number): boolean {
  return lat >= ITALY_BOUNDS.south && lat <= ITALY_BOUNDS.north && lon >= ITALY_BOUNDS.west && lon <= ITALY_BOUNDS.east;
}

export interface ListingInputProblem {
  /** The field's path, dotted ("address.lat"). */
  field: string;
  message: ListingInputMessage;
}

/** The problems of a rejected input (every one, for feed reports), each with its field and message key. */
export function listingInputProblems(error: z.ZodError): ListingInputProblem[] {
  return error.issues.map((issue) => {
    const path = issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]] : issue.path;
    const key = Object.hasOwn(listingInputMessages, issue.message) ? (issue.message as ListingInputMessage) : "invalid";
    return { field: path.join(".") || "body", message: key };
  });
}

/** "price: prezzo non plausibile … / price not plausible …", in the asked language. */
export function listingIssueText(problem: ListingInputProblem, locale: InputLocale): string {
  return `${problem.field}: ${listingInputMessages[problem.message][locale]}`;
}

/** Both languages, for reports read by people of either (the feed import report). */
export function listingIssueBilingual(problem: ListingInputProblem): { field: string; it: string; en: string } {
  return { field: problem.field, it: listingInputMessages[problem.message].it, en: listingInputMessages[problem.message].en };
}
