/**
 * The contact form's Italian messages and consent text (seed 001 §3 "Contact form", §5), apart from its zod rules
 * (form.ts) so that pages which only show them do not carry zod into the browser.
 */
export const contactMessages = {
  nameInvalid: "Il nome inserito non è valido",
  nameRequired: "Il nome è obbligatorio",
  emailInvalid: "L'indirizzo email non è valido",
  emailRequired: "L'indirizzo email è obbligatorio",
  /** E-mail missing while a name was given (seed 001 §5 "e-mail mandatory with name"). */
  emailMissingWithName: "Inserisci un indirizzo mail valido",
  emailBlocked: "A quest'email non è possibile ricevere le risposte dell'inserzionista. Usane un'altra.",
  phoneInvalid: "Il numero di telefono inserito non è valido",
  messageRequired: "Scrivi un messaggio per l'inserzionista",
  messageTooLong: "Il messaggio può avere al massimo 3000 caratteri",
} as const;

/** Consent text under the send button (seed 001 §5). */
export const consentText =
  "Premendo «Invia» accetti le condizioni d'uso del servizio e dichiari di aver letto l'informativa sulla privacy.";
