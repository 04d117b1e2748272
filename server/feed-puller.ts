/**
 * Scheduled feed pulls (issue 24 item 3, docs/decisions/135): every process looks for due feed sources on the
 * shared polling machinery, claims one at a time with a lease, fetches it (server/feed-fetch.ts) and imports it
 * exactly as an upload is imported (app/publisher/feed-import.server.ts: streamed, capped, a report per import),
 * then sets the next pull an interval later. A fetch that fails is recorded on the source with its reason.
 */
import type { Kysely } from "kysely";
import { importFeed } from "../app/publisher/feed-import.server.ts";
import { claimDueFeedSources, finishFeedPull, type FeedSource } from "../db/feed-sources.ts";
import { publisherKind } from "../db/publishing.ts";
import type { Database } from "../db/schema.ts";
import { FeedFetchError, fetchFeed } from "./feed-fetch.ts";
import type { Logger } from "./logger.ts";
import { PollingWorker } from "./polling-worker.ts";

/** A pull holds its source this long: a feed of 100,000 listings takes minutes to import. */
const LEASE_MS = 30 * 60_000;

export interface FeedPullerOptions {
  db: Kysely<Database>;
  logger: Logger;
  pollMs: number;
  clock: () => number;
  maxBytes: number;
  allowPrivate: boolean;
  timeoutMs: number;
  /** An import recorded photo addresses to download (decision 141) or re-check (145). */
  onPhotosWaiting?: () => void;
  /** FEED_PHOTO_RECHECK_MS (decision 145). */
  photoRecheckMs?: number;
}

export class FeedPuller {
  readonly #o: FeedPullerOptions;
  readonly #worker: PollingWorker<FeedSource>;

  constructor(options: FeedPullerOptions) {
    this.#o = options;
    this.#worker = new PollingWorker({
      what: "feed pulls",
      pollMs: options.pollMs,
      batchSize: 1,
      logger: options.logger,
      claim: (limit) => claimDueFeedSources(options.db, new Date(options.clock()), LEASE_MS, limit),
      handle: async (batch) => {
        for (const source of batch) await this.#pull(source);
      },
    });
  }

  start(): this {
    this.#worker.start();
    return this;
  }

  /** Look for due sources now (a source was just set). */
  wake(): void {
    this.#worker.wake();
  }

  stop(): Promise<void> {
    return this.#worker.stop();
  }

  async #pull(source: FeedSource): Promise<void> {
    const { db, logger, clock } = this.#o;
    const kind = await publisherKind(db, source.publisherId);
    let outcome: { status: "done" | "failed"; error: string | null; importId: number | null };
    if (!kind) {
      outcome = { status: "failed", error: "the publisher no longer exists", importId: null };
    } else {
      try {
        const feed = await fetchFeed(source.url, { allowPrivate: this.#o.allowPrivate, timeoutMs: this.#o.timeoutMs });
        const report = await importFeed({
          db,
          publisher: { id: source.publisherId, kind },
          source: "url",
          format: source.format,
          body: feed.body,
          gzip: feed.gzip,
          maxBytes: this.#o.maxBytes,
          now: new Date(clock()),
          onPhotosWaiting: this.#o.onPhotosWaiting,
          photoRecheckMs: this.#o.photoRecheckMs,
        });
        outcome = { status: report.status, error: report.error?.en ?? null, importId: report.importId };
      } catch (error) {
        if (!(error instanceof FeedFetchError)) logger.error({ err: error, publisherId: source.publisherId }, "feed pull failed");
        outcome = { status: "failed", error: error instanceof Error ? error.message : String(error), importId: null };
      }
    }
    await finishFeedPull(db, source, outcome, new Date(clock()));
    logger.info(
      { publisherId: source.publisherId, status: outcome.status, importId: outcome.importId, error: outcome.error },
      "feed pulled",
    );
  }
}
