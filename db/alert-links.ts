/**
 * What the signed links of alert mails change (docs/decisions/091), always scoped to the link's user:
 * a saved search is read or changed only when it belongs to the user the link was made for. Turning an
 * alert off and removing the address's mail and consents work once per link (`alert_link_uses`) and
 * only where they change something; managing alerts is a settings form used as often as wanted.
 */
import type { Kysely, Transaction } from "kysely";
import { MARKETING_CONSENT_KINDS } from "../core/account/consent.ts";
import type { AlertLinkAction, AlertLinkClaims } from "../core/alerts/alert-links.ts";
import type { AlertChannel, AlertFrequency } from "../core/search/saved-search.ts";
import { cancelPendingAlerts } from "./saved-searches.ts";
import type { Database } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface AlertLinkSearch {
  id: number;
  title: string | null;
  serialized: string;
  mail: AlertFrequency;
  push: AlertFrequency;
}

/** The link's user's e-mail and saved searches with both channels' frequencies (oldest first), or null when the user is gone. */
export async function alertLinkOwner(db: Db, userId: number): Promise<{ email: string; searches: AlertLinkSearch[] } | null> {
  const user = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  if (!user) return null;
  const rows = await db
    .selectFrom("savedSearches as s")
    .leftJoin("savedSearchAlerts as m", (j) => j.onRef("m.savedSearchId", "=", "s.id").on("m.channel", "=", "mail"))
    .leftJoin("savedSearchAlerts as p", (j) => j.onRef("p.savedSearchId", "=", "s.id").on("p.channel", "=", "push"))
    .select(["s.id", "s.title", "s.serialized", "m.frequency as mail", "p.frequency as push"])
    .where("s.userId", "=", userId)
    .orderBy("s.id")
    .execute();
  return {
    email: user.email,
    searches: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      serialized: r.serialized,
      mail: r.mail ?? "never",
      push: r.push ?? "never",
    })),
  };
}

/** Records one use of a link for an action; false when the link was used for it before. */
async function recordLinkUse(trx: Db, linkId: string, action: AlertLinkAction): Promise<boolean> {
  const row = await trx
    .insertInto("alertLinkUses")
    .values({ linkId, action })
    .onConflict((oc) => oc.columns(["linkId", "action"]).doNothing())
    .returning("linkId")
    .executeTakeFirst();
  return row !== undefined;
}

export type DeactivationOutcome = "deactivated" | "already" | "used" | "missing";

/**
 * Turns the link's alert (saved search × channel) to 'never' and stops its pending deliveries.
 * "already": it was off (nothing changed, the link stays unused); "used": the link turned it off before
 * (and it has been turned on again since); "missing": the search is gone or is not the link user's.
 */
export async function deactivateAlertByLink(db: Kysely<Database>, claims: AlertLinkClaims, now: Date): Promise<DeactivationOutcome> {
  return db.transaction().execute(async (trx) => {
    const alert = await trx
      .selectFrom("savedSearchAlerts as a")
      .innerJoin("savedSearches as s", "s.id", "a.savedSearchId")
      .select(["a.id", "a.frequency"])
      .where("s.id", "=", claims.s)
      .where("s.userId", "=", claims.u)
      .where("a.channel", "=", claims.c)
      .forUpdate()
      .executeTakeFirst();
    if (!alert) {
      const search = await trx
        .selectFrom("savedSearches")
        .select("id")
        .where("id", "=", claims.s)
        .where("userId", "=", claims.u)
        .executeTakeFirst();
      return search ? "already" : "missing";
    }
    if (alert.frequency === "never") return "already";
    if (!(await recordLinkUse(trx, claims.j, "deactivate"))) return "used";
    await trx.updateTable("savedSearchAlerts").set({ frequency: "never", updatedAt: now }).where("id", "=", alert.id).execute();
    await cancelPendingAlerts(trx, [claims.s], claims.c);
    return "deactivated";
  });
}

/** Sets the link user's alerts; a search that is not theirs is left alone. Returns how many alerts changed. */
export async function setAlertsByLink(
  db: Kysely<Database>,
  userId: number,
  changes: ReadonlyArray<{ id: number; channel: AlertChannel; frequency: AlertFrequency }>,
  now: Date,
): Promise<number> {
  if (changes.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const owned = new Set(
      (
        await trx
          .selectFrom("savedSearches")
          .select("id")
          .where("userId", "=", userId)
          .where(
            "id",
            "in",
            changes.map((c) => c.id),
          )
          .execute()
      ).map((r) => Number(r.id)),
    );
    let changed = 0;
    for (const c of changes) {
      if (!owned.has(c.id)) continue;
      const result = await trx
        .insertInto("savedSearchAlerts")
        .values({ savedSearchId: c.id, channel: c.channel, frequency: c.frequency, updatedAt: now })
        .onConflict((oc) =>
          oc
            .columns(["savedSearchId", "channel"])
            .doUpdateSet({ frequency: c.frequency, updatedAt: now })
            .where("savedSearchAlerts.frequency", "!=", c.frequency),
        )
        .executeTakeFirst();
      changed += Number(result.numInsertedOrUpdatedRows ?? 0);
      if (c.frequency === "never") await cancelPendingAlerts(trx, [c.id], c.channel);
    }
    return changed;
  });
}

export type RemovalOutcome = "removed" | "used" | "missing";

/** Every e-mail alert of the link's user to 'never' (pending ones stopped) and the marketing consents withdrawn; once per link. */
export async function removeMailAndConsentsByLink(db: Kysely<Database>, claims: AlertLinkClaims, now: Date): Promise<RemovalOutcome> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select("id").where("id", "=", claims.u).executeTakeFirst();
    if (!user) return "missing";
    if (!(await recordLinkUse(trx, claims.j, "remove"))) return "used";
    const ids = (await trx.selectFrom("savedSearches").select("id").where("userId", "=", claims.u).execute()).map((r) => Number(r.id));
    if (ids.length > 0) {
      await trx
        .updateTable("savedSearchAlerts")
        .set({ frequency: "never", updatedAt: now })
        .where("savedSearchId", "in", ids)
        .where("channel", "=", "mail")
        .execute();
      await cancelPendingAlerts(trx, ids, "mail");
    }
    await trx
      .insertInto("userConsents")
      .values(MARKETING_CONSENT_KINDS.map((kind) => ({ userId: claims.u, kind, given: false, recordedAt: now })))
      .onConflict((oc) => oc.columns(["userId", "kind"]).doUpdateSet({ given: false, recordedAt: now }))
      .execute();
    return "removed";
  });
}
