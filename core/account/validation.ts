/**
 * Account form rules and their Italian messages (seed 001 §5 and §8): one module for the server's
 * zod validation and the browser's forms, so both say exactly the same thing.
 */
import { z } from "zod";
import { normalisePhone } from "../contact/phone-number.ts";
import { accountMessages } from "./messages.ts";

/** Symbols a password may contain besides letters and digits (§5 "a defined set of symbols"). */
export const PASSWORD_SYMBOLS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const escapedSymbols = PASSWORD_SYMBOLS.replace(/[\\\]\-^]/g, "\\$&");
const passwordCharset = new RegExp(`^[A-Za-z0-9${escapedSymbols}]{8,32}$`);

/** 8–32 characters from letters, digits and PASSWORD_SYMBOLS, with a lowercase, an uppercase and a digit. */
export function isValidPassword(value: string): boolean {
  return passwordCharset.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value);
}

/** Letters (accented too) and spaces only. */
export const NAME_PATTERN = /^[\p{L}\p{M} ]+$/u;
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
const APPLE_RELAY = /@privaterelay\.appleid\.com$/i;

export const displayNameSchema = z
  .string({ error: accountMessages.nameRequired })
  .trim()
  .min(1, accountMessages.nameRequired)
  .max(60, accountMessages.nameInvalid)
  .regex(NAME_PATTERN, accountMessages.nameInvalid);

export const emailSchema = z
  .string({ error: accountMessages.emailInvalid })
  .trim()
  .max(254, accountMessages.emailInvalid)
  .regex(EMAIL_PATTERN, accountMessages.emailInvalid)
  .refine((v) => !APPLE_RELAY.test(v), accountMessages.emailAppleRelay)
  .transform((v) => v.toLowerCase());

/** Login takes any e-mail the account may have been made with; only its form is checked. */
export const loginEmailSchema = z
  .string({ error: accountMessages.emailInvalid })
  .trim()
  .max(254, accountMessages.emailInvalid)
  .regex(EMAIL_PATTERN, accountMessages.emailInvalid)
  .transform((v) => v.toLowerCase());

export const passwordSchema = z.string({ error: accountMessages.passwordInvalid }).refine(isValidPassword, accountMessages.passwordInvalid);

/** A phone number as the contact form reads it (the spec's pattern and the common Italian ways), stored in E.164. */
export const phoneSchema = z.string({ error: accountMessages.phoneInvalid }).transform((typed, ctx) => {
  const e164 = normalisePhone(typed);
  if (e164 === null) ctx.addIssue({ code: "custom", message: accountMessages.phoneInvalid });
  return e164 ?? typed;
});

/** Contact-style name and e-mail pair: an e-mail is mandatory once a name is given. */
export function contactEmailError(name: string, email: string): string | null {
  if (email.trim() === "") return name.trim() !== "" ? accountMessages.emailMissingWithName : accountMessages.emailInvalid;
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** The consent types a registration may record (marketing counts per §5 "known list"). */
export const CONSENT_TYPES = ["privacy", "marketing", "profiling", "third-party"] as const;

export const registrationSchema = z.object({
  displayName: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
  consent: z.literal(true, { error: accountMessages.consentRequired }),
  /** The consent type the registration records besides the terms (for example marketing). */
  type: z.enum(CONSENT_TYPES).default("privacy"),
  /** ALTCHA proof-of-work payload (base64 JSON). */
  botCheck: z.string().max(4000).optional(),
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** §5: login is attempted only when both fields are non-empty; the password's form is not checked. */
export const loginSchema = z.object({
  email: loginEmailSchema,
  password: z
    .string({ error: accountMessages.passwordInvalid })
    .min(1, accountMessages.passwordInvalid)
    .max(256, accountMessages.passwordInvalid),
});

export function canAttemptLogin(email: string, password: string): boolean {
  return email.trim() !== "" && password !== "";
}

export const oneTimeCodeSchema = z
  .string({ error: accountMessages.codeInvalid })
  .trim()
  .regex(/^\d{6}$/, accountMessages.codeInvalid);

/** The first message per field, for forms that show each field's error beside it. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}
