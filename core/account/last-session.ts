/** §3 "Last session" and §4 "Last-session verification": the browser's memory of the last login. */
import { EMAIL_PATTERN } from "./validation.ts";

export const LOGIN_MEDIA = ["google", "googleonetap", "facebook", "apple", "email", "otp"] as const;
export type LoginMedium = (typeof LOGIN_MEDIA)[number];

export interface LastSession {
  email: string;
  /** Every medium the e-mail has logged in with. */
  medium: LoginMedium[];
  lastLoginMedium: LoginMedium;
  hasVerifiedPassword: boolean;
  verified?: boolean;
}

/** A valid e-mail counts as verified when a verified password exists or e-mail is among its media. */
export function verifyLastSession(last: LastSession): LastSession {
  const verified = EMAIL_PATTERN.test(last.email) && (last.hasVerifiedPassword || last.medium.includes("email"));
  return verified ? { ...last, verified: true } : last;
}

/** Records a login in the last-session record (a new e-mail starts a new record). */
export function recordLogin(previous: LastSession | null, email: string, medium: LoginMedium, passwordUsed: boolean): LastSession {
  const same = previous && previous.email === email ? previous : null;
  const media = same ? [...new Set([...same.medium, medium])] : [medium];
  return verifyLastSession({
    email,
    medium: media,
    lastLoginMedium: medium,
    hasVerifiedPassword: (same?.hasVerifiedPassword ?? false) || passwordUsed,
  });
}

export type LoginFlow = "lastLogin" | "loginToSave" | "registerToSave" | "mycasaFakeVerify" | "default";
export type LoginReason = "AddFavouriteSearch" | "SaveAddress" | "AddNote" | "SaveFavourite";

/** §2 flow variants, chosen by context. */
export function chooseLoginFlow(context: {
  origin?: "email-verification";
  mustRegister?: boolean;
  reason?: LoginReason;
  lastSession: LastSession | null;
}): LoginFlow {
  if (context.origin === "email-verification") return "mycasaFakeVerify";
  if (context.mustRegister) return "registerToSave";
  if (context.reason === "AddNote" || context.reason === "SaveFavourite") return "loginToSave";
  if (context.lastSession) return "lastLogin";
  return "default";
}
