/** What the alert tests share: a home to publish variants of, a saved search with e-mail alerts, and "nothing left to do". */
import { sql, type Kysely } from "kysely";
import { parseSearch } from "../core/search/query.ts";
import { savedSearchQuery, serializeWithHash } from "../core/search/saved-search.ts";
import type { AlertFrequency } from "../core/search/saved-search-alerts.ts";
import type { NewListing } from "../db/listing-writes.ts";
import { upsertSavedSearch } from "../db/saved-searches.ts";
import type { Database } from "../db/schema.ts";
import { createUser } from "../db/users.ts";

/** A sale of a house (not new, not at auction, public price) in the town with most sales: a home to publish again (no id), and its town. */
export async function homeToPublish(
  db: Kysely<Database>,
  changes: Partial<NewListing> = {},
): Promise<{ home: NewListing; townId: string }> {
  const row = await db
    .selectFrom("listings")
    .selectAll()
    .where("channel", "=", "vendita")
    .where("propertyTypeGroup", "=", "case")
    .where("isNewConstruction", "=", false)
    .where("isAuction", "=", false)
    .where("isPrivateNegotiation", "=", false)
    .where("townId", "=", (eb) =>
      eb.selectFrom("listings").select("townId").where("channel", "=", "vendita").groupBy("townId").orderBy(sql`count(*)`, "desc").limit(1),
    )
    .orderBy("id")
    .limit(1)
    .executeTakeFirstOrThrow();
  const { id: _id, pricePerMq: _generated, shownPrice: _shown, shownPricePerMq: _shownPerMq, ...rest } = row;
  return { home: { ...rest, originalPrice: null, priceType: "fisso", publishedAt: new Date(), ...changes }, townId: row.townId };
}

/**
 * A new user with one saved search (a town and a price ceiling, sales unless `filters` say otherwise, as the search
 * API's raw filters: `{ channel: "affitto" }`) alerting by e-mail at `frequency`; its id.
 */
export async function saveAlertSearch(
  db: Kysely<Database>,
  email: string,
  townId: string,
  priceMax: number,
  frequency: AlertFrequency,
  filters: Record<string, unknown> = {},
): Promise<number> {
  const user = await createUser(db, {
    email,
    displayName: email,
    passwordHash: null,
    consents: { privacy: true },
    emailVerified: true,
    now: new Date(),
  });
  const { str, hash } = serializeWithHash(savedSearchQuery(parseSearch({ ...filters, price_max: priceMax }, [townId])));
  const notifications = { hasEmail: frequency !== "never", emailFrequency: frequency, hasPush: false, pushFrequency: "never" } as const;
  const saved = await upsertSavedSearch(db, {
    userId: user!.id,
    search: { hash, serialized: str, activeSort: "rilevanza", provinceId: null, domain: "casa.it" },
    title: null,
    notifications,
    initialNotifications: notifications,
    now: new Date(),
    limit: 100,
  });
  if ("refused" in saved) throw new Error("refused");
  return saved.id;
}

/** Listing events not yet matched, immediate alerts not yet in a mail, mails and pushes not yet sent (nor given up): 0 when nothing more can arrive. */
export async function alertWorkPending(db: Kysely<Database>): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM listing_events WHERE processed_at IS NULL)
      + (SELECT count(*) FROM alert_deliveries WHERE immediate AND mail_id IS NULL AND digest_at IS NOT NULL)
      + (SELECT count(*) FROM mail_queue WHERE sent_at IS NULL AND given_up_at IS NULL)
      + (SELECT count(*) FROM push_messages WHERE sent_at IS NULL AND gave_up_at IS NULL) AS n`.execute(db);
  return Number(r.rows[0]!.n);
}
