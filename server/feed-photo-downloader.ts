/**
 * Photos a feed lists by address (issue 24, docs/decisions/141), downloaded in the background, never in the
 * import: every process looks for waiting addresses on the shared polling machinery and claims a few at a time
 * with a lease (two processes never fetch the same address at once; one that dies leaves them due again). Each is
 * fetched under the feed pulls' address rules (server/feed-fetch.ts: private addresses refused, redirects checked,
 * a byte cap and a deadline), made into renditions as an upload is (processPhoto) and stored as the listing's photo
 * (so duplicate detection by photo follows). A failed try is recorded with its reason and tried again later, a few
 * times at most. An address an import listed again after FEED_PHOTO_RECHECK_MS is asked again as a crawler asks
 * (docs/decisions/145): with the validators its server gave, a 304 or the same bytes change nothing, other bytes
 * replace the photo in its place.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { processPhoto } from "../app/publisher/photos.server.ts";
import { FEED_PHOTO_MAX_ATTEMPTS, type FeedPhotoError, feedPhotoRetryAt } from "../core/publisher/feed-photos.ts";
import { PHOTO_MAX_BYTES, PHOTOS_PER_LISTING, type photoMessages } from "../core/publisher/photo.ts";
import {
  claimDueFeedPhotos,
  claimDueRechecks,
  type FeedPhotoUrl,
  failFeedPhoto,
  feedPhotoSourceSha256,
  recordFeedPhotoCheck,
  replaceFeedPhoto,
  storeFeedPhoto,
} from "../db/feed-photos.ts";
import type { Database } from "../db/schema.ts";
import { FeedFetchError, type FetchedPhoto, fetchPhoto } from "./feed-fetch.ts";
import type { Logger } from "./logger.ts";
import { PollingWorker } from "./polling-worker.ts";

/** A claimed address is held at least this long: a download and its renditions take seconds, a slow server up to the timeout. */
const MIN_LEASE_MS = 5 * 60_000;
/** Addresses claimed at once; downloaded one after the other (sharp's work is the CPU's, shared with requests). */
const BATCH = 4;

export interface FeedPhotoDownloaderOptions {
  db: Kysely<Database>;
  logger: Logger;
  pollMs: number;
  clock: () => number;
  allowPrivate: boolean;
  timeoutMs: number;
  retryMs: number;
}

/** processPhoto's refusals as the reasons kept on the address. */
const PROCESS_FAILURES: Partial<Record<keyof typeof photoMessages, FeedPhotoError>> = {
  notAnImage: "not-an-image",
  heic: "heic",
  unreadable: "unreadable",
  empty: "not-an-image",
  tooManyPixels: "too-many-pixels",
  tooLarge: "too-large",
};

/** A claimed address: a first download (waiting) or a re-check of a done one. */
type Claimed = { row: FeedPhotoUrl; recheck: boolean };

export class FeedPhotoDownloader {
  readonly #o: FeedPhotoDownloaderOptions;
  readonly #worker: PollingWorker<Claimed>;

  constructor(options: FeedPhotoDownloaderOptions) {
    this.#o = options;
    this.#worker = new PollingWorker({
      what: "feed photos",
      pollMs: options.pollMs,
      batchSize: BATCH,
      logger: options.logger,
      // A batch's downloads run one after the other: the lease outlasts all of them at their deadline. Addresses never
      // downloaded come first; re-checks fill the rest of the batch.
      claim: async (limit) => {
        const now = new Date(options.clock());
        const waiting = await claimDueFeedPhotos(
          options.db,
          now,
          Math.max(MIN_LEASE_MS, 2 * BATCH * options.timeoutMs),
          limit,
          FEED_PHOTO_MAX_ATTEMPTS,
        );
        const rechecks = waiting.length < limit ? await claimDueRechecks(options.db, now, limit - waiting.length) : [];
        return [...waiting.map((row) => ({ row, recheck: false })), ...rechecks.map((row) => ({ row, recheck: true }))];
      },
      handle: async (batch) => {
        // Rows not reached before a stop come due again when their lease ends (a re-check, at the next import).
        // A row that comes back failed was given up at the claim (its tries were spent under a process that died).
        for (const { row, recheck } of batch) {
          if (this.#worker.stopped) break;
          if (recheck) await this.#recheck(row);
          else if (row.state === "waiting") await this.#download(row);
        }
      },
    });
  }

  start(): this {
    this.#worker.start();
    return this;
  }

  /** Look for waiting addresses now (an import just recorded some). */
  wake(): void {
    this.#worker.wake();
  }

  stop(): Promise<void> {
    return this.#worker.stop();
  }

  async #download(row: FeedPhotoUrl): Promise<void> {
    const { db, logger, clock } = this.#o;
    const fail = async (error: FeedPhotoError, final = false) => {
      const now = new Date(clock());
      await failFeedPhoto(db, row, error, {
        maxAttempts: FEED_PHOTO_MAX_ATTEMPTS,
        retryAt: feedPhotoRetryAt(now, row.attempts, this.#o.retryMs),
        final,
      });
      logger.info({ listingId: row.listingId, url: row.url, attempts: row.attempts, error }, "feed photo not downloaded");
    };
    try {
      let fetched: FetchedPhoto | "not-modified";
      try {
        fetched = await fetchPhoto(row.url, {
          allowPrivate: this.#o.allowPrivate,
          timeoutMs: this.#o.timeoutMs,
          maxBytes: PHOTO_MAX_BYTES,
        });
      } catch (error) {
        if (error instanceof FeedFetchError) return await fail(error.reason);
        throw error;
      }
      // Asked nothing conditional: a 304 is refused on the way (FeedFetchError), so this is the file.
      if (fetched === "not-modified") return await fail("unreachable");
      const processed = await processPhoto(fetched.bytes);
      if (!processed.ok) return await fail(PROCESS_FAILURES[processed.problem.message] ?? "unreadable");
      const { bytes: _bytes, ...validators } = fetched;
      const stored = await storeFeedPhoto(db, row, processed.photo, PHOTOS_PER_LISTING, new Date(clock()), validators);
      if (stored === "not-online" || stored === "too-many") return await fail(stored, true);
    } catch (error) {
      // The database is away, say: the address stays claimed until its lease ends, then is tried again.
      logger.error({ err: error, listingId: row.listingId, url: row.url }, "feed photo download failed");
    }
  }

  /**
   * A done address asked again with its validators: a 304, or the same bytes, keep the photo (checked now); other
   * bytes replace it in its place. A failure keeps the photo and its reason, and waits for a later import's re-check.
   */
  async #recheck(row: FeedPhotoUrl): Promise<void> {
    const { db, logger, clock } = this.#o;
    const checked = (outcome: Parameters<typeof recordFeedPhotoCheck>[3]) => recordFeedPhotoCheck(db, row, new Date(clock()), outcome);
    try {
      let fetched: FetchedPhoto | "not-modified";
      try {
        fetched = await fetchPhoto(row.url, {
          allowPrivate: this.#o.allowPrivate,
          timeoutMs: this.#o.timeoutMs,
          maxBytes: PHOTO_MAX_BYTES,
          validators: { etag: row.etag, lastModified: row.lastModified },
        });
      } catch (error) {
        if (error instanceof FeedFetchError) return await checked({ error: error.reason });
        throw error;
      }
      if (fetched === "not-modified") return await checked({ validators: { etag: row.etag, lastModified: row.lastModified } });
      const { bytes, ...validators } = fetched;
      const current = await feedPhotoSourceSha256(db, row);
      // Its photo deleted through the API (it stays so), or the same file under new validators (a server that ignores
      // them, a touched file): nothing to do but remember them.
      if (current === null || createHash("sha256").update(bytes).digest("hex") === current) return await checked({ validators });
      const processed = await processPhoto(bytes);
      if (!processed.ok) return await checked({ error: PROCESS_FAILURES[processed.problem.message] ?? "unreadable" });
      const replaced = await replaceFeedPhoto(db, row, processed.photo, PHOTOS_PER_LISTING, new Date(clock()), validators);
      if (replaced === "too-many") await checked({ error: "too-many" });
      logger.info({ listingId: row.listingId, url: row.url, outcome: replaced }, "feed photo changed at its address");
    } catch (error) {
      // The database is away, say: the photo stays as it was; the next import after the interval asks again.
      logger.error({ err: error, listingId: row.listingId, url: row.url }, "feed photo re-check failed");
    }
  }
}
