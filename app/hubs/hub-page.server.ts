/**
 * A province hub's data (seed 001 §3 Hub page data; docs/decisions/101): for every tab, each municipality of
 * the province with its listing count (every municipality on the default tab, those with listings on the
 * others) and its zones with listings; per town the median asking €/m² of the last 12 months, month by month.
 * Shared by the hub page and POST /portal-srp/api/v1/hubPage.
 */
import type { Kysely } from "kysely";
import { PlaceLevel } from "../../core/places.ts";
import { hubChannel, hubLink, hubTabs, type HubKind, type HubTab, type TabGroup } from "../../core/hubs/hub.ts";
import { parseSearch } from "../../core/search/query.ts";
import { encodeSearchUrl } from "../../core/search/url.ts";
import { countAgenciesByTown, countByTownAndZone, townPriceTrends, type TownPriceTrend } from "../../db/hub-counts.ts";
import { getPlaceDirectory, type DirectoryPlace, type PlaceDirectory } from "../../db/place-directory.ts";
import { buildCriteria } from "../../db/search-criteria.ts";
import type { Database } from "../../db/schema.ts";
import { hubTabLabel } from "../i18n/hubs.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import type { HubPageData, HubTabData, HubTown } from "./hub-data.ts";

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
  const places = [...towns, ...towns.flatMap((t) => zonesOf.get(t.id)!)];

  const tabData = async (tab: HubTab): Promise<HubTabData> => {
    const label = hubTabLabel(tab, locale, kind);
    if (kind === "agenzie") {
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
      return { key: tab.key, label, totalCount: list.reduce((n, t) => n + t.count, 0), towns: list };
    }
    const query = parseSearch(tab.raw, [province.id]);
    const { criteria } = await buildCriteria(db, query, { now });
    const counts = await countByTownAndZone(db, criteria, places);
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
        zones: zonesOf
          .get(t.id)!
          .map((z) => ({ name: z.name, slug: z.slug, href: href(z.id), count: counts.get(z.id) ?? 0 }))
          .filter((z) => z.count > 0),
      });
    }
    return { key: tab.key, label, totalCount: list.reduce((n, t) => n + t.count, 0), towns: list };
  };

  const tabs = hubTabs(kind);
  const [all, trends] = await Promise.all([
    Promise.all(tabs.map(tabData)),
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
