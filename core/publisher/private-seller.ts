/**
 * Private sellers who publish on the portal themselves (docs/decisions/139): what they may do, the form that
 * makes a person one, and their listing form read as the ONE listing input (core/publisher/listing-input.ts).
 * The form's text fields become the input's numbers and address here, and nothing is checked here: the
 * schema and the server's place checks decide, and their problems come back to the form's fields.
 */
import { z } from "zod";
import { normalisePhone } from "../contact/phone-number.ts";
import { titleLabel } from "../listing/labels.ts";
import { type InputLocale, type ListingInputMessage, type ListingInputProblem, listingInputMessages } from "./listing-input.ts";

/** What a private seller may do: a few homes at once, from the form only (no API keys, no feeds, no agents). */
export const PRIVATE_SELLER_LIMITS = {
  /** Online listings at once; a withdrawn one frees its place. */
  onlineListings: 3,
  /** Photos per listing (agencies: 40). */
  photosPerListing: 20,
  /** The contracts a private seller offers: sale and long rent (holiday lets are a business). */
  channels: ["vendita", "affitto"] as const,
} as const;

/** The form that makes a signed-in person a private seller: the name shown to buyers and an optional phone. */
export const becomeSellerForm = z.object({
  intent: z.literal("become-seller"),
  name: z.string().trim().min(2, { error: "name" }).max(80, { error: "name" }),
  phone: z
    .string()
    .trim()
    .max(30, { error: "phone" })
    .transform((typed, ctx) => {
      if (typed === "") return null;
      const e164 = normalisePhone(typed);
      if (!e164) ctx.addIssue({ code: "custom", message: "phone" });
      return e164;
    }),
});

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
 * The form as posted: each field a string of bounded length (a missing field is empty). This checks only
 * the shape of the request; what the values mean is the listing input's to say.
 */
export const listingFormSchema = z.object(
  Object.fromEntries(
    listingFormFields.map((f) => [
      f,
      z
        .string()
        .max(f === "description" ? 10_000 : 200)
        .optional()
        .transform((v) => v ?? ""),
    ]),
  ) as Record<ListingFormField, z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string, string | undefined>>>,
);

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

/** Where the form says it better than the API's text (the API's address message asks for coordinates). */
const formMessages: Partial<Record<ListingInputMessage, Record<InputLocale, string>>> = {
  addressNotFound: {
    it: "via non trovata nello stradario del comune: controlla il nome (per esempio «Via Dante»)",
    en: "street not found in the municipality's street list: check its name (for example «Via Dante»)",
  },
  unknownTown: {
    it: "comune sconosciuto: scrivi il nome di un comune italiano",
    en: "unknown municipality: write the name of an Italian municipality",
  },
};

/** The listing input's problems as field errors of the form, the first problem of each field, in the page's language. */
export function formErrorsOf(problems: readonly ListingInputProblem[], locale: InputLocale): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const field = formFieldOf(problem.field);
    if (errors[field]) continue;
    const text = (formMessages[problem.message] ?? listingInputMessages[problem.message])[locale];
    errors[field] = field === "form" ? `${problem.field}: ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
  }
  return errors;
}
