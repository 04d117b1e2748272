/**
 * The contact form (seed 001 §3 "Contact form", §5): one zod schema that the browser (modal) and the
 * server (API and the no-JavaScript form) both run, so a message seen in the page is the message the
 * API answers with.
 */
import { z } from "zod";
import { contactMessages } from "./messages.ts";
import { normalisePhone } from "./phone-number.ts";

/** Letters (accented too), spaces and the apostrophe of Italian surnames (D'Angelo). */
export const NAME_PATTERN = /^[\p{L}' ]+$/u;
/** A standard address: something@host.tld, no spaces, no second @. */
export const EMAIL_PATTERN =
  /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/**
 * Domains whose mailboxes cannot receive the advertiser's reply: Apple's private relay (seed 001 §5
 * names it) and throw-away mailboxes. See docs/decisions/046-contact-form-and-leads.md.
 */
export const blockedEmailDomains: readonly string[] = [
  "privaterelay.appleid.com",
  "mailinator.com",
  "guerrillamail.com",
  "yopmail.com",
  "10minutemail.com",
  "trashmail.com",
  "tempmail.com",
];

export function isBlockedEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return blockedEmailDomains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

export const MAX_MESSAGE = 3000;

/** Form fields as typed; every field a string (a form post and a JSON body look the same). */
export const contactFieldsSchema = z
  .object({
    name: z.string().max(120).default(""),
    email: z.string().max(254).default(""),
    telephone: z.string().max(40).default(""),
    message: z.string().default(""),
  })
  .transform((f) => ({
    name: f.name.trim().replace(/\s+/g, " "),
    email: f.email.trim(),
    telephone: f.telephone.trim(),
    message: f.message.trim(),
  }))
  .superRefine((f, ctx) => {
    if (f.name === "") ctx.addIssue({ code: "custom", path: ["name"], message: contactMessages.nameRequired });
    else if (!NAME_PATTERN.test(f.name)) ctx.addIssue({ code: "custom", path: ["name"], message: contactMessages.nameInvalid });
    if (f.email === "") {
      ctx.addIssue({
        code: "custom",
        path: ["email"],
        message: f.name !== "" ? contactMessages.emailMissingWithName : contactMessages.emailRequired,
      });
    } else if (!EMAIL_PATTERN.test(f.email)) ctx.addIssue({ code: "custom", path: ["email"], message: contactMessages.emailInvalid });
    else if (isBlockedEmail(f.email)) ctx.addIssue({ code: "custom", path: ["email"], message: contactMessages.emailBlocked });
    if (f.telephone !== "" && normalisePhone(f.telephone) === null)
      ctx.addIssue({ code: "custom", path: ["telephone"], message: contactMessages.phoneInvalid });
    if (f.message === "") ctx.addIssue({ code: "custom", path: ["message"], message: contactMessages.messageRequired });
    else if (f.message.length > MAX_MESSAGE) ctx.addIssue({ code: "custom", path: ["message"], message: contactMessages.messageTooLong });
  })
  // Stored and mailed in one form whatever way it was typed (E.164; docs/decisions/076).
  .transform((f) => ({ ...f, telephone: f.telephone === "" ? "" : (normalisePhone(f.telephone) ?? f.telephone) }));

export type ContactFields = z.output<typeof contactFieldsSchema>;
export type ContactField = keyof ContactFields;

/** Validation as the form shows it: the valid fields, or the first message per field. */
export function validateContact(
  input: unknown,
): { ok: true; value: ContactFields } | { ok: false; errors: Partial<Record<ContactField, string>> } {
  const parsed = contactFieldsSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
