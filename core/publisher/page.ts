/**
 * Publisher pages (seed 001 §2 "Agency page", "Agent Pro page", §3 "Publisher", §9): their paths,
 * titles and the small rules the pages and the API share. Pure: no React, no database.
 * Paths are recorded in docs/decisions/045-publisher-pages.md.
 */
import { formatInteger } from "../format.ts";

export interface PublisherRef {
  id: number;
  kind: string;
  slug: string;
  isAgentPro: boolean;
}

/** An agency's page is /agenzie/{id}-{slug}/, an Agente Pro's /agenti/{id}-{slug}/; others have none. */
export function publisherPath(p: PublisherRef): string | null {
  if (p.kind === "agency") return `/agenzie/${p.id}-${p.slug}/`;
  if (p.kind === "agent" && p.isAgentPro) return `/agenti/${p.id}-${p.slug}/`;
  return null;
}

/** The id in "{id}-{slug}" (the slug may be missing or stale: the page then redirects to its canonical path). */
export function publisherIdFromParam(param: string | undefined): number | null {
  const m = /^([1-9]\d{0,14})(?:-[a-z0-9-]*)?$/.exec(param ?? "");
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) ? id : null;
}

/** seed 001 §5: a website without http gets http:// prepended. Anything that is not a web address is dropped. */
export function websiteHref(website: string | null | undefined): string | null {
  const w = (website ?? "").trim();
  if (w === "" || /\s/.test(w)) return null;
  if (/^https?:\/\//i.test(w)) return w;
  if (/^[a-z][a-z0-9+.-]*:/i.test(w)) return null; // javascript:, mailto: … are not websites
  return `http://${w}`;
}

/** The agents strip shows up to 4 avatars, then "+N" for the rest (seed 001 §9). */
export const AGENTS_STRIP = 4;
export function agentsStrip<T>(agents: readonly T[], total = agents.length): { shown: T[]; more: number } {
  const shown = agents.slice(0, AGENTS_STRIP);
  return { shown, more: Math.max(0, total - shown.length) };
}

/** "Mario Rossi" → "MR"; one word → its first two letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return `${words[0]![0]}${words[words.length - 1]![0]}`.toUpperCase();
}

export function agentsHeading(n: number, agency: string): string {
  return `${formatInteger(n)} ${n === 1 ? "agente immobiliare" : "agenti immobiliari"} per ${agency}`;
}

export function listingsHeading(n: number, agency: string): string {
  return `${formatInteger(n)} ${n === 1 ? "immobile" : "immobili"} per ${agency}`;
}

/** seed 001 §2: the "- pagina N" suffix is moved to the end of an agency title. */
export function movePageSuffixToEnd(title: string): string {
  const m = / - pagina \d+/.exec(title);
  if (!m) return title;
  const rest = (title.slice(0, m.index) + title.slice(m.index + m[0].length)).trimEnd();
  return `${rest}${m[0]}`;
}

/** The title of an agency's page: its listings heading, the site name, then the page suffix last. */
export function agencyPageTitle(name: string, town: string | null, page: number, site: string): string {
  const base = `${name}${town ? ` - agenzia immobiliare a ${town}` : ""}${page > 1 ? ` - pagina ${page}` : ""} | ${site}`;
  return movePageSuffixToEnd(base);
}

/** seed 001 §6: agencies may disable auctions, which hides phone and contact buttons on auction listings. */
export function canContactOnListing(listing: { isAuction: boolean }, publisher: { disableAuctions: boolean }): boolean {
  return !(listing.isAuction && publisher.disableAuctions);
}

/** The agency logo is resized to 125×60 with cross subscription (seed 001 §9), else shown at its own 120×60. */
export function logoSize(hasCrossSubscription: boolean): { width: number; height: number } {
  return hasCrossSubscription ? { width: 125, height: 60 } : { width: 120, height: 60 };
}

/** Descriptions longer than this are cut with an "espandi" toggle. */
export const DESCRIPTION_CUT = 160;
export function isDescriptionCut(description: string | null): boolean {
  return (description?.length ?? 0) > DESCRIPTION_CUT;
}
