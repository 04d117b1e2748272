/**
 * Who may call the publishing API (/api/publisher/v1/…; the `authorise` step, app/api/endpoint.server.ts):
 * a publisher, by its API key. Keys have no scopes: a key may do everything its publisher may, on that
 * publisher's own listings and imports only; another publisher's listing answers 404 like an unknown one.
 * Refusals speak the caller's language (Accept-Language).
 */
import { timingSafeEqual } from "node:crypto";
import type { InputLocale } from "../../core/publisher/listing-input.ts";
import { parseId } from "../../core/ids.ts";
import { findApiKeyByPrefix, findOwnListing, publisherKind, touchApiKey, type PublishedListingRow } from "../../db/publishing.ts";
import { jsonError } from "../api/errors.ts";
import type { Policy } from "../api/policies.server.ts";
import { API_KEY_PATTERN, hashApiKey, inputLocale } from "./publishing.server.ts";

const authMessages = {
  missing: {
    it: "chiave API mancante: inviare Authorization: Bearer <chiave>",
    en: "API key missing: send Authorization: Bearer <key>",
  },
  invalid: { it: "chiave API non valida", en: "invalid API key" },
  revoked: { it: "chiave API revocata", en: "API key revoked" },
} as const;

export const listingNotFoundText = { it: "annuncio non trovato", en: "listing not found" } as const;

function unauthorized(message: string): Response {
  const response = jsonError(401, message);
  response.headers.set("WWW-Authenticate", 'Bearer realm="casa publisher API"');
  return response;
}

export interface PublisherCaller {
  publisherId: number;
  keyId: number;
  locale: InputLocale;
  now: Date;
}

/**
 * The publisher a request's key stands for, its request counted against the key's `publisher` limit;
 * 401 (no key, unknown, wrong or revoked) before anything is read or changed.
 */
export const publisherKey: Policy<PublisherCaller> = async ({ request, svc, limit }) => {
  const locale = inputLocale(request);
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized(authMessages.missing[locale]);
  const key = match[1]!;
  const parts = API_KEY_PATTERN.exec(key);
  if (!parts) throw unauthorized(authMessages.invalid[locale]);
  const row = await findApiKeyByPrefix(svc.database.db, parts[1]!);
  const expected = row ? Buffer.from(row.keyHash, "hex") : Buffer.alloc(32);
  const given = Buffer.from(hashApiKey(key), "hex");
  if (!row || !timingSafeEqual(expected, given)) throw unauthorized(authMessages.invalid[locale]);
  if (row.revokedAt !== null) throw unauthorized(authMessages.revoked[locale]);
  // Per key, not per address: one agency's program cannot use up another's budget, nor dodge its own.
  await limit("publisher", `key:${row.id}`);
  const now = new Date(svc.clock());
  await touchApiKey(svc.database.db, Number(row.id), now);
  return { publisherId: Number(row.publisherId), keyId: Number(row.id), locale, now };
};

/** A publisher that may still publish: `publisherKey` whose publisher still exists (403), with its kind (what it may list). */
export const publishingPublisher: Policy<PublisherCaller & { kind: string }> = async (request) => {
  const caller = await publisherKey(request);
  const kind = await publisherKind(request.svc.database.db, caller.publisherId);
  if (!kind) {
    throw jsonError(
      403,
      caller.locale === "en" ? "this key's publisher no longer exists" : "l'inserzionista di questa chiave non esiste più",
    );
  }
  return { ...caller, kind };
};

/** `publisher`, then its own listing named by the path's `id`; an unknown id and another publisher's answer the same 404. */
function withOwnListing<C extends PublisherCaller>(publisher: Policy<C>): Policy<C & { listing: PublishedListingRow }> {
  return async (request) => {
    const caller = await publisher(request);
    const id = parseId(request.params.id);
    const listing = id === null ? null : await findOwnListing(request.svc.database.db, caller.publisherId, id);
    if (!listing) throw jsonError(404, listingNotFoundText[caller.locale], "id");
    return { ...caller, listing };
  };
}

/** The key's own listing, named by the path's `id` (reading it, its photos, withdrawing, confirming). */
export const ownListing = withOwnListing(publisherKey);

/** The key's own listing, its publisher still there and of a kind that may publish it (replacing its content). */
export const ownListingToChange = withOwnListing(publishingPublisher);
