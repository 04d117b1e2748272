/**
 * Feed import (issue 24, docs/decisions/097): an agency's whole feed, XML (immobiliare.it style, parsed by
 * saxes as it streams) or JSON Lines, read chunk by chunk with a byte cap (after gunzip too: a zip bomb
 * stops at the cap), each listing validated and written on its own (all or nothing per listing), a report
 * of every rejected listing and why. Idempotent: a listing whose input hashes as last time is only
 * confirmed; in a full feed (the default) the publisher's feed listings it no longer lists are withdrawn —
 * unless the feed broke off early, when nothing is withdrawn.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import type { Kysely } from "kysely";
import { SaxesParser } from "saxes";
import {
  type FeedElement,
  type FeedItem,
  type FeedReport,
  feedOperations,
  feedPhotoProblemMessages,
  jsonLineToFeedItem,
  propertyToFeedItem,
  REPORT_REJECTED_MAX,
} from "../../core/publisher/feed.ts";
import { type ListingInputProblem, listingIssueBilingual } from "../../core/publisher/listing-input.ts";
import { PlaceLevel } from "../../core/places.ts";
import { feedPhotoCounts, feedPhotoUrlsByListing, markFeedPhotoRechecks, syncOwnFeedPhotoUrls } from "../../db/feed-photos.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import {
  confirmOwnListings,
  endOwnListing,
  feedListingsOnline,
  finishFeedImport,
  findOwnListingsByExternalIds,
  publishOwnListing,
  publishOwnListings,
  type PublishedListingRow,
  startFeedImport,
  updateOwnListing,
} from "../../db/publishing.ts";
import type { NewListing } from "../../db/listing-writes.ts";
import type { Database } from "../../db/schema.ts";
import { checkListingInput } from "./publishing.server.ts";

export type FeedFormat = "xml" | "jsonl";

/** Longest text of one element, and longest JSON line: a listing is small; more is an attack or a broken feed. */
const MAX_ELEMENT_TEXT = 64 * 1024;
const MAX_PROPERTY_ELEMENTS = 500;
const CONFIRM_BATCH = 500;
/** Listings looked up and published together (a feed of 100,000 in 1,000 transactions). */
const WRITE_BATCH = 100;

class FeedTooLarge extends Error {}

/** The body's bytes, gunzipped when it is gzip (by header or magic bytes), stopped past `maxBytes` either way. */
async function* cappedBytes(body: ReadableStream<Uint8Array>, gzip: boolean, maxBytes: number): AsyncGenerator<Uint8Array> {
  let source: AsyncIterable<Uint8Array> = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  if (gzip) source = (source as Readable).pipe(createGunzip());
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      (source as Readable).destroy();
      throw new FeedTooLarge();
    }
    yield chunk;
  }
}

interface Pending {
  item: FeedItem;
  line: number | null;
  /** A structural problem found while parsing (too large, too many elements). */
  problem?: ListingInputProblem;
}

export interface FeedImportOptions {
  db: Kysely<Database>;
  publisher: { id: number; kind: string };
  source: "upload" | "url";
  format: FeedFormat;
  body: ReadableStream<Uint8Array>;
  gzip: boolean;
  maxBytes: number;
  now: Date;
  /** Called when the import recorded photo addresses to download or re-check (the downloader of this process wakes). */
  onPhotosWaiting?: () => void;
  /**
   * FEED_PHOTO_RECHECK_MS: a downloaded photo address the feed lists again this long after its file was fetched or
   * confirmed is asked again whether the file changed (docs/decisions/145); without it, never.
   */
  photoRecheckMs?: number;
}

function hashOf(input: unknown): string {
  return createHash("sha256").update(JSON.stringify(input)).digest("base64url");
}

export async function importFeed(o: FeedImportOptions): Promise<FeedReport> {
  const importId = await startFeedImport(o.db, o.publisher.id, o.source, o.format, o.now);
  const report: FeedReport = {
    importId,
    status: "done",
    mode: "full",
    counts: { received: 0, created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 },
    rejected: [],
    error: null,
  };
  const seen = new Set<string>();
  const toConfirm: number[] = [];
  const directory = await getPlaceDirectory(o.db);
  const townByIstat = new Map(
    directory
      .atLevel(PlaceLevel.town)
      .filter((t) => t.istatCode)
      .map((t) => [t.istatCode!, t.id]),
  );
  const townIdOf = (code: string) => townByIstat.get(code);

  const reject = (uniqueId: string, line: number | null, problems: ListingInputProblem[]) => {
    report.counts.rejected += 1;
    if (report.rejected.length < REPORT_REJECTED_MAX)
      report.rejected.push({ uniqueId, line, problems: problems.map(listingIssueBilingual) });
  };

  const flushConfirmations = async (all = false) => {
    while (toConfirm.length >= (all ? 1 : CONFIRM_BATCH)) {
      await confirmOwnListings(o.db, o.publisher.id, toConfirm.splice(0, CONFIRM_BATCH), o.now);
    }
  };

  // Listings are written in batches: one look-up of their external ids, and the new ones published together
  // (one insert each for listings and published_listings); updates and withdrawals stay one by one.
  let queue: Pending[] = [];
  let creates: { item: FeedItem; line: number | null; listing: NewListing; contentHash: string }[] = [];

  const publishCreates = async () => {
    const batch = creates;
    creates = [];
    const meta = (c: (typeof batch)[number]) => ({
      externalId: c.item.uniqueId,
      source: "feed" as const,
      now: o.now,
      contentHash: c.contentHash,
      photoUrls: c.item.photoUrls,
    });
    try {
      await publishOwnListings(
        o.db,
        batch.map((c) => ({ listing: c.listing, meta: meta(c) })),
      );
      report.counts.created += batch.length;
    } catch {
      // One listing's failure (a conflict with a concurrent import, say) is that listing's: one by one, the rest go in.
      for (const c of batch) {
        try {
          await publishOwnListing(o.db, c.listing, meta(c));
          report.counts.created += 1;
        } catch {
          reject(c.item.uniqueId, c.line, [{ field: "unique-id", message: "invalid" }]);
        }
      }
    }
  };

  // Photo addresses (decision 141): recorded with the listing's write, downloaded later in the background.
  let photosRecorded = false;
  const photoProblems: NonNullable<FeedReport["photos"]>["problems"] = [];
  let recordedPhotos = new Map<number, string[]>();
  // Listings with downloaded addresses that this feed lists again, and whether any of them came due for a re-check.
  let listedAgain: number[] = [];
  let rechecksDue = false;
  const samePhotos = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((u, i) => u === b[i]);

  const applyOne = async ({ item, line, problem }: Pending, existing: PublishedListingRow | null) => {
    report.counts.received += 1;
    if (item.uniqueId) seen.add(item.uniqueId);
    if (problem) return reject(item.uniqueId, line, [problem]);
    if (!item.uniqueId) return reject("", line, [{ field: "unique-id", message: "required" }]);
    if (!(feedOperations as readonly string[]).includes(item.operation)) {
      return reject(item.uniqueId, line, [{ field: "operation", message: "notAllowed" }]);
    }
    try {
      const online = existing?.status === "online" ? existing : null;
      if (item.operation === "delete") {
        seen.delete(item.uniqueId);
        if (online && (await endOwnListing(o.db, o.publisher.id, Number(online.listingId), "withdrawn", o.now)))
          report.counts.withdrawn += 1;
        return;
      }
      const checked = await checkListingInput(o.db, item.listing, o.publisher, o.now);
      if (!checked.ok) return reject(item.uniqueId, line, checked.problems);
      const contentHash = hashOf(checked.input);
      for (const p of item.photoProblems) {
        if (photoProblems.length < REPORT_REJECTED_MAX)
          photoProblems.push({ uniqueId: item.uniqueId, line, url: p.url, ...feedPhotoProblemMessages[p.reason] });
      }
      if (item.photoUrls.length > 0) photosRecorded = true;
      if (online) {
        const listingId = Number(online.listingId);
        if ((recordedPhotos.get(listingId)?.length ?? 0) > 0) listedAgain.push(listingId);
        // The photo addresses are not in the content hash: a listing whose only change is its photos is not rewritten.
        const photosChanged = !samePhotos(recordedPhotos.get(listingId) ?? [], item.photoUrls);
        if (online.contentHash === contentHash && item.operation !== "force") {
          report.counts.unchanged += 1;
          if (photosChanged) await syncOwnFeedPhotoUrls(o.db, o.publisher.id, listingId, item.photoUrls, o.now);
          toConfirm.push(listingId);
          return flushConfirmations();
        }
        const { publishedAt: _p, relevance: _r, photoCount: _c, hasFloorPlan: _f, hasVirtualTour: _t, ...changes } = checked.listing;
        await updateOwnListing(o.db, o.publisher.id, listingId, changes, o.now, contentHash, photosChanged ? item.photoUrls : undefined);
        report.counts.updated += 1;
        return;
      }
      creates.push({ item, line, listing: checked.listing, contentHash });
    } catch (error) {
      // One listing's failure is that listing's; the feed goes on.
      reject(item.uniqueId, line, [{ field: "unique-id", message: "invalid" }]);
      void error;
    }
  };

  const applyQueued = async () => {
    const batch = queue;
    queue = [];
    const ids = batch.map((p) => p.item.uniqueId).filter((id) => id !== "");
    const existing = await findOwnListingsByExternalIds(o.db, o.publisher.id, ids);
    recordedPhotos = await feedPhotoUrlsByListing(
      o.db,
      [...existing.values()].filter((r) => r.status === "online").map((r) => Number(r.listingId)),
    );
    const handled = new Set<string>();
    for (const pending of batch) {
      const id = pending.item.uniqueId;
      // The same listing twice in one batch: the first is written before the second is looked at, as one by one.
      if (id !== "" && handled.has(id)) {
        await publishCreates();
        const now = (await findOwnListingsByExternalIds(o.db, o.publisher.id, [id])).get(id);
        if (now) existing.set(id, now);
        else existing.delete(id);
        if (now?.status === "online") {
          const again = await feedPhotoUrlsByListing(o.db, [Number(now.listingId)]);
          recordedPhotos.set(Number(now.listingId), again.get(Number(now.listingId)) ?? []);
        }
      }
      handled.add(id);
      await applyOne(pending, existing.get(id) ?? null);
    }
    await publishCreates();
    // One statement a batch, and only for listings with addresses: a feed without photos asks nothing more.
    if (o.photoRecheckMs !== undefined && listedAgain.length > 0) {
      if ((await markFeedPhotoRechecks(o.db, listedAgain, o.now, o.photoRecheckMs)) > 0) rechecksDue = true;
    }
    listedAgain = [];
  };

  const apply = async (pending: Pending) => {
    queue.push(pending);
    if (queue.length >= WRITE_BATCH) await applyQueued();
  };

  try {
    const bytes = cappedBytes(o.body, o.gzip, o.maxBytes);
    if (o.format === "xml") await readXml(bytes, townIdOf, apply, report);
    else await readJsonLines(bytes, apply, report);
  } catch (error) {
    if (!(error instanceof FeedTooLarge)) throw error;
    const mb = Math.floor(o.maxBytes / 1024 / 1024);
    report.error = {
      it: `feed troppo grande: al massimo ${mb} MB (anche dopo la decompressione)`,
      en: `feed too large: ${mb} MB at most (after decompression too)`,
    };
  }
  await applyQueued();
  await flushConfirmations(true);
  if (report.error) report.status = "failed";
  else if (report.mode === "full") {
    for (const listing of await feedListingsOnline(o.db, o.publisher.id)) {
      if (listing.externalId !== null && seen.has(listing.externalId)) continue;
      if (await endOwnListing(o.db, o.publisher.id, listing.listingId, "withdrawn", o.now)) report.counts.withdrawn += 1;
    }
  }
  report.photos = { ...(await feedPhotoCounts(o.db, o.publisher.id)), problems: photoProblems };
  await finishFeedImport(o.db, importId, report.status, JSON.stringify(report), new Date());
  if (photosRecorded || rechecksDue) o.onPhotosWaiting?.();
  return report;
}

type Apply = (pending: Pending) => Promise<void>;

async function readXml(
  bytes: AsyncIterable<Uint8Array>,
  townIdOf: (code: string) => string | undefined,
  apply: Apply,
  report: FeedReport,
): Promise<void> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const decoder = new TextDecoder("utf-8");
  const ready: Pending[] = [];
  let stack: FeedElement[] = [];
  let propertyLine = 0;
  let elements = 0;
  let oversize = false;
  let failure: { message: string; line: number; column: number } | null = null;
  let sawRoot = false;
  parser.on("opentag", (tag) => {
    const attributes = Object.fromEntries(Object.entries(tag.attributes as Record<string, string>).map(([k, v]) => [k, String(v)]));
    if (!sawRoot) {
      sawRoot = true;
      if (attributes.mode === "incremental") report.mode = "incremental";
    }
    if (tag.name === "property" && stack.length === 0) {
      propertyLine = parser.line;
      elements = 0;
      oversize = false;
      stack = [{ name: "property", attributes, children: [], text: "" }];
      return;
    }
    if (stack.length === 0) return;
    elements += 1;
    if (elements > MAX_PROPERTY_ELEMENTS) oversize = true;
    const el: FeedElement = { name: tag.name, attributes, children: [], text: "" };
    if (!oversize) stack[stack.length - 1]!.children.push(el);
    stack.push(el);
  });
  const onText = (t: string) => {
    const top = stack[stack.length - 1];
    if (!top) return;
    if (top.text.length + t.length > MAX_ELEMENT_TEXT) oversize = true;
    else top.text += t;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    if (stack.length === 0) return;
    const el = stack.pop()!;
    if (stack.length > 0) return;
    const item = propertyToFeedItem(el, townIdOf);
    ready.push(oversize ? { item, line: propertyLine, problem: { field: "property", message: "tooLong" } } : { item, line: propertyLine });
  });
  parser.on("error", (error) => {
    failure ??= { message: error.message, line: parser.line, column: parser.column };
  });
  const drain = async () => {
    for (const pending of ready.splice(0)) await apply(pending);
  };
  for await (const chunk of bytes) {
    parser.write(decoder.decode(chunk, { stream: true }));
    await drain();
    if (failure) break;
  }
  if (!failure) {
    parser.write(decoder.decode());
    parser.close();
    await drain();
  }
  if (!failure && !sawRoot) failure = { message: "empty document", line: 1, column: 0 };
  if (failure) {
    const f = failure as { message: string; line: number; column: number };
    report.error = {
      it: `XML non valido alla riga ${f.line}, colonna ${f.column}: ${f.message}. Importati gli annunci prima di quel punto; nessun annuncio ritirato.`,
      en: `invalid XML at line ${f.line}, column ${f.column}: ${f.message}. Listings before that point were imported; none withdrawn.`,
      line: f.line,
      column: f.column,
    };
  }
}

async function readJsonLines(bytes: AsyncIterable<Uint8Array>, apply: Apply, report: FeedReport): Promise<void> {
  const decoder = new TextDecoder("utf-8");
  let buffer = "";
  let lineNo = 0;
  let skipping = false;
  const handle = async (line: string) => {
    lineNo += 1;
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return apply({
        item: { uniqueId: "", operation: "write", listing: {}, photoUrls: [], photoProblems: [] },
        line: lineNo,
        problem: { field: "line", message: "invalid" },
      });
    }
    if (lineNo === 1 && typeof value === "object" && value !== null && "feed" in value) {
      if ((value as { mode?: unknown }).mode === "incremental") report.mode = "incremental";
      return;
    }
    const item = jsonLineToFeedItem(value);
    if (!item)
      return apply({
        item: { uniqueId: "", operation: "write", listing: {}, photoUrls: [], photoProblems: [] },
        line: lineNo,
        problem: { field: "line", message: "invalid" },
      });
    return apply({ item, line: lineNo });
  };
  for await (const chunk of bytes) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (skipping) {
        skipping = false;
        lineNo += 1;
        await apply({
          item: { uniqueId: "", operation: "write", listing: {}, photoUrls: [], photoProblems: [] },
          line: lineNo,
          problem: { field: "line", message: "tooLong" },
        });
      } else await handle(line);
      nl = buffer.indexOf("\n");
    }
    if (buffer.length > MAX_ELEMENT_TEXT) {
      buffer = "";
      skipping = true;
    }
  }
  buffer += decoder.decode();
  if (skipping) {
    lineNo += 1;
    await apply({
      item: { uniqueId: "", operation: "write", listing: {}, photoUrls: [], photoProblems: [] },
      line: lineNo,
      problem: { field: "line", message: "tooLong" },
    });
  } else if (buffer.trim() !== "") await handle(buffer);
}
