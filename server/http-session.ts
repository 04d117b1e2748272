/** The session check wired into the HTTP layer (server/http.ts), before React Router sees the request. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestInfo, Services } from "../../app/services.ts";
import { clientKey } from "../rate-limit.ts";
import type { CookieTarget } from "./cookies.ts";

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
  const { setCookies, cookieHeader } = await services.accounts.checkRequest(req.headers.cookie, target, wantsCsrf);
  if (setCookies.length) res.appendHeader("Set-Cookie", setCookies);
  if (cookieHeader !== req.headers.cookie) {
    if (cookieHeader) req.headers.cookie = cookieHeader;
    else delete req.headers.cookie;
  }
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Is the TCP peer this machine? Judged from the socket's own address: forwarded headers can be forged. */
export function isLoopbackPeer(socketAddress: string | undefined): boolean {
  return socketAddress !== undefined && LOOPBACK.test(socketAddress);
}

/**
 * Who may read the development outbox (docs/decisions/074): a loopback peer that did not come through a proxy.
 * Forwarded headers never let a request in; their presence keeps it out, since behind a proxy on this
 * machine every visitor's connection is a loopback one.
 */
export function mayReadDevOutbox(socketAddress: string | undefined, headers: { has(name: string): boolean }): boolean {
  return isLoopbackPeer(socketAddress) && !headers.has("x-forwarded-for") && !headers.has("forwarded");
}

/** What loaders and actions learn about the request (app/services.ts RequestInfo). */
export function readRequestInfo(request: Request, clientAddress: string, services: Services): RequestInfo {
  const url = new URL(request.url);

  return {
    session: services.accounts.readSession(request.headers.get("cookie")),
    // The same client address as the API's rate limits: X-Forwarded-For read from the right, TRUST_PROXY hops deep.
    ip: clientKey(clientAddress, request.headers.get("x-forwarded-for"), services.trustProxy),
    cookies: cookieTargetOf(request.headers, url.protocol === "https:", services.trustProxy > 0),
    origin: url.origin,
  };
}
