/**
 * Province hub pages (seed 001 §2 Hub pages, §3 Hub page data, §9; docs/decisions/101): which hubs a
 * province has, their tabs and the search each tab stands for, the tab a URL hash picks, the titles, the
 * three columns and the zones shown before 'vedi tutte le zone'. Pure: no database, no React.
 */
import { licenseTypeGroups, propertyTypeGroups, roomSlugs, type Channel } from "../search/vocabulary.ts";

/** The hubs of a province: listings of a channel, court auctions, agencies. The path segment after the province. */
export const hubKinds = ["vendita", "affitto", "affitto-breve", "aste", "agenzie"] as const;
export type HubKind = (typeof hubKinds)[number];

/** The kind a path segment names (none: the sale hub), or null for an unknown segment. */
export function hubKindOf(segment: string | undefined): HubKind | null {
  if (segment === undefined || segment === "") return "vendita";
  // The sale hub has one address: without a segment.
  if (segment === "vendita") return null;
  return (hubKinds as readonly string[]).includes(segment) ? (segment as HubKind) : null;
}

/** The hub's path below /immobili/{region}/{province}/. */
export function hubSegment(kind: HubKind): string {
  return kind === "vendita" ? "" : `${kind}/`;
}

/** The three groups of tabs of §3 (plus the default tab), in the order the page shows them. */
export const tabGroups = ["default", "nRooms", "ptypes", "licenseTypeGroups"] as const;
export type TabGroup = (typeof tabGroups)[number];

/**
 * The listing-type slugs of §2 that are neither room counts nor home types: shown among the type tabs, each its
 * own search (court auctions, cellars, holiday homes, new builds).
 */
export const listingTypeSlugs = ["aste", "cantine-solai", "case-vacanza", "nuove-costruzioni"] as const;
export type ListingTypeSlug = (typeof listingTypeSlugs)[number];

/** Which listing-type tabs a hub offers. */
const listingTypesByKind: Readonly<Record<HubKind, readonly ListingTypeSlug[]>> = {
  vendita: ["aste", "nuove-costruzioni", "cantine-solai"],
  affitto: ["cantine-solai", "case-vacanza"],
  "affitto-breve": [],
  aste: [],
  agenzie: [],
};

function listingTypeRaw(kind: HubKind, slug: ListingTypeSlug): Record<string, unknown> {
  switch (slug) {
    case "aste":
      return { channel: "vendita", propertyTypeGroup: "case", only_auction: true };
    case "nuove-costruzioni":
      return { channel: "vendita", propertyTypeGroup: "nuove-costruzioni" };
    case "case-vacanza":
      return { channel: "affitto-breve", propertyTypeGroup: "case" };
    case "cantine-solai":
      return { channel: kind === "affitto" ? "affitto" : "vendita", propertyTypeGroup: "cantine-solai" };
  }
}

export interface HubTab {
  /** The URL hash (without '#') that selects the tab; "" for the default tab. */
  key: string;
  group: TabGroup;
  /** Raw search filters (seed 000 §3 keys, as parseSearch reads them) of the tab's listings, places aside. */
  raw: Record<string, unknown>;
  /** The rooms count of a rooms tab, the property type or listing type of a type tab. */
  rooms?: number;
  propertyType?: string;
  listingType?: ListingTypeSlug;
}

/** The listing channel and auction rule of a listings hub. */
function hubFrame(kind: Exclude<HubKind, "agenzie">): Record<string, unknown> {
  if (kind === "aste") return { channel: "vendita", propertyTypeGroup: "case", only_auction: true };
  return { channel: kind, propertyTypeGroup: "case" };
}

/** Every tab of a hub, default first. The agency hub has only its default tab. */
export function hubTabs(kind: HubKind): HubTab[] {
  if (kind === "agenzie") return [{ key: "", group: "default", raw: {} }];
  const frame = hubFrame(kind);
  const tabs: HubTab[] = [{ key: "", group: "default", raw: frame }];
  for (const [slug, rooms] of Object.entries(roomSlugs))
    tabs.push({ key: slug, group: "nRooms", rooms, raw: { ...frame, numRooms_min: rooms, numRooms_max: rooms } });
  for (const type of propertyTypeGroups.case)
    tabs.push({ key: type, group: "ptypes", propertyType: type, raw: { ...frame, propertyTypes: [type] } });
  for (const slug of listingTypesByKind[kind])
    tabs.push({ key: slug, group: "ptypes", listingType: slug, raw: listingTypeRaw(kind, slug) });
  if (kind === "vendita" || kind === "affitto")
    for (const g of licenseTypeGroups)
      tabs.push({
        key: g,
        group: "licenseTypeGroups",
        raw: { channel: kind, propertyTypeGroup: "commerciale", propertyTypes: ["attivita-licenza-commerciale"], license_type_groups: [g] },
      });
  return tabs;
}

/**
 * The tab a URL hash picks: a tab's key (a rooms slug, a property type slug, a licence-group slug) or a
 * room-count key ('2' for bilocali); anything else, the default tab.
 */
export function tabForHash(tabs: readonly HubTab[], hash: string): HubTab {
  const key = decodeHash(hash);
  const byRooms = /^[1-4]$/.test(key) ? tabs.find((t) => t.rooms === Number(key)) : undefined;
  return byRooms ?? tabs.find((t) => t.key !== "" && t.key === key) ?? tabs[0]!;
}

function decodeHash(hash: string): string {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw).trim().toLowerCase();
  } catch {
    return "";
  }
}

/** The anchor every hub link carries to the results page (§2). */
export const HUB_LINK_ANCHOR = "#seoFooter";

/**
 * A hub link to a results page: the canonical search path with its residential group written
 * '/residenziale' (§2; the codec reads it as an alias of 'case' and the page answers 301 to its canonical
 * form, fragment kept) and the '#seoFooter' anchor.
 */
export function hubLink(searchPath: string): string {
  const [path, query] = splitOnce(searchPath, "?");
  const residential = path.replace(/^\/(vendita|affitto|aste)\/case\//, "/$1/residenziale/");
  return `${residential}${query === undefined ? "" : `?${query}`}${HUB_LINK_ANCHOR}`;
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

/** How a hub names its channel: 'affitti' shown as 'affitto', short rent with ' breve' (§2). */
export function channelWord(channel: "vendita" | "affitti" | "affitto" | "affitto-breve"): string {
  if (channel === "vendita") return "vendita";
  return channel === "affitto-breve" ? "affitto breve" : "affitto";
}

/** The title variant of a hub (§2): listings, agency hub ('agenzie immobiliari'), auctions ('aste giudiziarie'). */
export type TitleVariant = "listings" | "agencies" | "auctions";
export function titleVariant(kind: HubKind): TitleVariant {
  return kind === "agenzie" ? "agencies" : kind === "aste" ? "auctions" : "listings";
}

/** The channel of a listings hub (auctions are sales). */
export function hubChannel(kind: Exclude<HubKind, "agenzie">): Channel {
  return kind === "aste" ? "vendita" : kind;
}

/** How many zones a town shows before 'vedi tutte le zone' (§9). */
export const ZONES_SHOWN = 3;
/** Columns of the municipality list (§9). */
export const HUB_COLUMNS = 3;

/** Splits a list into `columns` consecutive runs of near-equal length (the first ones longer), in order. */
export function intoColumns<T>(items: readonly T[], columns = HUB_COLUMNS): T[][] {
  const size = Math.ceil(items.length / columns);
  const out: T[][] = [];
  for (let c = 0; c < columns; c++) out.push(items.slice(c * size, (c + 1) * size));
  return out;
}

/** A town's zones: the first `ZONES_SHOWN` in view, the rest behind 'vedi tutte le zone'. */
export function splitZones<T>(zones: readonly T[]): { shown: T[]; more: T[] } {
  return { shown: zones.slice(0, ZONES_SHOWN), more: zones.slice(ZONES_SHOWN) };
}
