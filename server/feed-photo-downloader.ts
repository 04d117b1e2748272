/**
 * Photos a feed lists by address (issue 24, docs/decisions/141), downloaded in the background, never in the
 * import: every process looks for waiting addresses on the shared polling machinery and claims a few at a time
 * with a lease (two processes never fetch the same address at once; one that dies leaves them due again). Each is
 * fetched under the feed pulls' address rules (server/feed-fetch.ts: private addresses refused, redirects checked,
 * a byte cap and a deadline), made into renditions as an upload is (processPhoto) and stored as the listing's photo
 * (so duplicate detection by photo follows). A failed try is recorded with its reason and tried again later, a few
 * times at most.
 */
import type { Kysely } from "kysely";
import { processPhoto } from "../app/publisher/photos.server.ts";
import { FEED_PHOTO_MAX_ATTEMPTS, type FeedPhotoError, feedPhotoRetryAt } from "../core/publisher/feed-photos.ts";
import { PHOTO_MAX_BYTES, PHOTOS_PER_LISTING, type photoMessages } from "../core/publisher/photo.ts";
import { claimDueFeedPhotos, type FeedPhotoUrl, failFeedPhoto, storeFeedPhoto } from "../db/feed-photos.ts";
import type { Database } from "../db/schema.ts";
import { FeedFetchError, fetchPhoto } from "./feed-fetch.ts";
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

export class FeedPhotoDownloader {
  readonly #o: FeedPhotoDownloaderOptions;
  readonly #worker: PollingWorker<FeedPhotoUrl>;

  constructor(options: FeedPhotoDownloaderOptions) {
    this.#o = options;
    this.#worker = new PollingWorker({
      what: "feed photos",
      pollMs: options.pollMs,
      batchSize: BATCH,
      logger: options.logger,
      // A batch's downloads run one after the other: the lease outlasts all of them at their deadline.
      claim: (limit) =>
        claimDueFeedPhotos(
          options.db,
          new Date(options.clock()),
          Math.max(MIN_LEASE_MS, 2 * BATCH * options.timeoutMs),
          limit,
          FEED_PHOTO_MAX_ATTEMPTS,
        ),
      handle: async (batch) => {
        // Rows not reached before a stop come due again when their lease ends.
        // A row that comes back failed was given up at the claim (its tries were spent under a process that died).
        for (const row of batch) if (row.state === "waiting" && !this.#worker.stopped) await this.#download(row);
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
      let bytes: Buffer;
      try {
        bytes = await fetchPhoto(row.url, { allowPrivate: this.#o.allowPrivate, timeoutMs: this.#o.timeoutMs, maxBytes: PHOTO_MAX_BYTES });
      } catch (error) {
        if (error instanceof FeedFetchError) return await fail(error.reason);
        throw error;
      }
      const processed = await processPhoto(bytes);
      if (!processed.ok) return await fail(PROCESS_FAILURES[processed.problem.message] ?? "unreadable");
      const stored = await storeFeedPhoto(db, row, processed.photo, PHOTOS_PER_LISTING, new Date(clock()));
      if (stored === "not-online" || stored === "too-many") return await fail(stored, true);
    } catch (error) {
      // The database is away, say: the address stays claimed until its lease ends, then is tried again.
      logger.error({ err: error, listingId: row.listingId, url: row.url }, "feed photo download failed");
    }
  }
}
