/** Listings as MyCasa needs them: which ids exist and their public price (what the user saw), and cards. */
import type { Kysely } from "kysely";
import { publicListing } from "../../core/listing/public.ts";
import { findListingSummaries } from "../../db/listings-search.ts";
import type { Database } from "../../db/schema.ts";

/** id → the public price (null for a private negotiation) of the listings that exist. */
export async function publicPrices(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, number | null>> {
  const summaries = await findListingSummaries(db, [...new Set(ids)]);
  return new Map(summaries.map((s) => [s.id, publicListing(s).price]));
}
