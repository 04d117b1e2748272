/** Who is asking: the client address (for rate limits), a keyed hash of it (stored), the device code, the user. */
import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import type { DeviceCode } from "../../core/device.ts";
import { isSameOrigin } from "../api/endpoint.server.ts";
import { requestInfo, services } from "../services.ts";

/** server/http.ts sets this header from the socket (and overwrites whatever a client sent). */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}

/** What is stored with a lead or a call: a hash, so the table never holds an address. */
export function clientKey(request: Request): string {
  return createHash("sha256")
    .update(`casa-lead:${clientAddress(request)}`)
    .digest("hex")
    .slice(0, 24);
}

/**
 * Whether a lead or a phone reveal comes from the portal's own pages, by the account endpoints' one rule
 * (Origin, else Sec-Fetch-Site): another site must not make its visitors send leads or reveal numbers.
 */
export function fromOwnSite(request: Request, context: Readonly<RouterContextProvider>): boolean {
  return isSameOrigin(request, requestInfo(context), services(context).accounts.publicOrigin);
}

/** PM smartphone, PT tablet, PD otherwise (seed 001 §9), from the user agent when the body does not say. */
export function deviceFromUserAgent(userAgent: string | null): DeviceCode {
  const ua = userAgent ?? "";
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(ua)) return "PT";
  if (/Mobi|iPhone|Android/i.test(ua)) return "PM";
  return "PD";
}

/**
 * The logged-in user's id. Seam for the accounts work (issue 12 and the accounts issue): it returns
 * null until sessions exist; leads and calls store it when it is set.
 */
export function currentUserId(_request: Request): string | null {
  return null;
}
