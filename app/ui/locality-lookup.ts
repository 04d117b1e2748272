/**
 * The places of the locality tree (search-locality-tree.tsx), read from GET /lh/v2/{level}/{slug}: the
 * place the tree hangs from, a node's children, and the tree's nodes for core/search/checkbox-tree.ts.
 */
import { lookupPathByLevel, PlaceLevel } from "../../core/places.ts";
import type { TreeNode } from "../../core/search/checkbox-tree.ts";
import type { UrlPlace } from "../../core/search/url.ts";
import type { ToolPlace } from "./search-locality.tsx";

/** What the tree shows for each node. */
export interface NodeInfo extends UrlPlace {
  count: number | null;
  hasChildren: boolean;
}

/** The /lh/v2 answer, as far as the tree reads it. */
interface LookupLocation {
  id: string;
  name: string;
  level: number;
  slug: string;
  count: number;
  has_children: boolean;
  display?: { it: string; en: string };
  parents?: Array<{ id: string; name: string; level: number; slug: string }>;
}
export interface LookupAnswer {
  location: LookupLocation;
  locations: LookupLocation[];
}

/** Which children a node of each level shows in the tree. */
export const childLevel: Partial<Record<number, number>> = {
  [PlaceLevel.province]: PlaceLevel.town,
  [PlaceLevel.town]: PlaceLevel.zone,
  [PlaceLevel.zone]: PlaceLevel.block,
};

export async function fetchLookup(level: number, qslug: string, channel: string, signal?: AbortSignal): Promise<LookupAnswer> {
  const name = lookupPathByLevel[level];
  if (!name) throw new Error(`no lookup for level ${level}`);
  const response = await fetch(`/lh/v2/${name}/${encodeURIComponent(qslug)}?site=it_casa&channel=${encodeURIComponent(channel)}`, {
    headers: { Accept: "application/json" },
    signal,
  });
  if (!response.ok) throw new Error(`lookup answered ${response.status}`);
  return (await response.json()) as LookupAnswer;
}

function infoOf(l: LookupLocation, parentId: string | null): NodeInfo {
  return {
    id: l.id,
    level: l.level,
    qslug: l.slug,
    // Places keep their official names in English too (docs/decisions/081).
    name: l.name,
    parentId,
    count: l.count,
    hasChildren: l.has_children,
  };
}

/** The place the tree hangs from: a province or a town (a zone, block, metro line or area goes up to its town). */
export async function loadRoot(
  primary: ToolPlace,
  channel: string,
  signal: AbortSignal,
): Promise<{ root: NodeInfo; answer: LookupAnswer; ancestors: NodeInfo[] }> {
  let answer = await fetchLookup(primary.level, primary.qslug, channel, signal);
  if (primary.level !== PlaceLevel.province && primary.level !== PlaceLevel.town) {
    const town = [...(answer.location.parents ?? [])].reverse().find((p) => p.level === PlaceLevel.town);
    if (!town) throw new Error("no town above this place");
    answer = await fetchLookup(PlaceLevel.town, town.slug, channel, signal);
  }
  // A town without zones (Bologna, most towns) would offer nothing to choose: its province's towns
  // instead, with this town ticked — neighbours to add or swap (docs/decisions/048).
  if (answer.location.level === PlaceLevel.town && !answer.locations.some((l) => l.level === PlaceLevel.zone)) {
    const province = [...(answer.location.parents ?? [])].reverse().find((p) => p.level === PlaceLevel.province);
    if (province) answer = await fetchLookup(PlaceLevel.province, province.slug, channel, signal);
  }
  const parents = answer.location.parents ?? [];
  const ancestors = parents.map((p, i) => ({
    id: p.id,
    level: p.level,
    qslug: p.slug,
    name: p.name,
    parentId: parents[i - 1]?.id ?? null,
    count: null,
    hasChildren: true,
  }));
  const root = infoOf(answer.location, parents[parents.length - 1]?.id ?? null);
  return { root, answer, ancestors };
}

export function childrenOf(answer: LookupAnswer, parent: NodeInfo): NodeInfo[] {
  const wanted = childLevel[parent.level];
  return answer.locations.filter((l) => l.level === wanted).map((l) => infoOf(l, parent.id));
}

export function toNodes(children: NodeInfo[]): TreeNode[] {
  return children.map((c) => (c.hasChildren && childLevel[c.level] !== undefined ? { id: c.id } : { id: c.id, children: [] }));
}
