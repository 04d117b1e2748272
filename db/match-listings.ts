/**
 * Listings as core/search/match.ts reads them: every search column (instants in milliseconds, numbers
 * as numbers), the metro stops and zones. For deciding one listing against searches (alerts) and for the
 * equivalence tests that check SQL and the in-memory facts against that one predicate.
 */
import type { Kysely } from "kysely";
import { searchColumns, type SearchColumn } from "../core/search/filters.ts";
import type { MatchListing } from "../core/search/match.ts";
import type { Database } from "./schema.ts";

const COLUMNS = Object.keys(searchColumns) as SearchColumn[];

/** The listings with these ids (all of them when none are given), in id order. */
export async function readMatchListings(db: Kysely<Database>, ids?: readonly number[]): Promise<MatchListing[]> {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom("listings")
    .select(["id", "metroStopIds", "nonadminZoneIds", ...COLUMNS])
    .orderBy("id");
  if (ids) query = query.where("id", "in", [...ids]);
  const rows = await query.execute();
  return rows.map((r) => {
    const raw = r as Record<string, unknown>;
    const listing: Record<string, unknown> = {
      id: Number(r.id),
      metroStopIds: r.metroStopIds ?? [],
      nonadminZoneIds: r.nonadminZoneIds ?? [],
    };
    for (const c of COLUMNS) {
      const v = raw[c];
      const kind = searchColumns[c];
      listing[c] =
        v === null || v === undefined ? null : kind === "time" ? new Date(v as string).getTime() : kind === "number" ? Number(v) : v;
    }
    return listing as MatchListing;
  });
}
