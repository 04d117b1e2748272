/**
 * The pages and JSON endpoints behind an alert mail's signed links (seed 001 §2 and §7; docs/decisions/091):
 * the token is read here once, and everything shown or changed is the token's user's — a forged, altered
 * or expired token is `invalid` and shows nobody's data.
 */
import type { AlertLinkClaims } from "../../core/alerts/alert-links.ts";
import type { AlertFrequency } from "../../core/search/saved-search.ts";
import { deserializeSearch } from "../../core/search/saved-search.ts";
import { savedSearchDefaultTitle } from "../../core/search/seo.ts";
import { alertLinkOwner, type AlertLinkSearch } from "../../db/alert-links.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import type { Locale } from "../i18n/locale.ts";
import type { Services } from "../services.ts";

export interface LinkSearch {
  id: number;
  title: string;
  mail: AlertFrequency;
  push: AlertFrequency;
}

export type AlertLinkView =
  | { state: "invalid" }
  | { state: "valid"; claims: AlertLinkClaims; email: string; searches: LinkSearch[]; search: LinkSearch | null };

/** The longest token a link may carry (a signed alert link is about 150 characters). */
export const MAX_LINK_TOKEN = 400;

export function linkToken(url: URL): string {
  return (url.searchParams.get("t") ?? "").slice(0, MAX_LINK_TOKEN);
}

async function titled(svc: Services, searches: AlertLinkSearch[], locale: Locale): Promise<LinkSearch[]> {
  if (searches.length === 0) return [];
  const directory = await getPlaceDirectory(svc.database.db);
  return searches.map((s) => {
    let title = s.title;
    if (title === null) {
      try {
        const query = deserializeSearch(s.serialized);
        title = savedSearchDefaultTitle(
          query,
          query.places.map((id) => directory.get(id)).filter((p) => p !== undefined),
          locale,
        );
      } catch {
        title = "—";
      }
    }
    return { id: s.id, title, mail: s.mail, push: s.push };
  });
}

/** A link whose signature holds, with its user's address and saved searches as they are now. */
export interface AlertLink {
  token: string;
  claims: AlertLinkClaims;
  email: string;
  searches: AlertLinkSearch[];
}

/** The link a token stands for, or null for a forged, altered or expired token or a user who is gone. */
export async function verifyAlertLink(svc: Services, token: string): Promise<AlertLink | null> {
  const claims = svc.alertLinks.read(token);
  if (!claims) return null;
  const owner = await alertLinkOwner(svc.database.db, claims.u);
  return owner ? { token, claims, email: owner.email, searches: owner.searches } : null;
}

/** What a verified link shows: its user's searches titled in `locale`, and the one the link is about. */
export async function alertLinkView(svc: Services, link: AlertLink, locale: Locale): Promise<AlertLinkView & { state: "valid" }> {
  const searches = await titled(svc, link.searches, locale);
  return { state: "valid", claims: link.claims, email: link.email, searches, search: searches.find((s) => s.id === link.claims.s) ?? null };
}

export async function readAlertLinkView(svc: Services, token: string, locale: Locale): Promise<AlertLinkView> {
  const link = await verifyAlertLink(svc, token);
  return link ? alertLinkView(svc, link, locale) : { state: "invalid" };
}
