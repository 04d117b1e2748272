/**
 * The account messages in English (issue 21 item 15, docs/decisions/081). The rules (validation.ts) and the
 * API keep the spec's Italian messages, one set for server and browser; a page shows a message in its own
 * language through `accountMessageIn`, so /en/ forms say 'Please enter a valid email address'.
 */
import { accountMessages, passwordGuessableMessage } from "./messages.ts";

type AccountMessages = {
  [K in keyof typeof accountMessages]: (typeof accountMessages)[K] extends string ? string : (minutes: number) => string;
};

export const accountMessagesEn: AccountMessages = {
  nameRequired: "Please enter your name",
  nameInvalid: "The name entered is not valid",
  emailInvalid: "Please enter a valid email address",
  emailAppleRelay: "Apple's private email addresses are not accepted: please enter your own email address",
  emailMissingWithName: "Please enter a valid email address",
  passwordInvalid: "Please enter a valid password",
  phoneInvalid: "The phone number entered is not valid",
  consentRequired: "To register you must accept the terms of use",
  botCheckFailed: "The anti-robot check failed: please try again",
  codeInvalid: "The code is not valid or has expired",
  linkInvalid: "The link is not valid or has expired",
  linkUsed: "This link has already been used: log in with your password or with a code by email",
  linkSuperseded:
    "This link no longer works: the email address has already been confirmed. Log in with your password or with a code by email",
  emailNotVerified: "First confirm your email address with the link we sent you, or log in with a code by email",
  registrationDisowned:
    "Done: the password chosen by whoever created the account no longer works and every session has been closed. To use the account, log in with a code by email.",
  credentialsInvalid: "Wrong email or password",
  loginUnavailable: "Sorry for the inconvenience: the requested operation is not possible at the moment",
  genericError: "Something went wrong",
  crossSite: "Request not allowed from another site",
  formExpired: "The form has expired: reload the page and try again",
  notLoggedIn: "Please log in to continue",
  alreadyRegistered: "Your account is already registered",
  registrationCompleted: "Registration complete",
  registrationSent: "We have sent you an email: open the link in it to confirm your address and log in.",
  codeSent: "If the address is registered, we have sent you a login code valid for 10 minutes.",
  resetSent: "If the address is registered, we have sent you a link to choose a new password.",
  passwordChanged: "Password changed: log in with your new password.",
  tooManyAttempts: (minutes) => `Too many attempts: try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`,
};

const keyOfMessage = new Map<string, keyof typeof accountMessages>();
for (const key of Object.keys(accountMessages) as Array<keyof typeof accountMessages>) {
  const text = accountMessages[key];
  if (typeof text === "string") keyOfMessage.set(text, key);
}
const tooManyAttempts = /^Troppi tentativi: riprova tra (\d+) minut[oi]$/;

/** An account message (from the rules or the API) in the page's language; a message it does not know stays as it is. */
export function accountMessageIn(message: string, locale: "it" | "en"): string {
  if (locale === "it") return message;
  const key = keyOfMessage.get(message);
  if (key) return accountMessagesEn[key] as string;
  // A message of its own, apart from accountMessages (docs/decisions/075).
  if (message === passwordGuessableMessage) return "This password is too common or easy to guess: choose another one";
  const wait = tooManyAttempts.exec(message);
  return wait ? accountMessagesEn.tooManyAttempts(Number(wait[1])) : message;
}
