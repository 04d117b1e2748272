/** Single-listing queries. */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** Which of these ids are listings that exist. */
export async function existingListingIds(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("listings").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => Number(r.id)));
}
