/**
 * The cookie choice on the server (docs/decisions/089): read from the request's cookie (strictly: a forged
 * value is no choice), and set by the banner's and the preferences page's one form endpoint, which also
 * records it for a logged-in user.
 */
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import {
  CONSENT_COOKIE,
  CONSENT_KINDS,
  type ConsentChoice,
  choiceFor,
  consentCookieMaxAge,
  formatConsent,
  parseConsent,
  safeReturnPath,
} from "../../core/consent/cookie-consent.ts";
import { parseCookies, serializeCookie } from "../account/cookies.server.ts";
import { recordConsents } from "../../db/users.ts";
import { isSameOrigin } from "../api/endpoint.server.ts";
import { jsonError } from "../api/errors.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { requestInfo, services } from "../services.ts";

/** The visitor's valid choice, or null (no cookie, a malformed or forged value, older than six months). */
export function readConsent(request: Request, nowMs = Date.now()): ConsentChoice | null {
  return parseConsent(parseCookies(request.headers.get("cookie"))[CONSENT_COOKIE], nowMs);
}

const checkbox = z.literal("on").optional();
const formSchema = z.object({
  scelta: z.enum(["accetta", "rifiuta", "personalizza"], { error: "Scelta non valida: accetta, rifiuta o personalizza." }),
  statistiche: checkbox,
  profilazione: checkbox,
  ritorno: z.string().max(2000).optional(),
});

/**
 * POST of the banner or the preferences page. Without JavaScript: sets the cookie and goes back (303) to
 * the page the form came from. From the banner's script (Accept: application/json): the choice as JSON.
 */
export async function saveConsent({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }): Promise<Response> {
  const svc = services(context);
  const info = requestInfo(context);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  if (!isSameOrigin(request, info, svc.publicOrigin)) return jsonError(403, "Richiesta da un altro sito: scelta non salvata.");
  const form = await request.formData().catch(() => null);
  const parsed = formSchema.safeParse(form ? Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) : {});
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]!.message, parsed.error.issues[0]!.path.join(".") || undefined);
  const now = Date.now();
  const body = parsed.data;
  const choice = choiceFor(body.scelta, { statistiche: body.statistiche === "on", profilazione: body.profilazione === "on" }, now);
  if (info.session) {
    await recordConsents(
      svc.database.db,
      info.session.uid,
      { [CONSENT_KINDS.statistiche]: choice.statistiche, [CONSENT_KINDS.profilazione]: choice.profilazione },
      new Date(now),
    );
  }
  const headers = new Headers({
    "Set-Cookie": serializeCookie(CONSENT_COOKIE, formatConsent(choice), info.cookies, consentCookieMaxAge(choice, now)),
    "Cache-Control": "no-store",
  });
  if (wantsJson) {
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify({ consent: choice }), { status: 200, headers });
  }
  const back = safeReturnPath(body.ritorno, localizePath("/", localeFromPath(new URL(request.url).pathname)));
  headers.set("Location", back);
  return new Response(null, { status: 303, headers });
}
