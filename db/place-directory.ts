/**
 * Every place without its polygon, held in memory after the first use (places change only when the
 * dataset is reloaded, which restarts the process): id, slug and parent look-ups in O(1) for the URL
 * codec, titles and breadcrumbs.
 */
import type { Kysely } from "kysely";
import { selectAsJsonRows } from "./json-rows.ts";
import { oncePerDatabase } from "./once-per-database.ts";
import { withBbox, type WithBbox } from "./places.ts";
import type { Database, Row, SelectedColumns } from "./schema.ts";

/** What the directory keeps of each place (no polygon). */
const directoryColumns = [
  "id",
  "level",
  "type",
  "name",
  "nameEn",
  "slug",
  "qslug",
  "hkey",
  "parentId",
  "istatCode",
  "short",
  "population",
  "lat",
  "lon",
  "bboxMinLon",
  "bboxMinLat",
  "bboxMaxLon",
  "bboxMaxLat",
  "zoom",
] as const;

export type DirectoryPlace = WithBbox<Pick<Row<"places">, SelectedColumns<typeof directoryColumns>>>;

export class PlaceDirectory {
  readonly #byId = new Map<string, DirectoryPlace>();
  readonly #bySlug = new Map<string, DirectoryPlace>();
  readonly #children = new Map<string, DirectoryPlace[]>();
  readonly #levels = new Map<number, DirectoryPlace[]>();

  constructor(places: DirectoryPlace[]) {
    for (const p of places) {
      this.#byId.set(p.id, p);
      this.#bySlug.set(`${p.level}:${p.qslug}`, p);
      if (p.parentId) this.#children.set(p.parentId, [...(this.#children.get(p.parentId) ?? []), p]);
    }
  }

  get(id: string): DirectoryPlace | undefined {
    return this.#byId.get(id);
  }

  /** By level and qualified slug (unique per level). */
  bySlug(level: number, qslug: string): DirectoryPlace | undefined {
    return this.#bySlug.get(`${level}:${qslug}`);
  }

  children(id: string): DirectoryPlace[] {
    return this.#children.get(id) ?? [];
  }

  /** Ancestors from the country down to the parent. */
  ancestors(id: string): DirectoryPlace[] {
    const out: DirectoryPlace[] = [];
    let current = this.#byId.get(id);
    while (current?.parentId) {
      current = this.#byId.get(current.parentId);
      if (current) out.unshift(current);
    }
    return out;
  }

  /** The nearest ancestor (or the place itself) of the given level. */
  ancestorAt(id: string, level: number): DirectoryPlace | undefined {
    let current = this.#byId.get(id);
    while (current && current.level !== level) current = current.parentId ? this.#byId.get(current.parentId) : undefined;
    return current;
  }

  /** Every place of a level (e.g. all towns), in load order. */
  atLevel(level: number): DirectoryPlace[] {
    let list = this.#levels.get(level);
    if (!list) {
      list = [...this.#byId.values()].filter((p) => p.level === level);
      this.#levels.set(level, list);
    }
    return list;
  }

  get size(): number {
    return this.#byId.size;
  }
}

/** The directory for this database, loaded once. */
export const getPlaceDirectory: (db: Kysely<Database>) => Promise<PlaceDirectory> = oncePerDatabase(loadPlaceDirectory);

async function loadPlaceDirectory(db: Kysely<Database>): Promise<PlaceDirectory> {
  const rows = await selectAsJsonRows(db, db.selectFrom("places").select(directoryColumns));
  return new PlaceDirectory(rows.map(withBbox));
}
