/** A province hub's data as page and API return it (seed 001 §3 Hub page data), and the hub's path: for the server and the page. */
import { hubSegment, type HubKind, type TabGroup } from "../../core/hubs/hub.ts";
import type { TownPriceTrend } from "../../db/hub-counts.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";

export interface HubZone {
  name: string;
  slug: string;
  href: string;
  count: number;
}
export interface HubTown {
  name: string;
  slugs: { slug: string; qslug: string };
  href: string;
  count: number;
  zones: HubZone[];
}
export interface HubTabData {
  /** The URL hash that selects it ("" for the default tab). */
  key: string;
  label: string;
  totalCount: number;
  towns: HubTown[];
}
export interface HubPageData {
  kind: HubKind;
  region: { name: string; slug: string };
  province: { id: string; name: string; slug: string; short: string | null };
  /** §3: the tabs grouped; `default` is the one shown when the hash names no tab. */
  generalInfo: { default: HubTabData } & { [G in Exclude<TabGroup, "default">]: HubTabData[] };
  /** Median asking €/m² of the homes published in the last 12 months, by town qslug (towns with listings of that kind). */
  prices: Record<string, TownPriceTrend>;
}

/**
 * What the hub page carries (docs/decisions/122): every tab's name and total for the tab bar, and the towns of
 * the shown tab only (the others are fetched when the hash or a tab link asks for them).
 */
export interface HubPageView {
  kind: HubKind;
  region: HubPageData["region"];
  province: HubPageData["province"];
  /** Every tab, default first, without its towns. */
  tabs: Array<{ key: string; group: TabGroup; label: string; totalCount: number }>;
  shown: HubTabData;
  /** The price trends of the shown tab's towns. */
  prices: HubPageData["prices"];
}

/** The hub page's path. */
export function hubPath(region: { slug: string }, province: { slug: string }, kind: HubKind, locale: Locale): string {
  return localizePath(`/immobili/${region.slug}/${province.slug}/${hubSegment(kind)}`, locale);
}
