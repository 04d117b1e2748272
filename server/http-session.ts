/** The session check wired into the HTTP layer (server/http.ts), before React Router sees the request. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CookieTarget } from "../app/account/cookies.server.ts";
import type { RequestInfo, Services } from "../app/services.ts";
import { clientKey } from "./rate-limit.ts";

function firstHeader(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim();
}

export function cookieTargetOf(
  headers: { get(name: string): string | null } | IncomingMessage["headers"],
  encrypted: boolean,
  trustProxy: boolean,
): CookieTarget {
  const get = (name: string) =>
    "get" in headers && typeof headers.get === "function"
      ? (headers.get(name) ?? undefined)
      : firstHeader((headers as IncomingMessage["headers"])[name]);
  const forwardedProto = trustProxy ? get("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  return { host: get("host") ?? "localhost", secure: encrypted || forwardedProto === "https" };
}

/**
 * Renews or clears the session cookies as seed 001 §4 says, and gives page requests a CSRF cookie.
 * The routes then read the updated Cookie header, so a renewed session counts for this very request.
 */
export async function checkSessionCookies(req: IncomingMessage, res: ServerResponse, services: Services): Promise<void> {
  const target = cookieTargetOf(req.headers, "encrypted" in req.socket && req.socket.encrypted === true, services.trustProxy > 0);
  const path = (req.url ?? "/").split("?")[0]!;
  const wantsCsrf =
    req.method === "GET" &&
    !path.startsWith("/portal-srp/") &&
    !path.startsWith("/client-account/") &&
    (req.headers.accept ?? "").includes("text/html");
  const { setCookies, cookieHeader } = await services.accounts.sessions.checkRequest(req.headers.cookie, target, wantsCsrf);
  if (setCookies.length) res.appendHeader("Set-Cookie", setCookies);
  if (cookieHeader !== req.headers.cookie) {
    if (cookieHeader) req.headers.cookie = cookieHeader;
    else delete req.headers.cookie;
  }
}

/** What loaders and actions learn about the request (app/services.ts RequestInfo). */
export function readRequestInfo(request: Request, clientAddress: string, services: Services): RequestInfo {
  const url = new URL(request.url);

  return {
    session: services.accounts.sessions.read(request.headers.get("cookie")),
    // The same client address as the API's rate limits: X-Forwarded-For read from the right, TRUST_PROXY hops deep.
    ip: clientKey(clientAddress, request.headers.get("x-forwarded-for"), services.trustProxy),
    cookies: cookieTargetOf(request.headers, url.protocol === "https:", services.trustProxy > 0),
    origin: url.origin,
  };
}
