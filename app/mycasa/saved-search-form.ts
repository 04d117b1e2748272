/**
 * The saved-search forms of the pages that work without JavaScript (/mycasa/ricerche/, /mycasa/ricerche/salva/):
 * one zod schema for their fields (the frequency labels live with the texts, app/i18n/saved-searches.ts).
 */
import { z } from "zod";
import { alertFrequencies } from "../../core/search/saved-search-alerts.ts";

export { frequencyLabel } from "../i18n/saved-searches.ts";

const frequency = z.enum(alertFrequencies, { error: "Scegli una frequenza valida" });
const title = z.string().max(100, "Il titolo può avere al massimo 100 caratteri").optional();
const id = z
  .string()
  .regex(/^\d{1,15}$/, "Ricerca salvata non trovata")
  .transform(Number);

export const savedSearchFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("update"), id, title, email: frequency, push: frequency }),
    z.object({ intent: z.literal("delete"), id }),
    // Alert mail stopped after refusals: one test mail to the address (app/mycasa/mail-check.server.ts).
    z.object({ intent: z.literal("retry-mail") }),
  ],
  { error: "Richiesta non valida" },
);

/** The no-JavaScript save form: the search's results-page address and the choices of the modal. */
export const saveSearchFormSchema = z.object({
  uri: z.string().min(1, "Indica la ricerca da salvare").max(4000),
  title,
  email: frequency,
  push: frequency,
  excludeAuctions: z.literal("on").optional(),
});
