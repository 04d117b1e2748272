/**
 * Keeps this process's copies of the listings in step with the database (docs/decisions/050): reads the
 * change log (db/listing-changes.ts) when woken by NOTIFY and every `pollMs`, applies each changed
 * listing to the in-memory facts and forgets what depends on them (cached totals, place counts).
 * Every process runs one; none is told anything by another except through the database.
 *
 * With replicas (docs/decisions/106) the log, the listings it names and the facts' loads are read on one
 * server at a time, its "source": a replica in use, kept while it stays in use. When it drops out the
 * follower reads the primary (always as far on as any replica), and goes back to a replica only once that
 * replica has replayed past the primary's position after the follower's last read there: the state applied
 * never goes back in time. NOTIFY comes from the primary (replicas deliver none) and may arrive before the
 * replica has replayed the change: a second read follows shortly, and the poll catches the rest.
 */
import type { DatabaseHandle } from "../db/database.ts";
import type { CountCache } from "../db/count-cache.ts";
import {
  currentChangePosition,
  LISTING_CHANGES_CHANNEL,
  pruneListingChanges,
  readListingChanges,
  type ChangePosition,
} from "../db/listing-changes.ts";
import { forgetListingFacts, listingFacts, loadListingFacts, type ListingFacts } from "../db/listing-facts.ts";
import { invalidatePlaceCounts } from "../db/place-search.ts";
import type { ReadTarget } from "../db/read-replicas.ts";
import type { Logger } from "./logger.ts";

/** After a NOTIFY while reading a replica, the log is read again this much later (the replica replays in ms). */
const REPLICA_REREAD_MS = 150;

/** Reads of the log at most this often: each costs two queries and a copy of the touched candidate lists. */
const MIN_READ_INTERVAL_MS = 100;
/**
 * Cached totals are forgotten at once after a quiet spell, then at most this often while changes keep
 * coming: under a stream of changes, clearing on every read made every search recount (bench:changes in
 * docs/BENCHMARKS.md), and a total may lag a change by this much, well inside the 2 s every process must meet.
 */
export const COUNT_CACHE_MIN_CLEAR_INTERVAL_MS = 1000;

export interface ListingFollowerOptions {
  database: DatabaseHandle;
  /** Keep the in-memory listing facts (SEARCH_FACTS); without them only caches are forgotten. */
  facts: boolean;
  counts: CountCache;
  logger: Logger;
  /** How often the log is read without a notification (LISTING_CHANGES_POLL_MS). */
  pollMs?: number;
  /** How long the log keeps a change; a follower that could not read it for half that reloads. */
  keepMs?: number;
  /** First wait before loading the facts again after a failed load; doubles up to a minute. */
  retryMs?: number;
  /** Called each time the facts have loaded (the server reports itself warm). */
  onFactsLoaded?: (facts: ListingFacts) => void;
}

export class ListingFollower {
  readonly #options: Required<Omit<ListingFollowerOptions, "onFactsLoaded">> & Pick<ListingFollowerOptions, "onFactsLoaded">;
  #position: ChangePosition = { seq: 0, running: [], xmax: "0" };
  #readAt = 0;
  #running: Promise<void> | null = null;
  #again = false;
  #lastRead = 0;
  #lastClear = Number.NEGATIVE_INFINITY;
  #clearTimer: NodeJS.Timeout | null = null;
  #stopped = false;
  #timers: NodeJS.Timeout[] = [];
  #unlisten: (() => Promise<void>) | null = null;
  /** Refreshes of the facts run one after another, so an older read never lands after a newer one. */
  #queue: Promise<unknown> = Promise.resolve();
  /** Listings changed while the facts load; applied once they are in. */
  #collecting: Set<number> | null = null;
  #generation = 0;
  #factsReady: Promise<ListingFacts | null> = Promise.resolve(null);
  /** Failed loads in a row, for the wait before the next try. */
  #failedLoads = 0;
  #retryTimer: NodeJS.Timeout | null = null;
  /** Changes applied so far (for logs and benchmarks). */
  applied = 0;
  /** performance.now() when the last applied read of the log began: everything committed before is applied. */
  appliedAsOf = 0;
  /** Time spent re-reading changed listings and applying them to the facts (ms). */
  refreshMs = 0;
  /** Where the log and listings are read, with replicas (null: database.readDb as it routes). */
  #source: ReadTarget | null = null;
  /** The primary's WAL position after the last read there: a replica must have replayed it to become the source. */
  #primaryLsn: bigint | null = null;

  constructor(options: ListingFollowerOptions) {
    this.#options = { pollMs: 1000, keepMs: 10 * 60_000, retryMs: 2000, ...options };
  }

  /** The highest change-log number read and applied so far. */
  get appliedSeq(): number {
    return this.#position.seq;
  }

  /** The listing facts once loaded (null when disabled or failed); reloads after a bulk load replace this. */
  get factsReady(): Promise<ListingFacts | null> {
    return this.#factsReady;
  }

  /** Where the log is read now: a replica's name or "primary" (null without replicas). */
  get source(): string | null {
    return this.#source?.name ?? null;
  }

  /** Keeps the source, or moves it: a dropped replica → the primary; the primary → a replica that has caught up. */
  async #chooseSource(): Promise<void> {
    const router = this.#options.database.replicas;
    if (!router) return;
    const current = this.#source;
    if (current?.replica && router.usable(current)) return;
    const replica = router.nextReplica();
    if (current === null) this.#source = replica ?? router.primary;
    else if (current.replica || !replica) this.#source = router.primary;
    else if (this.#primaryLsn === null || (await router.replayLsn(replica).catch(() => -1n)) >= this.#primaryLsn) this.#source = replica;
    if (this.#source !== current) this.#options.logger.info({ source: this.#source!.name }, "listing changes: reading another server");
  }

  /** Runs reads on the source; after a read on the primary, notes its position. */
  async #onSource<T>(work: () => Promise<T>): Promise<T> {
    const router = this.#options.database.replicas;
    const source = this.#source;
    if (!router || !source) return work();
    const result = await router.pin(source, work);
    if (!source.replica) this.#primaryLsn = await router.primaryLsn();
    return result;
  }

  /** Takes the log's position first, then loads the facts in the background: nothing committed meanwhile is lost. */
  async start(): Promise<void> {
    const { database, pollMs, keepMs, logger } = this.#options;
    await this.#chooseSource();
    this.#position = await this.#onSource(() => currentChangePosition(database.readDb));
    this.#readAt = Date.now();
    if (this.#options.facts) this.#loadFacts();
    this.#timers.push(setInterval(() => this.wake(), pollMs));
    this.#timers.push(
      setInterval(
        () => {
          pruneListingChanges(database.db, keepMs).catch((error: unknown) => logger.warn({ err: error }, "listing change log not pruned"));
        },
        Math.min(60_000, keepMs / 4),
      ),
    );
    for (const t of this.#timers) t.unref();
    try {
      this.#unlisten = await database.listen(LISTING_CHANGES_CHANNEL, () => {
        this.wake();
        if (this.#source?.replica) setTimeout(() => this.wake(), REPLICA_REREAD_MS).unref();
      });
    } catch (error) {
      logger.warn({ err: error }, `no notifications of listing changes: following by polling every ${pollMs} ms`);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const t of this.#timers) clearInterval(t);
    if (this.#clearTimer) clearTimeout(this.#clearTimer);
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    await this.#unlisten?.();
    await this.#running;
    await this.#queue.catch(() => {});
  }

  /** Reads the log now (or once more after the read in progress). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        // A burst of notifications (one per commit) becomes one read per MIN_READ_INTERVAL_MS.
        const wait = this.#lastRead + MIN_READ_INTERVAL_MS - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        this.#lastRead = performance.now();
        await this.#catchUp();
      } while (this.#again && !this.#stopped);
    })()
      .catch((error: unknown) => this.#options.logger.warn({ err: error }, "listing changes not read; retrying at the next poll"))
      .finally(() => {
        this.#running = null;
      });
  }

  /** Resolves once every change committed before the call has been applied (tests, benchmarks). */
  async caughtUp(): Promise<void> {
    const since = performance.now();
    while (!this.#stopped && this.appliedAsOf <= since) {
      this.wake();
      await this.#running;
      if (this.#collecting !== null) await this.#factsReady;
      if (this.appliedAsOf <= since) await new Promise((r) => setTimeout(r, 10));
    }
  }

  async #catchUp(): Promise<void> {
    const { database, keepMs } = this.#options;
    // The log may have been pruned past a position this old: start over instead.
    const stale = Date.now() - this.#readAt > keepMs / 2;
    const startedAt = performance.now();
    await this.#chooseSource();
    const batch = await this.#onSource(() => readListingChanges(database.readDb, this.#position));
    this.#readAt = Date.now();
    if (batch.reset || stale) {
      this.#position = batch.next;
      this.#options.logger.info({ stale }, "listings replaced: reloading the in-memory listing facts");
      this.#forgetCaches();
      if (this.#options.facts) this.#loadFacts();
      return;
    }
    if (batch.ids.length === 0) {
      this.#position = batch.next;
      this.appliedAsOf = startedAt;
      return;
    }
    if (this.#options.facts) {
      if (this.#collecting) for (const id of batch.ids) this.#collecting.add(id);
      else {
        const facts = listingFacts(database.readDb);
        const t = performance.now();
        if (facts) await this.#serial(() => this.#onSource(() => facts.refresh(database.readDb, batch.ids)));
        this.refreshMs += performance.now() - t;
      }
    }
    // Only now: a failed refresh is read again at the next poll.
    this.#position = batch.next;
    this.applied += batch.ids.length;
    this.#forgetCaches();
    if (!this.#collecting) this.appliedAsOf = startedAt;
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(task);
    this.#queue = next.catch(() => {});
    return next;
  }

  /**
   * (Re)loads the facts from scratch, then applies what changed while they loaded. A failed load (a
   * statement timeout on a cold, busy server; an outage at start-up) is tried again after a wait that
   * doubles up to a minute: until then totals are counted by SQL, and the process never stays cold.
   */
  #loadFacts(): void {
    const { database, logger, retryMs, onFactsLoaded } = this.#options;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    const generation = ++this.#generation;
    const collecting = new Set<number>();
    this.#collecting = collecting;
    forgetListingFacts(database.readDb);
    this.#factsReady = this.#onSource(() => loadListingFacts(database.readDb))
      .then(async (facts) => {
        while (collecting.size > 0 && generation === this.#generation) {
          const ids = [...collecting];
          collecting.clear();
          await this.#serial(() => this.#onSource(() => facts.refresh(database.readDb, ids)));
        }
        if (generation !== this.#generation) return facts;
        this.#collecting = null;
        this.#failedLoads = 0;
        this.#forgetCaches();
        onFactsLoaded?.(facts);
        return facts;
      })
      .catch((error: unknown) => {
        if (generation !== this.#generation || this.#stopped) return null;
        this.#collecting = null;
        forgetListingFacts(database.readDb);
        const waitMs = Math.min(60_000, retryMs * 2 ** this.#failedLoads++);
        logger.error({ err: error, retryInMs: waitMs }, "listing facts failed to load; totals are counted by SQL until they load");
        this.#retryTimer = setTimeout(() => {
          this.#retryTimer = null;
          if (!this.#stopped && generation === this.#generation) this.#loadFacts();
        }, waitMs);
        this.#retryTimer.unref();
        return null;
      });
  }

  #forgetCaches(): void {
    invalidatePlaceCounts(this.#options.database.readDb);
    const clear = () => {
      this.#lastClear = performance.now();
      this.#options.counts.clear();
    };
    const wait = this.#lastClear + COUNT_CACHE_MIN_CLEAR_INTERVAL_MS - performance.now();
    if (wait <= 0) clear();
    else if (!this.#clearTimer) {
      this.#clearTimer = setTimeout(() => {
        this.#clearTimer = null;
        clear();
      }, wait);
      this.#clearTimer.unref();
    }
  }
}
