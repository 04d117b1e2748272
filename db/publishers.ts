/** Publisher queries: agencies by place with their listing and agent counts, publisher pages, agents, their listings. */
import { sql, type Kysely } from "kysely";
import type { SortKey } from "../core/search/vocabulary.ts";
import { findListingSummaries, type ListingSummary } from "./listings-search.ts";
import { applySort } from "./search-sql.ts";
import type { Database, Row, SelectedColumns } from "./schema.ts";

type Publisher = Row<"publishers">;

const agencySummaryColumns = ["p.id", "p.name", "p.slug", "p.phone", "p.website", "p.street", "p.townId", "p.logoColor"] as const;

export type AgencySummary = Pick<Publisher, SelectedColumns<typeof agencySummaryColumns>> & {
  /** Its listings (of the channel asked for, if any). */
  listings: number;
  agents: number;
};

/** Agencies based in the given towns (all of Italy when null), optionally by name, most listings first. */
export async function searchAgencies(
  db: Kysely<Database>,
  options: { townIds: string[] | null; channel?: string; name?: string; page: number; size: number },
): Promise<{ total: number; agencies: AgencySummary[] }> {
  let base = db.selectFrom("publishers as p").where("p.kind", "=", "agency");
  if (options.townIds) base = base.where("p.townId", "in", options.townIds.length > 0 ? options.townIds : [""]);
  // The agency-name box of /trova-agenzia/: every word must appear in the name (case-insensitive).
  for (const word of (options.name ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    base = base.where(sql<boolean>`position(${word} in lower(p.name)) > 0`);
  }
  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select(agencySummaryColumns)
      .select((eb) => [
        eb
          .selectFrom("listings as l")
          .select(eb.fn.countAll().as("n"))
          .whereRef("l.publisherId", "=", "p.id")
          .$if(options.channel !== undefined, (q) => q.where("l.channel", "=", options.channel!))
          .as("listings"),
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

const detailColumns = [
  "p.id",
  "p.kind",
  "p.isAgentPro",
  "p.parentId",
  "p.name",
  "p.slug",
  "p.phone",
  "p.email",
  "p.website",
  "p.street",
  "p.townId",
  "p.postalCode",
  "p.description",
  "p.showPhoneNumber",
  "p.hasCrossSubscription",
  "p.disableAuctions",
  "p.hasPhoto",
] as const;

/** A publisher as its page shows it (seed 001 §3 "Publisher"). */
export type PublisherDetail = Pick<Publisher, SelectedColumns<typeof detailColumns>> & {
  /** An agent's agency. */
  parent: Pick<Publisher, "id" | "name" | "slug"> | null;
};

const agentSummaryColumns = ["a.id", "a.name", "a.slug", "a.isAgentPro", "a.hasPhoto"] as const;

export type AgentSummary = Pick<Publisher, SelectedColumns<typeof agentSummaryColumns>> & {
  /** The listings the agent follows. */
  listings: number;
};

/** One publisher with its parent agency (for agents), or null. */
export async function findPublisher(db: Kysely<Database>, id: number): Promise<PublisherDetail | null> {
  const row = await db
    .selectFrom("publishers as p")
    .leftJoin("publishers as parent", "parent.id", "p.parentId")
    .select(detailColumns)
    .select(["parent.name as parentName", "parent.slug as parentSlug"])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const { parentName, parentSlug, ...rest } = row;
  return { ...rest, parent: rest.parentId && parentName ? { id: rest.parentId, name: parentName, slug: parentSlug ?? "" } : null };
}

/** An agency's agents, Agente Pro first, then by name; with how many listings each follows. */
export async function findAgents(db: Kysely<Database>, agencyId: number): Promise<AgentSummary[]> {
  const rows = await db
    .selectFrom("publishers as a")
    .select(agentSummaryColumns)
    .select((eb) => eb.selectFrom("listings as l").select(eb.fn.countAll().as("n")).whereRef("l.agentId", "=", "a.id").as("listings"))
    .where("a.parentId", "=", agencyId)
    .where("a.kind", "=", "agent")
    .orderBy("a.isAgentPro", "desc")
    .orderBy("a.name")
    .orderBy("a.id")
    .execute();
  return rows.map((r) => ({ ...r, listings: Number(r.listings ?? 0) }));
}

/** One page of a publisher's listings (an agency's own, or those an agent follows) and their total. */
export async function findPublisherListings(
  db: Kysely<Database>,
  options: { publisherId: number; asAgent: boolean; sort: SortKey; page: number; size: number },
): Promise<{ total: number; listings: ListingSummary[] }> {
  const column = options.asAgent ? "listings.agentId" : "listings.publisherId";
  const base = db.selectFrom("listings").where(column, "=", options.publisherId);
  const [countRow, idRows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    applySort(base.select("listings.id"), options.sort)
      .limit(options.size)
      .offset((options.page - 1) * options.size)
      .execute(),
  ]);
  return {
    total: Number(countRow.n),
    listings: await findListingSummaries(
      db,
      idRows.map((r) => r.id),
    ),
  };
}

/** The agencies with the most listings in all of Italy (the agency home, seed 001 §2). */
export async function topAgencies(db: Kysely<Database>, size: number): Promise<AgencySummary[]> {
  return (await searchAgencies(db, { townIds: null, page: 1, size })).agencies;
}

const contactListingColumns = [
  "l.id",
  "l.publisherId",
  "l.agentId",
  "l.isAuction",
  "l.propertyType",
  "l.photoCount",
  "l.licenseTypeGroup",
  "l.hasVirtualTour",
  "l.title",
] as const;
const contactPublisherColumns = ["p.showPhoneNumber", "p.disableAuctions", "p.hasCrossSubscription"] as const;

export type ListingContact = Pick<Row<"listings">, SelectedColumns<typeof contactListingColumns>> &
  Pick<Publisher, SelectedColumns<typeof contactPublisherColumns>> & {
    publisherKind: Publisher["kind"];
    publisherName: Publisher["name"];
    publisherSlug: Publisher["slug"];
    publisherPhone: Publisher["phone"];
    /** The agent who follows the listing, if any. */
    agentIsPro: Publisher["isAgentPro"] | null;
    agentName: Publisher["name"] | null;
  };

/** What a listing's contact needs about its publisher: phone rules and the auction switch. */
export async function findListingContact(db: Kysely<Database>, listingId: number): Promise<ListingContact | null> {
  const row = await db
    .selectFrom("listings as l")
    .innerJoin("publishers as p", "p.id", "l.publisherId")
    .leftJoin("publishers as a", "a.id", "l.agentId")
    .select(contactListingColumns)
    .select(["p.kind as publisherKind", "p.name as publisherName", "p.slug as publisherSlug", "p.phone as publisherPhone"])
    .select(contactPublisherColumns)
    .select(["a.isAgentPro as agentIsPro", "a.name as agentName"])
    .where("l.id", "=", listingId)
    .executeTakeFirst();
  return row ?? null;
}

/** The channel and property group most of a publisher's (or agent's) listings are in; null when it has none. */
export async function publisherMainChannel(db: Kysely<Database>, publisherId: number): Promise<{ channel: string; group: string } | null> {
  const row = await db
    .selectFrom("listings")
    .select(["channel", "propertyTypeGroup", (eb) => eb.fn.countAll().as("n")])
    .where((eb) => eb.or([eb("publisherId", "=", publisherId), eb("agentId", "=", publisherId)]))
    .groupBy(["channel", "propertyTypeGroup"])
    .orderBy("n", "desc")
    .orderBy("channel")
    .orderBy("propertyTypeGroup")
    .executeTakeFirst();
  return row ? { channel: row.channel, group: row.propertyTypeGroup } : null;
}

/** The e-mail addresses of some publishers or agents (where their leads are mailed), by id; null when none is known. */
export async function findPublisherEmails(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("publishers")
    .select(["id", "email"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.email]));
}
