/** Comparable sale listings for the home valuation page (core/valuation/estimate.ts does the maths). */
import type { Kysely } from "kysely";
import { MIN_COMPARABLES, surfaceBand } from "../core/valuation/estimate.ts";
import type { Database } from "./schema.ts";

export interface ComparableQuery {
  townId: string;
  provinceId: string;
  surface: number;
  /** A property type of the `case` group, or null for any home. */
  propertyType: string | null;
  /** A building condition, or null for any. */
  condition: string | null;
}

export interface Comparables {
  /** Where the comparables come from: the town, or its province when the town has too few. */
  scope: "town" | "province";
  /** Asking prices per m² (€), one per comparable listing. */
  pricesPerMq: number[];
}

/**
 * Homes for sale like the one described: channel vendita, group case, a fixed asking price (no
 * auctions, no private negotiation, no price ranges), surface within ±35 %, the same type and
 * condition when given; in the town, else in the province.
 */
export async function findComparablePrices(db: Kysely<Database>, q: ComparableQuery): Promise<Comparables> {
  const band = surfaceBand(q.surface);
  const base = db
    .selectFrom("listings")
    .select("shownPricePerMq as pricePerMq")
    .where("channel", "=", "vendita")
    .where("propertyTypeGroup", "=", "case")
    .where("isAuction", "=", false)
    .where("shownPricePerMq", "is not", null)
    .where("priceMax", "is", null)
    .where("surface", ">=", band.min)
    .where("surface", "<=", band.max)
    .$if(q.propertyType !== null, (b) => b.where("propertyType", "=", q.propertyType!))
    .$if(q.condition !== null, (b) => b.where("buildingCondition", "=", q.condition!));
  const town = await base.where("townId", "=", q.townId).execute();
  if (town.length >= MIN_COMPARABLES) return { scope: "town", pricesPerMq: town.map((r) => Number(r.pricePerMq)) };
  const province = await base.where("provinceId", "=", q.provinceId).execute();
  return { scope: "province", pricesPerMq: province.map((r) => Number(r.pricePerMq)) };
}
