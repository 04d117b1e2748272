/**
 * The one alert per saved search, listing, channel and occasion (docs/decisions/085): recording it is what makes an
 * alert reach a person exactly once, whatever channel carries it (e-mail, push: decision 116).
 */
import type { Transaction } from "kysely";
import type { Database } from "./schema.ts";

export interface DeliveryKey {
  savedSearchId: number;
  listingId: number;
  occasion: string;
  eventId: number;
}

/** Records the delivery; its id, or null when it was recorded before (the event processed again after a crash). */
export async function recordDelivery(trx: Transaction<Database>, d: DeliveryKey, channel: "mail" | "push"): Promise<number | null> {
  const inserted = await trx
    .insertInto("alertDeliveries")
    .values({ savedSearchId: d.savedSearchId, listingId: d.listingId, channel, occasion: d.occasion, eventId: d.eventId })
    .onConflict((oc) => oc.constraint("alert_deliveries_once").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : null;
}
