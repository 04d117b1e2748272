/**
 * What route loaders and actions may use, handed to them through React Router's context by the
 * server (server/http.ts). Routes stay thin: they parse input, call a repository, present.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { CountCache } from "../db/count-cache.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { IsochroneProvider } from "../core/search/isochrone.ts";
import type { Logger } from "../server/logger.ts";
import type { Accounts } from "./account/accounts.server.ts";
import type { CookieTarget } from "./account/cookies.server.ts";
import type { SessionClaims } from "./account/tokens.server.ts";
import type { AlertLinks } from "../server/alerts/alert-links.ts";
import type { RateLimiter } from "../server/rate-limit.ts";

export interface Services {
  database: DatabaseHandle;
  logger: Logger;
  /** Search totals kept for a few seconds (db/count-cache.ts). */
  counts: CountCache;
  /** Travel-time areas: the built-in estimate or a Valhalla-compatible service. */
  isochrones: IsochroneProvider;
  /** Per-client limits the API boundary applies (server/rate-limit.ts). */
  rateLimiter: RateLimiter;
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY). */
  trustProxy: number;
  /**
   * PUBLIC_URL, else http://localhost:<port>: the origin of the links in mails, never the client's Host (a forged
   * Host must not put a password reset link on another site). Pages link on request.url's origin (server/http.ts).
   */
  publicOrigin: string;
  /** Accounts and sessions (app/account/accounts.server.ts). */
  accounts: Accounts;
  /** Signs and reads the links of alert mails (docs/decisions/091). */
  alertLinks: AlertLinks;
  /** Web push (docs/decisions/116): the portal's VAPID public key and the origins allowed besides browsers' push services. */
  push: { publicKey: string; extraOrigins: readonly string[] };
  /** The mail queue's sender in this process: woken after a mail is queued (server/mail-queue.ts). */
  mailQueue: { wake(): void };
  /** Offer to save the search after a lead (seed 001 §4; SAVE_SEARCH_PROPOSAL_AFTER_LEAD=off disables it). */
  proposeSaveSearchAfterLead: boolean;
  /** DEV_OUTBOX=on: /sviluppo/posta/ lists the outbox to this machine's own connections (docs/decisions/074). */
  devOutbox: boolean;
  /** MAP_STYLE_URL: the search map's style in production; null: the built-in offline style (docs/decisions/057). */
  mapStyleUrl: string | null;
  /** Now, for rules that count days (publishers' listing freshness): Date.now, or a test's injected clock. */
  clock: () => number;
  /** FEED_MAX_BYTES: the largest feed an import reads (after decompression). */
  feedMaxBytes: number;
  /** Scheduled feed pulls (docs/decisions/135): whether a source may be on a private network, and this process's puller. */
  feedPull: { allowPrivate: boolean; wake(): void };
  /** The downloader of photos feeds list by address (docs/decisions/141). */
  feedPhotos: { wake(): void; recheckMs: number };
}

/** Who is asking: the session checked from the cookies (no database read), address, cookie target. */
export interface RequestInfo {
  session: SessionClaims | null;
  ip: string;
  cookies: CookieTarget;
  /** The request's own origin (PUBLIC_URL when set, else the scheme and Host the client used): same-origin checks. */
  origin: string;
}

export const servicesContext = createContext<Services>();
export const requestInfoContext = createContext<RequestInfo>();

/** The TCP peer of the request (server/http.ts sets it); the rate limits count per client. */
export const clientAddressContext = createContext<string>("unknown");
/** One request as the HTTP layer sees it: its id for logs, its CSP nonce, and the error a loader threw, if any. */
export interface RequestTrace {
  id: string;
  nonce: string;
  /** Set by handleError (app/entry.server.tsx) so the HTTP layer can answer 503 for a database failure. */
  error?: unknown;
}

export const requestContext = createContext<RequestTrace>();

export function services(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
