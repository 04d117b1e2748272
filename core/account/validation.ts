/**
 * Account form rules and their Italian messages (seed 001 §5 and §8): one module for the server's
 * zod validation and the browser's forms, so both say exactly the same thing.
 */
import { z } from "zod";

export const accountMessages = {
  nameRequired: "Il nome è obbligatorio",
  nameInvalid: "Il nome inserito non è valido",
  emailInvalid: "Devi inserire un indirizzo email valido",
  /** An Apple "Hide my e-mail" relay cannot receive our mails reliably (docs/decisions/043). */
  emailAppleRelay: "Gli indirizzi email privati di Apple non sono accettati: inserisci il tuo indirizzo email",
  /** A name was given but no e-mail (contact forms: the e-mail is mandatory with a name). */
  emailMissingWithName: "Inserisci un indirizzo mail valido",
  passwordInvalid: "Inserisci una password valida",
  phoneInvalid: "Il numero di telefono inserito non è valido",
  consentRequired: "Per registrarti devi accettare le condizioni d'uso",
  botCheckFailed: "La verifica anti-robot non è riuscita: riprova",
  codeInvalid: "Il codice non è valido o è scaduto",
  linkInvalid: "Il link non è valido o è scaduto",
  /** A verification link opened again after it confirmed the address (or after 'not me'). */
  linkUsed: "Questo link è già stato usato: accedi con la password o con un codice via email",
  /** A verification link of an account whose address was confirmed another way (a code, a social login, a reset). */
  linkSuperseded: "Questo link non vale più: l'indirizzo email è già stato confermato. Accedi con la password o con un codice via email",
  /** Password login of an account whose address nobody has confirmed (docs/decisions/073). */
  emailNotVerified: "Conferma prima il tuo indirizzo email con il link che ti abbiamo inviato, oppure accedi con un codice via email",
  /** The verification page's 'Non ho creato io questo account' was pressed. */
  registrationDisowned:
    "Fatto: la password scelta da chi ha creato l'account non vale più e ogni accesso è stato chiuso. Se vuoi usare l'account, accedi con un codice via email.",
  credentialsInvalid: "Email o password non corretti",
  /** §8: login transport failure or unexpected exception. */
  loginUnavailable: "Ci scusiamo per il disagio, al momento non è possibile eseguire l'operazione richiesta",
  /** §8: registration transport failure. */
  genericError: "Errore generico",
  crossSite: "Richiesta non consentita da un altro sito",
  formExpired: "Il modulo è scaduto: ricarica la pagina e riprova",
  notLoggedIn: "Devi accedere per continuare",
  alreadyRegistered: "Il tuo account è già registrato",
  registrationCompleted: "Registrazione completata",
  registrationSent: "Ti abbiamo inviato un'email: apri il link che contiene per confermare l'indirizzo e accedere.",
  codeSent: "Se l'indirizzo è registrato, ti abbiamo inviato un codice di accesso valido 10 minuti.",
  resetSent: "Se l'indirizzo è registrato, ti abbiamo inviato un link per scegliere una nuova password.",
  passwordChanged: "Password cambiata: accedi con la nuova password.",
  tooManyAttempts: (minutes: number) => `Troppi tentativi: riprova tra ${minutes} ${minutes === 1 ? "minuto" : "minuti"}`,
} as const;

/**
 * A password of the right form that is common or easy to guess (docs/decisions/075). Only the server judges
 * it, so it stands apart from accountMessages: the browser's bundles, which carry that object, do not grow.
 */
export const passwordGuessableMessage = "Questa password è troppo comune o facile da indovinare: scegline un'altra";

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
/** Optional plus, three digits (optionally in brackets), three digits, three to six digits; - space . separators. */
export const PHONE_PATTERN = /^\+?(?:\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{3,6}$/;
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

export const phoneSchema = z.string({ error: accountMessages.phoneInvalid }).trim().regex(PHONE_PATTERN, accountMessages.phoneInvalid);

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
