/** Publisher queries: agencies by place, with their listing and agent counts. */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

export interface AgencySummary {
  id: number;
  name: string;
  slug: string;
  phone: string | null;
  website: string | null;
  street: string | null;
  townId: string | null;
  logoColor: string | null;
  listings: number;
  agents: number;
}

/** Agencies based in the given towns (all of Italy when null), most listings first. */
export async function searchAgencies(
  db: Kysely<Database>, options: { townIds: string[] | null; channel?: string; page: number; size: number },
): Promise<{ total: number; agencies: AgencySummary[] }> {
  let base = db.selectFrom("publishers as p").where("p.kind", "=", "agency");
  if (options.townIds) base = base.where("p.townId", "in", options.townIds.length > 0 ? options.townIds : [""]);
  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select(["p.id", "p.name", "p.slug", "p.phone", "p.website", "p.street", "p.townId", "p.logoColor"])
      .select((eb) => [
        eb.selectFrom("listings as l").select(eb.fn.countAll().as("n")).whereRef("l.publisherId", "=", "p.id")
          .$if(options.channel !== undefined, (q) => q.where("l.channel", "=", options.channel!)).as("listings"),
        eb.selectFrom("publishers as a").select(eb.fn.countAll().as("n")).whereRef("a.parentId", "=", "p.id").as("agents"),
      ])
      .orderBy("listings", "desc")
      .orderBy("p.name")
      .orderBy("p.id")
      .limit(options.size)
      .offset((options.page - 1) * options.size)
      .execute(),
  ]);
  return {
    total: Number(countRow.n),
    agencies: rows.map((r) => ({ ...r, listings: Number(r.listings ?? 0), agents: Number(r.agents ?? 0) })),
  };
}
