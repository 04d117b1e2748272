/**
 * Web push (issue 23 item 5, docs/decisions/116): the portal's VAPID key pair, the devices each user allowed
 * (one subscription per push endpoint, scoped by user), and the push queue — one message per alert delivery
 * and device, claimed FOR UPDATE SKIP LOCKED with a lease as the mail queue claims mail, retried a bounded
 * number of times, then given up with its reason recorded.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { recordDelivery } from "./alert-deliveries.ts";
import type { Database } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The portal's VAPID keys: made by `generate` at the first start and stored; every later start and every other
 * process reads the same pair (a race between two first starts keeps the first row written).
 */
export async function ensureVapidKeys(db: Kysely<Database>, generate: () => VapidKeys): Promise<VapidKeys> {
  const existing = await db.selectFrom("pushVapidKeys").select(["publicKey", "privateKey"]).where("id", "=", 1).executeTakeFirst();
  if (existing) return existing;
  await db
    .insertInto("pushVapidKeys")
    .values({ id: 1, ...generate() })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return db.selectFrom("pushVapidKeys").select(["publicKey", "privateKey"]).where("id", "=", 1).executeTakeFirstOrThrow();
}

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushDevice {
  id: number;
  endpoint: string;
  createdAt: Date;
}

/**
 * Stores the user's device. An endpoint is one browser profile: subscribed again by whoever is logged in there
 * now, it moves to that user with its new keys (the browser that holds the endpoint and keys is the proof).
 */
export async function savePushSubscription(db: Db, userId: number, s: PushSubscriptionInput, now: Date): Promise<PushDevice> {
  const row = await db
    .insertInto("pushSubscriptions")
    .values({ userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column("endpoint").doUpdateSet({ userId, p256dh: s.p256dh, auth: s.auth, updatedAt: now }))
    .returning(["id", "endpoint", "createdAt"])
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id) };
}

/** Removes one of the user's devices; false when the endpoint is not theirs (or unknown). */
export async function deletePushSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const r = await db.deleteFrom("pushSubscriptions").where("userId", "=", userId).where("endpoint", "=", endpoint).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The user's devices, oldest first. */
export async function listPushSubscriptions(db: Db, userId: number): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom("pushSubscriptions")
    .select(["id", "endpoint", "createdAt"])
    .where("userId", "=", userId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** A push alert to record: its delivery key and what the notification says. */
export interface PushDelivery {
  savedSearchId: number;
  listingId: number;
  occasion: string;
  eventId: number;
  userId: number;
  /** The notification as JSON (core/alerts/alert-push.ts). */
  payload: string;
}

/**
 * Inside the matcher's transaction: each push alert recorded once (the delivery key shared with e-mail, channel
 * 'push') and a message queued for every device of its owner. An owner with no device gets no delivery row (a
 * device added later does not receive old news either way). Returns how many messages were queued.
 */
export async function recordPushDeliveries(trx: Transaction<Database>, deliveries: readonly PushDelivery[]): Promise<number> {
  if (deliveries.length === 0) return 0;
  const devices = await trx
    .selectFrom("pushSubscriptions")
    .select(["id", "userId"])
    .where("userId", "in", [...new Set(deliveries.map((d) => d.userId))])
    .execute();
  let queued = 0;
  for (const d of deliveries) {
    const mine = devices.filter((s) => Number(s.userId) === d.userId);
    if (mine.length === 0) continue;
    const deliveryId = await recordDelivery(trx, d, "push");
    if (deliveryId === null) continue;
    await trx
      .insertInto("pushMessages")
      .values(mine.map((s) => ({ deliveryId, subscriptionId: s.id, payload: d.payload })))
      .onConflict((oc) => oc.constraint("push_messages_once").doNothing())
      .execute();
    queued += mine.length;
  }
  return queued;
}

/** A push message claimed for sending, with the device it goes to. */
export interface DuePush {
  id: number;
  deliveryId: number;
  subscriptionId: number;
  payload: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Takes up to `limit` due push messages: each gets one more attempt counted and is held for `leaseMs`. */
export async function claimDuePushes(db: Kysely<Database>, limit: number, leaseMs: number): Promise<DuePush[]> {
  const result = await sql<{
    id: string | number;
    deliveryId: string | number;
    subscriptionId: string | number;
    payload: string;
    attempts: number;
    endpoint: string;
    p256dh: string;
    auth: string;
  }>`
    WITH claimed AS (
      UPDATE push_messages SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE id IN (
        SELECT id FROM push_messages
        WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, delivery_id, subscription_id, payload, attempts
    )
    SELECT c.id, c.delivery_id AS "deliveryId", c.subscription_id AS "subscriptionId", c.payload, c.attempts, s.endpoint, s.p256dh, s.auth
    FROM claimed c JOIN push_subscriptions s ON s.id = c.subscription_id`.execute(db);
  return result.rows
    .map((r) => ({
      ...r,
      id: Number(r.id),
      deliveryId: Number(r.deliveryId),
      subscriptionId: Number(r.subscriptionId),
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

export async function markPushSent(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable("pushMessages").set({ sentAt: sql<Date>`now()`, lastError: null }).where("id", "=", id).execute();
}

/** A failed attempt: due again after `retryInMs`. */
export async function reschedulePush(db: Kysely<Database>, id: number, retryInMs: number, error: string): Promise<void> {
  await db
    .updateTable("pushMessages")
    .set({ nextAttemptAt: sql<Date>`now() + make_interval(secs => ${retryInMs / 1000})`, lastError: error.slice(0, 500) })
    .where("id", "=", id)
    .execute();
}

/** No more attempts: the message stays, with when and why it was given up. */
export async function givePushUp(db: Kysely<Database>, id: number, error: string): Promise<void> {
  await db
    .updateTable("pushMessages")
    .set({ gaveUpAt: sql<Date>`now()`, lastError: error.slice(0, 500) })
    .where("id", "=", id)
    .execute();
}

/** The push service said the device is gone (404/410): its subscription and its waiting messages go. */
export async function deleteGoneSubscription(db: Kysely<Database>, subscriptionId: number): Promise<void> {
  await db.deleteFrom("pushSubscriptions").where("id", "=", subscriptionId).execute();
}
