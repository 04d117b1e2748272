/**
 * What a push alert says and where it may go (issue 23 item 5, docs/decisions/116). Pure: the matcher builds
 * the payload from the alert mail's content (the same public view: no private-negotiation price), the service
 * worker shows it and opens `url` (the listing) on a click, and the sender decides from the push service's
 * answer whether a message is sent, its device gone, worth another try, or given up.
 */
import type { AlertLocale, AlertMailContent, AlertListContent } from "./alert-mail.ts";

/** The notification the service worker shows (public/alert-sw: `title`, `body`, `icon`, opens `url`). */
export interface AlertPushPayload {
  title: string;
  body: string;
  /** The listing's page: the notification opens it. */
  url: string;
  icon: string | null;
  /** One notification per listing on a device: a later alert about it replaces the earlier one. */
  tag: string;
  /** The language it is written in (the page the search was saved from). */
  lang: AlertLocale;
}

/** Push services limit a payload to 4 KB after encryption; the texts are cut well below that. */
const MAX_TITLE = 120;
const MAX_BODY = 400;

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

export function alertPushPayload(mail: AlertMailContent, listingId: number, lang: AlertLocale): AlertPushPayload {
  const price = mail.card.oldPrice ? `${mail.card.oldPrice} → ${mail.card.price}` : mail.card.price;
  return {
    title: cut(mail.subject, MAX_TITLE),
    body: cut([mail.card.title, price, mail.card.place].filter(Boolean).join(" · "), MAX_BODY),
    url: mail.listingUrl,
    icon: mail.card.photoUrl,
    tag: `listing-${listingId}`,
    lang,
  };
}

/** A daily push lists this many of its listings in the body; the rest are counted. */
const DIGEST_PUSH_LINES = 3;

const digestPushMore = {
  it: (n: number) => (n === 1 ? "…e un altro annuncio" : `…e altri ${n} annunci`),
  en: (n: number) => (n === 1 ? "…and 1 more listing" : `…and ${n} more listings`),
} as const;

/**
 * The daily push ('Una volta al giorno', docs/decisions/130): one notification per saved search and Rome day, built
 * from the digest mail's content (same subject, same public prices); it opens the search's results, newest first.
 * `tag` is the search and day, as the digest mail's Message-ID is: sent twice, it shows once on the device.
 */
export function digestPushPayload(
  digest: AlertListContent,
  total: number,
  savedSearchId: number,
  romeDay: string,
  lang: AlertLocale,
): AlertPushPayload {
  const lines = digest.cards.slice(0, DIGEST_PUSH_LINES).map((c) => [c.title, c.price].filter(Boolean).join(" · "));
  const more = total - lines.length;
  return {
    title: cut(digest.subject, MAX_TITLE),
    body: cut([...lines, ...(more > 0 ? [digestPushMore[lang](more)] : [])].join("\n"), MAX_BODY),
    url: digest.resultsUrl,
    icon: digest.cards[0]?.photoUrl ?? null,
    tag: `digest-${savedSearchId}-${romeDay}`,
    lang,
  };
}

/** The browsers' push services: an endpoint elsewhere is refused (the portal would POST wherever a body said). */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "push.services.mozilla.com",
  "web.push.apple.com",
  "notify.windows.com",
] as const;

/**
 * Whether the portal may send to this endpoint: https on a browser vendor's push service (the host or a
 * sub-domain of one), or exactly one of `extraOrigins` (PUSH_EXTRA_ORIGINS: a test's loopback push service).
 */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  return PUSH_SERVICE_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
}

export type PushOutcome = "sent" | "gone" | "retry" | "give-up";

/**
 * What a push service's answer means (RFC 8030): 2xx sent; 404/410 the subscription is gone for good; 408,
 * 429 and 5xx (and no answer at all: `status` null) are worth another try until `maxAttempts`; any other
 * answer (400 bad request, 403 key mismatch, 413 too large) will not change on a retry.
 */
export function pushOutcome(status: number | null, attempts: number, maxAttempts: number): PushOutcome {
  if (status !== null && status >= 200 && status < 300) return "sent";
  if (status === 404 || status === 410) return "gone";
  const transient = status === null || status === 408 || status === 429 || status >= 500;
  return transient && attempts < maxAttempts ? "retry" : "give-up";
}

/** The push endpoints' messages (Italian, as MyCasa's; the field is named in the error). */
export const pushMessages = {
  endpointRefused: "Il servizio di notifiche di questo browser non è supportato.",
  deviceNotFound: "Questo dispositivo non riceve notifiche push per il tuo account.",
} as const;
