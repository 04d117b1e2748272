/**
 * The HTTP layer: request ids and security headers on every response, health and readiness probes,
 * static files, request logging, then React Router. Probes are answered here so they work while the
 * database is still loading; a database outage or a query past its time limit answers 503 here, in
 * the API's error shape or as a short Italian page (docs/decisions/036).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants } from "node:zlib";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import sirv from "sirv";
import { jsonError } from "../app/api/errors.ts";
import {
  clientAddressContext,
  requestContext,
  requestInfoContext,
  servicesContext,
  type RequestTrace,
  type Services,
} from "../app/services.ts";
import { isDatabaseFailure } from "../db/availability.ts";
import { checkSessionCookies, cookieTargetOf, readRequestInfo } from "./http-session.ts";
import type { Logger } from "./logger.ts";
import { refuseMalformedRequest } from "./request-guard.ts";
import { isPage, RequestQueue, takesTurn, type Admission, type RequestQueueLimits } from "./request-queue.ts";

export interface PortalState {
  phase: "starting" | "loading" | "ready" | "stopping";
  services: Services | null;
  /** Shown on /readyz and on pages while not ready. */
  detail: string;
  /** True once the in-memory caches behind search (listing facts) have loaded; /readyz shows it. */
  warm?: boolean;
  /** Whether the database server answers (db/availability.ts); null on the embedded database. */
  availability?: { readonly available: boolean; report(error: unknown): void } | null;
  /** Where this process follows listing changes: a replica's name or "primary" (null without replicas); /readyz shows it. */
  listingChangesSource?: () => string | null;
}

/** A page takes 5–20 ms of CPU; a request holding its turn longer waits on something else (server/request-queue.ts). */
const MAX_TURN_MS = 250;

/** Seconds a client should wait before retrying a 503. */
const RETRY_AFTER_SECONDS = 5;
/** Seconds a client should wait before retrying when the portal is busy (not down). */
const OVERLOADED_RETRY_AFTER_SECONDS = 2;

// ---- Request ids -------------------------------------------------------------------------------

/** A client's X-Request-Id is kept only when it looks like an id (log injection, unbounded keys). */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function acceptRequestId(header: string | string[] | undefined): string {
  return typeof header === "string" && REQUEST_ID.test(header) ? header : randomUUID();
}

// ---- Security headers (docs/decisions/035) -----------------------------------------------------

/**
 * Scripts only from this origin or carrying this response's nonce (React Router's inline hydration
 * scripts); styles only from stylesheets of this origin (the app sets no style attributes in HTML;
 * MapLibre sets styles through the CSSOM, which CSP allows); MapLibre's module worker from /vendor/.
 * A configured MAP_STYLE_URL's origin may serve the map's style, tiles, glyphs and sprites (docs/decisions/057).
 */
export function contentSecurityPolicy(nonce: string, https: boolean, mapOrigin?: string): string {
  const map = mapOrigin ? ` ${mapOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    `img-src 'self' data: blob:${map}`,
    "font-src 'self'",
    `connect-src 'self'${map}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

function setSecurityHeaders(res: ServerResponse, nonce: string, hsts: boolean, mapOrigin?: string): void {
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, hsts, mapOrigin));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=(), usb=()");
  res.setHeader("X-Frame-Options", "DENY"); // frame-ancestors for browsers that predate it
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

// ---- Database failures seen during a request ---------------------------------------------------

interface RequestScope extends RequestTrace {
  /** The first failed query of this request (db/database.ts reports every one through noteDatabaseError). */
  databaseError?: unknown;
  /** A statement of this request wrote on the primary (noteDatabaseWrite): its session reads the primary for a while. */
  wrote?: boolean;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/** Remembers a failed query against the request it belongs to, if any (called by the database's error hook). */
export function noteDatabaseError(error: unknown): void {
  const scope = requestScope.getStore();
  if (scope) scope.databaseError ??= error;
}

/** Marks the request in progress, if any, as having written (called by the primary's query hook). */
export function noteDatabaseWrite(): void {
  const scope = requestScope.getStore();
  if (scope) scope.wrote = true;
}

// ---- Read-your-writes on replicas (docs/decisions/107) -----------------------------------------

/** Until when (epoch ms) this browser's reads go to the primary: set on a response whose request wrote. */
export const READ_PRIMARY_COOKIE = "casa_rp";

/** Whether the request's cookie says its session wrote recently. */
export function readsPrimary(cookieHeader: string | undefined, now: number): boolean {
  if (!cookieHeader) return false;
  const match = /(?:^|;\s*)casa_rp=(\d{1,16})(?:;|$)/.exec(cookieHeader);
  return match !== null && Number(match[1]) > now;
}

function withReadPrimaryCookie(response: Response, until: number, secure: boolean): Response {
  const headers = new Headers(response.headers);
  const maxAge = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  headers.append(
    "Set-Cookie",
    `${READ_PRIMARY_COOKIE}=${until}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  );
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function wantsJson(path: string, accept: string | undefined): boolean {
  return (
    path.startsWith("/portal-srp/") ||
    path.startsWith("/lh/") ||
    path.endsWith(".geojson") ||
    (!!accept && !accept.includes("text/html") && accept.includes("json"))
  );
}

const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Servizio momentaneamente non disponibile</title></head>
<body><main><h1>Servizio momentaneamente non disponibile</h1>
<p>Non riusciamo a leggere gli annunci in questo momento. Riprova tra qualche secondo.</p>
<p><a href="/">Torna alla home</a></p></main></body></html>
`;

/** 503 with Retry-After: the API's error shape for JSON clients, a short Italian page for people. */
export function unavailableResponse(path: string, accept: string | undefined): Response {
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (wantsJson(path, accept)) {
    const response = jsonError(503, "Servizio momentaneamente non disponibile: riprova tra qualche secondo.");
    for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
    return response;
  }
  return new Response(UNAVAILABLE_PAGE, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

const OVERLOADED_PAGE = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Troppe richieste in questo momento</title></head>
<body><main><h1>Troppe richieste in questo momento</h1>
<p>Il portale è molto occupato. Riprova tra qualche secondo.</p>
<p><a href="/">Torna alla home</a></p></main></body></html>
`;

/** 503 when too many requests wait (the portal is busy, the database is not down): its own text, a short Retry-After. */
export function overloadedResponse(path: string, accept: string | undefined): Response {
  const headers = { "Retry-After": String(OVERLOADED_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (wantsJson(path, accept)) {
    const response = jsonError(503, "Troppe richieste in questo momento: riprova tra qualche secondo.");
    for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
    return response;
  }
  return new Response(OVERLOADED_PAGE, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

// ---- The request's origin (docs/decisions/078) -------------------------------------------------

/**
 * The origin of the Request React Router gets: PUBLIC_URL when it is set (a forged Host changes no link), else
 * the one the client used, its Host header (checked by refuseMalformedRequest) with http or https. Same-origin
 * means this origin both for React Router's check of an action's Origin header and for the endpoints' own
 * (app/api/endpoint.server.ts isSameOrigin): a portal without PUBLIC_URL works at any name that reaches it.
 */
export function requestOrigin(
  req: IncomingMessage,
  publicOrigin: string | null,
  trustProxy: boolean,
): { host: string; protocol: "http:" | "https:" } {
  if (publicOrigin) {
    const url = new URL(publicOrigin);
    return { host: url.host, protocol: url.protocol === "https:" ? "https:" : "http:" };
  }
  const target = cookieTargetOf(req.headers, "encrypted" in req.socket && req.socket.encrypted === true, trustProxy);
  return { host: target.host, protocol: target.secure ? "https:" : "http:" };
}

// ---- The handler -------------------------------------------------------------------------------

export function createHandler(options: {
  build: ServerBuild;
  clientDir: string;
  state: PortalState;
  logger: Logger;
  hsts?: boolean;
  mapStyleUrl?: string;
  /** Pages and search APIs served at once, in flight, waiting, and the longest wait (server/request-queue.ts). */
  turns: Omit<RequestQueueLimits, "maxTurnMs">;
  /** PUBLIC_URL's origin, or null (see requestOrigin). */
  publicOrigin: string | null;
  /** TRUST_PROXY > 0: the proxy's X-Forwarded-Proto tells whether the client used https. */
  trustProxy: boolean;
}) {
  const { build, clientDir, state, logger, hsts = false, turns, publicOrigin, trustProxy } = options;
  const reads = new RequestQueue({ ...turns, maxTurnMs: MAX_TURN_MS });
  const mapOrigin = options.mapStyleUrl ? new URL(options.mapStyleUrl).origin : undefined;
  // The build writes .br and .gz beside each asset (scripts/compress-assets.ts).
  const assets = sirv(clientDir, {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res, pathname) {
      if (pathname.startsWith("/assets/")) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    },
  });
  // Pages and JSON compressed on the fly (brotli at a fast level, else gzip); assets are precompressed.
  // Pages at level 2: compressing was one of a results page's largest costs in CPU, and level 2 takes about half of
  // level 4's time for a few per cent more bytes (docs/decisions/151). Everything else (the JSON API) at level 4:
  // at level 2 the search API's responses set off a major collection every 30 searches or so, and cost 3 ms more
  // CPU a search than at level 4 (docs/decisions/154).
  const brotliAt = (quality: number) => compression({ threshold: 1024, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: quality } } });
  const compressPage = brotliAt(2);
  const compressOther = brotliAt(4);
  const handleRequest = createRequestHandler(build, "production");

  /** React Router, with request.url on the request's origin (requestOrigin). */
  /** `endTurn` is called once the response is made, before it is sent: a client slow to read holds no turn. */
  async function serveApp(
    req: IncomingMessage,
    res: ServerResponse,
    services: Services,
    scope: RequestScope,
    path: string,
    endTurn: () => void,
  ): Promise<void> {
    let request: Request;
    try {
      request = createRequest(req, res, requestOrigin(req, publicOrigin, trustProxy));
    } catch (error) {
      logger.warn({ err: error, reqId: scope.id }, "unreadable request");
      res.statusCode = 400;
      res.end();
      return;
    }
    const context = new RouterContextProvider(
      new Map<RouterContext, unknown>([
        [servicesContext, services],
        [requestContext, scope],
        [clientAddressContext, req.socket.remoteAddress ?? "unknown"],
        [requestInfoContext, readRequestInfo(request, req.socket.remoteAddress ?? "", services)],
      ]),
    );
    let response: Response;
    const replicas = services.database.replicas;
    try {
      const run = () => requestScope.run(scope, () => handleRequest(request, context));
      response = await (replicas && readsPrimary(req.headers.cookie, Date.now()) ? replicas.onPrimary(run) : run());
      // Only a request that changes something on purpose (not a GET's side effect, such as a search history row).
      if (replicas && scope.wrote && req.method !== "GET" && req.method !== "HEAD")
        response = withReadPrimaryCookie(response, Date.now() + replicas.readYourWritesMs, hsts);
    } catch (error) {
      if (request.signal.aborted) return;
      logger.error({ err: error, reqId: scope.id }, "request failed");
      response = new Response("Errore interno del server", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    const failure = scope.databaseError ?? scope.error;
    if (response.status >= 500 && failure !== undefined && isDatabaseFailure(failure)) {
      // Kysely reports failed queries, not failed connections: tell the monitor here too.
      state.availability?.report(failure);
      await response.body?.cancel().catch(() => {});
      response = unavailableResponse(path, req.headers.accept);
    }
    endTurn();
    if (res.destroyed) return;
    await sendResponse(res, response);
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const requestId = acceptRequestId(req.headers["x-request-id"]);
    const nonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", requestId);
    setSecurityHeaders(res, nonce, hsts, mapOrigin);
    res.on("finish", () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const line = { reqId: requestId, method: req.method, url: req.url, status: res.statusCode, ms };
      if (ms > 500) logger.warn(line, "slow request");
      else logger.info(line, "request");
    });
    if (refuseMalformedRequest(req, res)) return;
    const path = (req.url ?? "/").split("?")[0]!;
    const databaseAvailable = state.availability?.available ?? true;
    if (path === "/healthz") return json(res, 200, { status: "ok", phase: state.phase, pid: process.pid });
    if (path === "/readyz") {
      const ready = state.phase === "ready" && databaseAvailable;
      const detail = state.phase === "ready" && !databaseAvailable ? "database non raggiungibile" : state.detail;
      return json(res, ready ? 200 : 503, {
        status: ready ? "ready" : "not ready",
        phase: state.phase,
        detail,
        database: databaseAvailable ? "up" : "down",
        warm: state.warm ?? false,
        requests: { inFlight: reads.inFlight, waiting: reads.waiting, peakInFlight: reads.peakInFlight },
        // Which worker answered (a node's workers each hold their own replica states and follower).
        pid: process.pid,
        ...(state.services?.database.replicas
          ? { replicas: state.services.database.replicas.status(), listingChanges: { source: state.listingChangesSource?.() ?? null } }
          : {}),
      });
    }
    const services = state.services;
    if (state.phase !== "ready" || !services) {
      res.statusCode = 503;
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(`Il portale si sta avviando (${state.detail}). Riprova tra qualche secondo.\n`);
      return;
    }
    // The client's address for rate limits (app/contact/client.server.ts); whatever a client sent is overwritten.
    req.headers["x-client-address"] = req.socket.remoteAddress ?? "";
    assets(req, res, () => {
      const compress = isPage(path) ? compressPage : compressOther;
      compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
        // While the database is known to be down, answer at once instead of waiting on connection timeouts.
        if (!(state.availability?.available ?? true)) {
          void sendResponse(res, unavailableResponse(path, req.headers.accept));
          return;
        }
        const scope: RequestScope = { id: requestId, nonce };
        // Pages and search APIs take turns (server/request-queue.ts); media, vendor files, other API reads and
        // requests with a body do not. A client that goes away while waiting leaves the queue.
        let admission: Promise<Admission>;
        if (takesTurn(req.method, path)) {
          const left = new AbortController();
          res.once("close", () => left.abort());
          admission = reads.enter(left.signal);
        } else admission = Promise.resolve({ kind: "admitted", end: () => {} });
        void admission.then((admitted) => {
          if (admitted.kind !== "admitted") {
            if (admitted.kind === "left" || res.destroyed) return;
            logger.warn({ reqId: requestId, why: admitted.kind, waiting: reads.waiting, inFlight: reads.inFlight }, "overloaded: refused");
            void sendResponse(res, overloadedResponse(path, req.headers.accept));
            return;
          }
          const endTurn = admitted.end;
          // A client that left while waiting gets nothing rendered.
          if (res.destroyed) return endTurn();
          // Session renewal (seed 001 §4) happens first, so the routes see the renewed cookies.
          checkSessionCookies(req, res, services)
            .catch((error: unknown) => {
              logger.error({ err: error, reqId: requestId }, "session check failed");
            })
            .then(() => serveApp(req, res, services, scope, path, endTurn))
            .catch((error: unknown) => {
              logger.error({ err: error, reqId: requestId }, "response failed");
              if (!res.headersSent) res.statusCode = 500;
              res.end();
            })
            .finally(endTurn);
        });
      });
    });
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(JSON.stringify(body));
}
