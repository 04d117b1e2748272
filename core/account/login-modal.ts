/**
 * The login modal's panels and moves (seed 001 §2 "Login and registration panels", §4 "Modals"): pure, so
 * the component only renders the current panel. No panel depends on whether an e-mail has an account
 * (docs/decisions/043): after the e-mail, the "existing account" panel offers password and code to anyone.
 */
import type { LoginFlow } from "./last-session.ts";

export type LoginPanel =
  | "incipit"
  | "insertEmail"
  | "existingAccount"
  | "otpVerify"
  | "register"
  | "getAPassword"
  | "loginAction"
  | "registerToSave";

/** §4 Modals and §9 timings. */
export const MODAL_CLOSE_MS = 201;
export const MODAL_FOLLOW_UP_MS = 301;
export const WELCOME_MODAL_MS = 305;
/** §9: the login modal is 430 px wide. */
export const LOGIN_MODAL_WIDTH = 430;

/** The first panel of a flow. */
export function firstPanel(flow: LoginFlow, knownEmail: string | null): LoginPanel {
  if (flow === "mycasaFakeVerify") return knownEmail ? "otpVerify" : "insertEmail";
  if (flow === "registerToSave") return "registerToSave";
  if (flow === "lastLogin" && knownEmail) return "existingAccount";
  if (flow === "loginToSave") return "loginAction";
  return "incipit";
}

/** Where the header's back button goes from a panel (null: no back button; incipit is the "father" panel). */
export function backFrom(panel: LoginPanel): LoginPanel | null {
  switch (panel) {
    case "incipit":
    case "loginAction":
    case "registerToSave":
      return null;
    case "insertEmail":
      return "incipit";
    case "existingAccount":
    case "register":
      return "insertEmail";
    case "otpVerify":
    case "getAPassword":
      return "existingAccount";
  }
}

/** The header reset action (§2): what it clears when going back to a panel. */
export function resetFor(panel: LoginPanel): Array<"email" | "password" | "registration" | "loginType"> {
  if (panel === "incipit") return ["email", "password", "registration", "loginType"];
  if (panel === "insertEmail") return ["password", "registration"];
  if (panel === "existingAccount") return ["password"];
  return [];
}

/** After login: 'welcome' for a new account, 'welcomeback' for a returning one (shown after 305 ms). */
export function afterLoginModal(isNewAccount: boolean): { modal: "welcome" | "welcomeback"; delayMs: number } {
  return isNewAccount ? { modal: "welcome", delayMs: 0 } : { modal: "welcomeback", delayMs: WELCOME_MODAL_MS };
}

/** §4 User lifecycle: local caches of the anonymous visitor's server-backed data, cleared after any login. */
export const USER_CACHE_KEYS = {
  local: ["savedsearchesData", "savedsearchesProvinces", "savedAddresses"],
  session: ["favouritesLoaded"],
} as const;
