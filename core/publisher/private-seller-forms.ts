/**
 * The private seller's forms as the server reads them (docs/decisions/139): the form that makes a person a seller,
 * the listing form's request shape, and the listing input's problems as the form's field errors. Server-side
 * (zod); what the pages need in the browser is in private-seller.ts.
 */
import { z } from "zod";
import { normalisePhone } from "../contact/phone-number.ts";
import { type InputLocale, type ListingInputMessage, type ListingInputProblem, listingInputMessages } from "./listing-input.ts";
import { formFieldOf, type ListingFormField, listingFormFields } from "./private-seller.ts";

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
