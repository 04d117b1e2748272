/**
 * The account forms' Italian messages (seed 001 §5 and §8), apart from their zod rules (validation.ts) so that
 * the pages that only show a message do not carry zod into the browser.
 */
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
 * it; it stands apart from accountMessages because the rules' own messages are the browser's too.
 */
export const passwordGuessableMessage = "Questa password è troppo comune o facile da indovinare: scegline un'altra";
