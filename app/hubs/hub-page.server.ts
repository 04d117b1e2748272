/**
 * A province hub's data (seed 001 §3 Hub page data; docs/decisions/101): for every tab, each municipality of
 * the province with its listing count (every municipality on the default tab, those with listings on the
 * others) and its zones with listings; per town the median asking €/m² of the last 12 months, month by month.
 * Shared by the hub page and POST /portal-srp/api/v1/hubPage.
 */
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { CountCache } from "../../db/count-cache.ts";
import { PlaceLevel } from "../../core/places.ts";
import { hubChannel, hubLink, hubTabs, type HubKind, type HubTab, type TabGroup } from "../../core/hubs/hub.ts";
import { parseSearch } from "../../core/search/query.ts";
import { encodeSearchUrl } from "../../core/search/url.ts";
import { countAgenciesByTown, countEachByTownAndZone, townPriceTrends, type TownPriceTrend } from "../../db/hub-counts.ts";
import { getPlaceDirectory, type DirectoryPlace, type PlaceDirectory } from "../../db/place-directory.ts";
import { buildCriteria } from "../../db/search-criteria.ts";
import type { Database } from "../../db/schema.ts";
import { hubTabLabel } from "../i18n/hubs.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import type { HubPageData, HubPageView, HubTabData, HubTown } from "./hub-data.ts";

export { hubPath } from "./hub-data.ts";

/** The province with this qualified slug and its region, or null (the page answers 404). */
export async function findHubProvince(
  db: Kysely<Database>,
  provinceSlug: string,
): Promise<{ province: DirectoryPlace; region: DirectoryPlace; directory: PlaceDirectory } | null> {
  const directory = await getPlaceDirectory(db);
  const province = directory.bySlug(PlaceLevel.province, provinceSlug.toLowerCase());
  const region = province ? directory.ancestorAt(province.id, PlaceLevel.region) : undefined;
  if (!province || !region) return null;
  return { province, region, directory };
}

export async function loadHubPage(
  db: Kysely<Database>,
  found: { province: DirectoryPlace; region: DirectoryPlace; directory: PlaceDirectory },
  kind: HubKind,
  locale: Locale,
  now?: Date,
): Promise<HubPageData> {
  const { province, region, directory } = found;
  const towns = directory
    .children(province.id)
    .filter((p) => p.level === PlaceLevel.town)
    .sort((a, b) => a.name.localeCompare(b.name, "it"));
  const zonesOf = new Map(
    towns.map((t) => [
      t.id,
      directory
        .children(t.id)
        .filter((z) => z.level === PlaceLevel.zone)
        .sort((a, b) => a.name.localeCompare(b.name, "it")),
    ]),
  );
  const zones = towns.flatMap((t) => zonesOf.get(t.id)!);
  const tabs = hubTabs(kind);

  const agencyTab = async (tab: HubTab): Promise<HubTabData> => {
    const counts = await countAgenciesByTown(
      db,
      towns.map((t) => t.id),
    );
    const list = towns.map((t) => ({
      name: t.name,
      slugs: { slug: t.slug, qslug: t.qslug },
      href: `${localizePath("/trova-agenzia/", locale)}?comune=${encodeURIComponent(t.name)}`,
      count: counts.get(t.id) ?? 0,
      zones: [],
    }));
    return { key: tab.key, label: hubTabLabel(tab, locale, kind), totalCount: list.reduce((n, t) => n + t.count, 0), towns: list };
  };

  // Every tab's counts in one walk of the province's listings (docs/decisions/122).
  const listingTabs = async (): Promise<HubTabData[]> => {
    const queries = tabs.map((tab) => parseSearch(tab.raw, [province.id]));
    const criteria = await Promise.all(queries.map(async (query) => (await buildCriteria(db, query, { now })).criteria));
    const counted = await countEachByTownAndZone(db, criteria, towns, zones);
    return tabs.map((tab, i) => {
      const query = queries[i]!;
      const counts = counted[i]!;
      const href = (id: string) => localizePath(hubLink(encodeSearchUrl({ ...query, places: [id] }, directory)), locale);
      const list: HubTown[] = [];
      for (const t of towns) {
        const count = counts.get(t.id) ?? 0;
        if (count === 0 && tab.group !== "default") continue;
        list.push({
          name: t.name,
          slugs: { slug: t.slug, qslug: t.qslug },
          href: href(t.id),
          count,
          zones: zonesOf.get(t.id)!.flatMap((z) => {
            const n = counts.get(z.id) ?? 0;
            return n > 0 ? [{ name: z.name, slug: z.slug, href: href(z.id), count: n }] : [];
          }),
        });
      }
      return { key: tab.key, label: hubTabLabel(tab, locale, kind), totalCount: list.reduce((n, t) => n + t.count, 0), towns: list };
    });
  };

  const [all, trends] = await Promise.all([
    kind === "agenzie" ? Promise.all(tabs.map(agencyTab)) : listingTabs(),
    kind === "agenzie"
      ? new Map<string, TownPriceTrend>()
      : townPriceTrends(db, province.id, hubChannel(kind), { onlyAuctions: kind === "aste", now }),
  ]);
  const group = (g: Exclude<TabGroup, "default">) => all.filter((_, i) => tabs[i]!.group === g);
  return {
    kind,
    region: { name: region.name, slug: region.slug },
    province: { id: province.id, name: province.name, slug: province.slug, short: province.short },
    generalInfo: { default: all[0]!, nRooms: group("nRooms"), ptypes: group("ptypes"), licenseTypeGroups: group("licenseTypeGroups") },
    prices: Object.fromEntries(towns.flatMap((t) => (trends.has(t.id) ? [[t.qslug, trends.get(t.id)!]] : []))),
  };
}

/**
 * The computed hubs of this process (docs/decisions/122), by province, kind and locale: computing one walks the
 * province's listings for every tab, so it is kept until the listings change. The count cache's `clear` (the
 * listing follower calls it after applying changes, in every process) forgets them all; a hub computed while
 * a change was applied is handed to its callers but not kept. Bounded by the towns and zones held; entries
 * also expire after 10 minutes, as the price trends they carry do.
 */
type HubKey = { db: Kysely<Database>; found: Parameters<typeof loadHubPage>[1]; kind: HubKind; locale: Locale };
const hubCaches = new WeakMap<CountCache, LRUCache<string, HubPageData, HubKey>>();

function hubCacheOf(counts: CountCache): LRUCache<string, HubPageData, HubKey> {
  let cache = hubCaches.get(counts);
  if (!cache) {
    const created = new LRUCache<string, HubPageData, HubKey>({
      maxSize: 200_000,
      sizeCalculation: (hub) =>
        Math.max(
          1,
          hubTabsData(hub).reduce((n, tab) => n + tab.towns.reduce((m, t) => m + 1 + t.zones.length, 0), 0),
        ),
      ttl: 600_000,
      ignoreFetchAbort: true,
      fetchMethod: (_key, _stale, { context }) => loadHubPage(context.db, context.found, context.kind, context.locale),
    });
    counts.onClear(() => created.clear());
    hubCaches.set(counts, (cache = created));
  }
  return cache;
}

/** The hub's data, computed once until the listings change (`hubCacheOf`). */
export function cachedHubPage(
  counts: CountCache,
  db: Kysely<Database>,
  found: Parameters<typeof loadHubPage>[1],
  kind: HubKind,
  locale: Locale,
): Promise<HubPageData> {
  return hubCacheOf(counts).forceFetch(`${found.province.id}|${kind}|${locale}`, { context: { db, found, kind, locale } });
}

/** The page's share of a hub: the tab bar, the towns of the tab with this key (unknown keys: the default tab). */
export function hubView(hub: HubPageData, key: string): HubPageView {
  const info = hub.generalInfo;
  const groups: Array<[TabGroup, HubTabData[]]> = [
    ["default", [info.default]],
    ["nRooms", info.nRooms],
    ["ptypes", info.ptypes],
    ["licenseTypeGroups", info.licenseTypeGroups],
  ];
  const tabs = groups.flatMap(([group, list]) => list.map((t) => ({ key: t.key, group, label: t.label, totalCount: t.totalCount })));
  const shown = hubTabsData(hub).find((t) => t.key === key) ?? info.default;
  const prices: HubPageData["prices"] = {};
  for (const t of shown.towns) if (Object.hasOwn(hub.prices, t.slugs.qslug)) prices[t.slugs.qslug] = hub.prices[t.slugs.qslug]!;
  return { kind: hub.kind, region: hub.region, province: hub.province, tabs, shown, prices };
}

/** Every tab of a hub's data, default first. */
export function hubTabsData(hub: HubPageData): HubTabData[] {
  const info = hub.generalInfo;
  return [info.default, ...info.nRooms, ...info.ptypes, ...info.licenseTypeGroups];
}
