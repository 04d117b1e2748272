/**
 * Private sellers made by people (docs/decisions/139): a signed-in user becomes a publisher of kind 'private'
 * tied to the account, and reads back one of its online listings to edit it. Listings themselves change only
 * through db/publishing.ts → db/listing-writes.ts.
 */
import { sql, type Kysely } from "kysely";
import type { Database, Row, SelectedColumns } from "./schema.ts";

export interface NewPrivateSeller {
  userId: number;
  /** The name shown on the seller's listings and in their lead mails. */
  name: string;
  email: string;
  /** E.164, or null: without a number the listing is reached by the contact form only. */
  phone: string | null;
  now: Date;
}

/**
 * Makes the user a private seller: a publisher row (its id from `publisher_ids`) and the account's
 * `publisher_id`, in one transaction. Null when the account already stands for a publisher that exists
 * (a second click, another tab): nothing is written then.
 */
export async function becomePrivateSeller(db: Kysely<Database>, seller: NewPrivateSeller): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    // The account's row is locked first, so two requests of one user make one publisher.
    const user = await trx.selectFrom("users").select("publisherId").where("id", "=", seller.userId).forUpdate().executeTakeFirst();
    if (!user) return null;
    if (user.publisherId !== null) {
      const exists = await trx.selectFrom("publishers").select("id").where("id", "=", user.publisherId).executeTakeFirst();
      if (exists) return null;
    }
    const id = Number((await sql<{ id: string }>`SELECT nextval('publisher_ids') AS id`.execute(trx)).rows[0]!.id);
    await trx
      .insertInto("publishers")
      .values({
        id,
        kind: "private",
        isAgentPro: false,
        parentId: null,
        name: seller.name,
        slug: `privato-${id}`,
        phone: seller.phone,
        email: seller.email,
        website: null,
        street: null,
        townId: null,
        postalCode: null,
        description: null,
        logoColor: null,
        createdAt: seller.now,
        showPhoneNumber: seller.phone !== null,
      })
      .execute();
    await trx.updateTable("users").set({ publisherId: id }).where("id", "=", seller.userId).execute();
    return id;
  });
}

const editableColumns = [
  "listings.id",
  "listings.channel",
  "listings.propertyType",
  "listings.townId",
  "listings.street",
  "listings.streetNumber",
  "listings.surface",
  "listings.rooms",
  "listings.baths",
  "listings.floor",
  "listings.price",
  "listings.originalPrice",
  "listings.energyClass",
  "listings.energyIndex",
  "listings.description",
  "listings.photoCount",
] as const;
export type EditableListing = Pick<Row<"listings">, SelectedColumns<typeof editableColumns>>;

/** One of this publisher's online published listings as its edit form shows it, or null (another's id is the same as none). */
export async function findOwnEditableListing(
  db: Kysely<Database>,
  publisherId: number,
  listingId: number,
): Promise<EditableListing | null> {
  return (
    (await db
      .selectFrom("listings")
      .innerJoin("publishedListings", "publishedListings.listingId", "listings.id")
      .select(editableColumns)
      .where("listings.id", "=", listingId)
      .where("publishedListings.publisherId", "=", publisherId)
      .where("publishedListings.status", "=", "online")
      .executeTakeFirst()) ?? null
  );
}
