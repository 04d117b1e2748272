/** The few listing and publisher fields the generated images need. */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

export async function findListingMedia(
  db: Kysely<Database>,
  id: number,
): Promise<{ photoCount: number; hasFloorPlan: boolean; rooms: number | null } | null> {
  const row = await db.selectFrom("listings").select(["photoCount", "hasFloorPlan", "rooms"]).where("id", "=", id).executeTakeFirst();
  return row ?? null;
}

export async function findPublisherBrand(db: Kysely<Database>, id: number): Promise<{ name: string; logoColor: string | null } | null> {
  const row = await db
    .selectFrom("publishers")
    .select(["name", "logoColor"])
    .where("id", "=", id)
    .where("kind", "=", "agency")
    .executeTakeFirst();
  return row ?? null;
}
