/**
 * Private sellers who publish on the portal themselves (docs/decisions/139): what they may do, and their listing
 * form read as the ONE listing input (core/publisher/listing-input.ts). The form's text fields become the input's
 * numbers and address here, and nothing is checked here: the schema and the server's place checks decide. No zod
 * here: the listing form's page imports this module (the forms' zod rules are in private-seller-forms.ts).
 */
import { titleLabel } from "../listing/labels.ts";

/** What a private seller may do: a few homes at once, from the form only (no API keys, no feeds, no agents). */
export const PRIVATE_SELLER_LIMITS = {
  /** Online listings at once; a withdrawn one frees its place. */
  onlineListings: 3,
  /** Photos per listing (agencies: 40). */
  photosPerListing: 20,
  /** The contracts a private seller offers: sale and long rent (holiday lets are a business). */
  channels: ["vendita", "affitto"] as const,
} as const;

/** The listing form's fields, by name, as the browser sends them (every one text). */
export const listingFormFields = [
  "channel",
  "propertyType",
  "town",
  "street",
  "streetNumber",
  "surface",
  "rooms",
  "baths",
  "floor",
  "price",
  "energyClass",
  "energyIndex",
  "description",
] as const;
export type ListingFormField = (typeof listingFormFields)[number];
export type ListingFormValues = Record<ListingFormField, string>;

/**
 * A number as Italians type it: "250.000", "250 000 €", "85 m²" (integers: dots group thousands) or "75,5"
 * (decimals: the comma). Empty → undefined; anything else stays text, and the schema calls it invalid.
 */
export function readFormNumber(typed: string, kind: "integer" | "decimal"): number | string | undefined {
  const text = typed.replace(/[\s€]|m²|mq/gi, "");
  if (text === "") return undefined;
  const plain = kind === "integer" ? text.replace(/\.(?=\d{3}(?:\.|$))/g, "") : text.replace(",", ".");
  if (!/^-?\d+(?:\.\d+)?$/.test(plain)) return typed;
  return Number(plain);
}

const optionalText = (typed: string) => (typed.trim() === "" ? undefined : typed);

/**
 * The listing input the form stands for: the schema's shape (core/publisher/listing-input.ts), with the
 * municipality the server resolved from the typed name (`townId`; the typed text itself when none matched,
 * so the one check of the municipality refuses it) and a title made of type, contract and town.
 */
export function listingInputFromForm(form: ListingFormValues, town: { id: string; name: string } | null): Record<string, unknown> {
  const rooms = readFormNumber(form.rooms, "integer");
  const label = titleLabel(form.propertyType, typeof rooms === "number" ? rooms : null);
  const townName = town?.name ?? form.town.trim();
  const contract = form.channel === "affitto" ? "in affitto" : "in vendita";
  const input: Record<string, unknown> = {
    channel: optionalText(form.channel),
    propertyType: optionalText(form.propertyType),
    price: readFormNumber(form.price, "integer"),
    surface: readFormNumber(form.surface, "integer"),
    rooms,
    baths: readFormNumber(form.baths, "integer"),
    floor: readFormNumber(form.floor, "integer"),
    energyClass: optionalText(form.energyClass),
    energyIndex: readFormNumber(form.energyIndex, "decimal"),
    title: `${label || "Immobile"} ${contract} a ${townName || "—"}`.slice(0, 160),
    description: optionalText(form.description),
    address: {
      townId: town?.id ?? optionalText(form.town),
      street: optionalText(form.street),
      streetNumber: optionalText(form.streetNumber),
    },
  };
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
  const address = input.address as Record<string, unknown>;
  for (const key of Object.keys(address)) if (address[key] === undefined) delete address[key];
  return input;
}

/** The form field that shows a problem of the listing input (the schema's path), or "form" for the rest. */
export function formFieldOf(path: string): ListingFormField | "form" {
  if (path === "address.townId") return "town";
  if (path === "address.street" || path === "address.lat" || path === "address.lon") return "street";
  if (path === "address.streetNumber") return "streetNumber";
  if (path === "title") return "propertyType";
  return (listingFormFields as readonly string[]).includes(path) ? (path as ListingFormField) : "form";
}
