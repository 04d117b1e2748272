/** Texts of the account pages and the login modal (validation messages come from core/account/validation.ts). */
import { accountMessages } from "../../core/account/messages.ts";
import { accountMessagesEn } from "../../core/account/message-locale.ts";
import type { Messages } from "./locale.ts";

type AccountTexts = {
  login: string;
  loginTitle: string;
  loginIntro: string;
  email: string;
  password: string;
  passwordHint: string;
  name: string;
  submitLogin: string;
  codeLogin: string;
  codeTitle: string;
  codeIntro: string;
  sendCode: string;
  code: string;
  codeHint: string;
  submitCode: string;
  forgotPassword: string;
  forgotTitle: string;
  forgotIntro: string;
  sendLink: string;
  resetTitle: string;
  newPassword: string;
  submitReset: string;
  registerTitle: string;
  registerIntro: string;
  register: string;
  submitRegister: string;
  consent: string;
  marketing: string;
  noAccount: string;
  haveAccount: string;
  verifyTitle: string;
  verifyIntro: string;
  submitVerify: string;
  /** The verification page's second button: the mailbox's owner did not register (docs/decisions/073). */
  disownAccount: string;
  disownNote: string;
  linkUsed: string;
  linkSuperseded: string;
  linkInvalid: string;
  registrationDisowned: string;
  welcome: (name: string) => string;
  welcomeback: (name: string) => string;
  welcomeText: string;
  loggedInAs: (name: string) => string;
  botCheckNote: string;
  continueWith: (provider: string) => string;
  close: string;
  back: string;
  otherEmail: string;
  outboxTitle: string;
  outboxEmpty: string;
  modalTitle: string;
  modalText: string;
  continueWithEmail: string;
  next: string;
  passwordTitle: string;
  otpTitle: string;
  getAPasswordTitle: string;
  saveReason: string;
  addressReason: string;
  registerToSave: string;
  termsTitle: string;
  termsText: string;
  termsAccept: string;
  socialFailed: string;
  promptTitle: string;
  promptClose: string;
  /** Under the social buttons wherever they show: a new social account accepts the terms by this text (decision 044). */
  socialConsent: string;
  accountTitle: string;
  logoutEverywhere: string;
  deleteTitle: string;
  deleteText: string;
  deleteSubmit: string;
  deleted: string;
  loggedOutEverywhere: string;
};

export const accountTexts: Messages<AccountTexts> = {
  it: {
    login: "Accedi",
    loginTitle: "Accedi",
    loginIntro: "Accedi per salvare preferiti, ricerche e avvisi.",
    email: "Email",
    password: "Password",
    passwordHint: "Da 8 a 32 caratteri, con almeno una minuscola, una maiuscola e un numero.",
    name: "Nome",
    submitLogin: "Accedi",
    codeLogin: "Accedi con un codice via email",
    codeTitle: "Accedi con un codice",
    codeIntro: "Ti inviamo via email un codice di 6 cifre valido 10 minuti.",
    sendCode: "Inviami il codice",
    code: "Codice",
    codeHint: "Le 6 cifre ricevute via email.",
    submitCode: "Accedi con il codice",
    forgotPassword: "Hai dimenticato la password?",
    forgotTitle: "Password dimenticata",
    forgotIntro: "Inserisci la tua email: ti inviamo un link per sceglierne una nuova.",
    sendLink: "Inviami il link",
    resetTitle: "Scegli una nuova password",
    newPassword: "Nuova password",
    submitReset: "Salva la password",
    registerTitle: "Registrati",
    registerIntro: "Crea un account gratuito: ti basta un'email.",
    register: "Registrati",
    submitRegister: "Registrati",
    consent: "Premendo il pulsante accetti le condizioni d'uso e dichiari di aver letto l'informativa sulla privacy.",
    marketing: "Voglio ricevere novità e offerte via email",
    noAccount: "Non hai un account?",
    haveAccount: "Hai già un account?",
    verifyTitle: "Conferma il tuo indirizzo email",
    verifyIntro: "Premi il pulsante per confermare l'indirizzo e accedere.",
    submitVerify: "Conferma e accedi",
    disownAccount: "Non ho creato io questo account",
    disownNote: "Se non ti sei registrato tu, non confermare: la password scelta da chi si è registrato non varrà più.",
    linkUsed: accountMessages.linkUsed,
    linkSuperseded: accountMessages.linkSuperseded,
    linkInvalid: accountMessages.linkInvalid,
    registrationDisowned: accountMessages.registrationDisowned,
    welcome: (name) => `Benvenuto, ${name}!`,
    welcomeback: (name) => `Bentornato, ${name}!`,
    welcomeText: "Ora puoi salvare preferiti, ricerche e avvisi.",
    loggedInAs: (name) => `Sei connesso come ${name}`,
    botCheckNote: "Verifichiamo che tu non sia un robot con un breve calcolo nel browser.",
    continueWith: (provider) => `Continua con ${provider}`,
    close: "Chiudi",
    back: "Indietro",
    otherEmail: "Usa un'altra email",
    outboxTitle: "Posta in uscita (sviluppo)",
    outboxEmpty: "Nessuna email inviata.",
    modalTitle: "Accedi o registrati",
    modalText: "Salva preferiti e ricerche e ricevi gli avvisi sui nuovi annunci.",
    continueWithEmail: "Continua con email",
    next: "Continua",
    passwordTitle: "Inserisci la password",
    otpTitle: "Inserisci il codice",
    getAPasswordTitle: "Ricevi una nuova password",
    saveReason: "Accedi per salvare la ricerca.",
    addressReason: "Accedi per salvare l'indirizzo.",
    registerToSave: "Registrati per salvare.",
    termsTitle: "Abbiamo aggiornato le condizioni d'uso",
    termsText: "Per continuare a usare il tuo account accetta le nuove condizioni d'uso e leggi l'informativa sulla privacy.",
    termsAccept: "Accetto",
    accountTitle: "Il mio account",
    logoutEverywhere: "Esci da tutti i dispositivi",
    deleteTitle: "Elimina l'account",
    deleteText: "L'account e tutti i suoi dati (consensi, accessi salvati, codici) vengono eliminati e non si possono recuperare.",
    deleteSubmit: "Elimina definitivamente",
    deleted: "Il tuo account è stato eliminato.",
    loggedOutEverywhere: "Sei uscito da tutti i dispositivi.",
    socialFailed: "L'accesso con il profilo social non è riuscito: riprova o accedi con l'email.",
    promptTitle: "Accedi in un attimo",
    promptClose: "Chiudi l'invito ad accedere",
    socialConsent: "Continuando con un account social accetti le condizioni d'uso e dichiari di aver letto l'informativa sulla privacy.",
  },
  en: {
    login: "Log in",
    loginTitle: "Log in",
    loginIntro: "Log in to keep favourites, searches and alerts.",
    email: "Email",
    password: "Password",
    passwordHint: "8 to 32 characters, with a lowercase letter, an uppercase letter and a digit.",
    name: "Name",
    submitLogin: "Log in",
    codeLogin: "Log in with a code by email",
    codeTitle: "Log in with a code",
    codeIntro: "We email you a 6-digit code, valid for 10 minutes.",
    sendCode: "Send me the code",
    code: "Code",
    codeHint: "The 6 digits you received by email.",
    submitCode: "Log in with the code",
    forgotPassword: "Forgot your password?",
    forgotTitle: "Forgotten password",
    forgotIntro: "Enter your email: we send you a link to choose a new one.",
    sendLink: "Send me the link",
    resetTitle: "Choose a new password",
    newPassword: "New password",
    submitReset: "Save the password",
    registerTitle: "Sign up",
    registerIntro: "Create a free account: an email is all it takes.",
    register: "Sign up",
    submitRegister: "Sign up",
    consent: "By pressing the button you accept the terms of use and confirm you have read the privacy notice.",
    marketing: "Send me news and offers by email",
    noAccount: "No account yet?",
    haveAccount: "Already have an account?",
    verifyTitle: "Confirm your email address",
    verifyIntro: "Press the button to confirm the address and log in.",
    submitVerify: "Confirm and log in",
    disownAccount: "I did not create this account",
    disownNote: "If you did not sign up, do not confirm: the password chosen by whoever signed up will stop working.",
    linkUsed: accountMessagesEn.linkUsed,
    linkSuperseded: accountMessagesEn.linkSuperseded,
    linkInvalid: accountMessagesEn.linkInvalid,
    registrationDisowned: accountMessagesEn.registrationDisowned,
    welcome: (name) => `Welcome, ${name}!`,
    welcomeback: (name) => `Welcome back, ${name}!`,
    welcomeText: "You can now keep favourites, searches and alerts.",
    loggedInAs: (name) => `Logged in as ${name}`,
    botCheckNote: "We check you are not a robot with a short computation in your browser.",
    continueWith: (provider) => `Continue with ${provider}`,
    close: "Close",
    back: "Back",
    otherEmail: "Use another email",
    outboxTitle: "Outgoing mail (development)",
    outboxEmpty: "No email sent.",
    modalTitle: "Log in or sign up",
    modalText: "Keep favourites and searches and get alerts on new listings.",
    continueWithEmail: "Continue with email",
    next: "Continue",
    passwordTitle: "Enter your password",
    otpTitle: "Enter the code",
    getAPasswordTitle: "Get a new password",
    saveReason: "Log in to save the search.",
    addressReason: "Log in to save the address.",
    registerToSave: "Sign up to save.",
    termsTitle: "We have updated our terms of use",
    termsText: "To keep using your account, accept the new terms of use and read the privacy notice.",
    termsAccept: "I accept",
    accountTitle: "My account",
    logoutEverywhere: "Log out on every device",
    deleteTitle: "Delete the account",
    deleteText: "The account and all its data (consents, saved logins, codes) are deleted and cannot be recovered.",
    deleteSubmit: "Delete for good",
    deleted: "Your account has been deleted.",
    loggedOutEverywhere: "You are logged out on every device.",
    socialFailed: "Logging in with the social profile failed: try again or log in with your email.",
    promptTitle: "Log in in a moment",
    promptClose: "Close the invitation to log in",
    socialConsent: "By continuing with a social account you accept the terms of use and confirm you have read the privacy notice.",
  },
};
