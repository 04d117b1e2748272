/**
 * What the login modal (login-modal.tsx) keeps and asks: the last session's details in local storage (seed 001
 * §4 User lifecycle) and the account endpoints' answers as one shape.
 */
import { recordLogin, type LastSession, type LoginMedium } from "../../core/account/last-session.ts";
import { USER_CACHE_KEYS } from "../../core/account/login-modal.ts";

const LAST_SESSION_KEY = "casa.lastSession";

export function readLastSession(): LastSession | null {
  try {
    return JSON.parse(window.localStorage.getItem(LAST_SESSION_KEY) ?? "null") as LastSession | null;
  } catch {
    return null;
  }
}

/** §4 User lifecycle: after any login the session details are stored and the user's local caches cleared. */
export function rememberLogin(email: string, medium: LoginMedium, passwordUsed: boolean): void {
  try {
    window.localStorage.setItem(LAST_SESSION_KEY, JSON.stringify(recordLogin(readLastSession(), email, medium, passwordUsed)));
    for (const key of USER_CACHE_KEYS.local) window.localStorage.removeItem(key);
    for (const key of USER_CACHE_KEYS.session) window.sessionStorage.removeItem(key);
  } catch {
    // storage blocked: nothing to remember or clear
  }
}

export type ApiAnswer =
  | { ok: true; body: { msg?: string; isNewAccount?: boolean; user?: { displayName: string } } }
  | { ok: false; message: string; field?: string };

export async function post(path: string, body: unknown, fallback: string): Promise<ApiAnswer> {
  try {
    const res = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { error: false | { message: string; field?: string } };
    if (res.ok && json.error === false) return { ok: true, body: json as never };
    return json.error ? { ok: false, message: json.error.message, field: json.error.field } : { ok: false, message: fallback };
  } catch {
    return { ok: false, message: fallback }; // §8: transport failure
  }
}
