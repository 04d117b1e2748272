/**
 * Freshness (issue 24, docs/decisions/096): a listing its publisher has not confirmed for 30 days (an API
 * update or confirm, its presence in a feed, a click in the dashboard) expires and leaves search. Every
 * process runs this on the shared polling machinery; ending a listing is a conditional update
 * (status 'online' → 'expired') and the listing's removal in one transaction, so two processes that pick
 * the same listing end it once.
 */
import type { Kysely } from "kysely";
import { endOwnListing, listingsDueForExpiry } from "../db/publishing.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "./logger.ts";
import { PollingWorker } from "./polling-worker.ts";

export const CONFIRMATION_VALID_DAYS = 30;
const DAY_MS = 86_400_000;

export class ListingExpiry {
  readonly #worker: PollingWorker<{ listingId: number; publisherId: number }>;
  /** Listings this process expired (logs, tests). */
  expired = 0;

  constructor(options: { db: Kysely<Database>; logger: Logger; pollMs: number; clock: () => number }) {
    const { db, clock } = options;
    this.#worker = new PollingWorker({
      what: "listing expiry",
      pollMs: options.pollMs,
      batchSize: 100,
      logger: options.logger,
      claim: (limit) => listingsDueForExpiry(db, new Date(clock() - CONFIRMATION_VALID_DAYS * DAY_MS), limit),
      handle: async (batch) => {
        for (const due of batch) {
          if (this.#worker.stopped) return;
          if (await endOwnListing(db, due.publisherId, due.listingId, "expired", new Date(clock()))) this.expired += 1;
        }
        if (batch.length > 0) options.logger.info({ expired: batch.length }, "listings expired: not confirmed for 30 days");
      },
    });
  }

  start(): this {
    this.#worker.start();
    return this;
  }

  stop(): Promise<void> {
    return this.#worker.stop();
  }
}
