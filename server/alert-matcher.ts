/**
 * Each process's alert matcher (issue 23, docs/decisions/085). Every `pollMs` (1 s: an alert is recorded
 * about a second after the listing change commits) it claims listing events (db/listing-events.ts: FOR UPDATE SKIP LOCKED and a
 * lease, so two processes never match the same event at once, and one that dies leaves its events to
 * another), finds the saved searches whose alerts are on and whose results list the listing
 * (db/alert-matching.ts), and in one transaction records each delivery once and marks the event processed — a batch of
 * events together: one read of their listings, one transaction for all their alerts (docs/decisions/147). 'Subito'
 * e-mail alerts are mailed by server/immediate-alerts.ts, one mail per search with every alert waiting (decision 142),
 * through the durable mail queue (docs/decisions/059), which sends it and retries while SMTP is down. Daily
 * alerts are recorded for their digest (e-mail: decision 092, push: decision 130); 'Subito' push alerts are queued for each device
 * of their owner in the same transaction (db/push.ts, sent by server/push-sender.ts, decision 116).
 */
import type { Kysely } from "kysely";
import { alertLinkUrls } from "../core/alerts/alert-links.ts";
import { alertMailContent, alertOccasion, type AlertLocale, type AlertMailInput, type AlertReason } from "../core/alerts/alert-mail.ts";
import { alertPushPayload } from "../core/alerts/alert-push.ts";
import { nextDigestAt } from "../core/alerts/digest.ts";
import type { IsochroneProvider } from "../core/search/isochrone.ts";
import { savedSearchDefaultTitle } from "../core/search/seo.ts";
import { encodeSearchUrl } from "../core/search/url.ts";
import { localizePath } from "../app/i18n/locale.ts";
import { alertsOfListings, warmAlertSearches, type ListingAlerts } from "../db/alert-matching.ts";
import {
  claimListingEvents,
  readAlertCards,
  recordEventsAlerts,
  type AlertCard,
  type EventAlerts,
  type ListingEvent,
  type PendingDelivery,
} from "../db/listing-events.ts";
import { getPlaceDirectory } from "../db/place-directory.ts";
import type { PushDelivery } from "../db/push.ts";
import type { Database } from "../db/schema.ts";
import type { AlertLinks } from "./alerts/alert-links.ts";
import type { Logger } from "./logger.ts";
import { PollingWorker } from "./polling-worker.ts";

/** A claimed event is due again after this long if its matcher never finished it (a crash mid-batch). */
const LEASE_MS = 120_000;
/** Events claimed, read, decided and recorded together (docs/decisions/147). */
const BATCH = 100;
/** Events matched side by side when a batch is taken one by one. */
const EVENTS_AT_ONCE = 4;

export interface AlertMatcherOptions {
  db: Kysely<Database>;
  /** The primary's prepared reads (`DatabaseHandle.primaryReads`): each batch's reads of its listings; `db` when absent. */
  reads?: Kysely<Database>;
  logger: Logger;
  pollMs: number;
  /** PUBLIC_URL: the origin of every link in a mail. */
  origin: string;
  /** Signs the links without login every alert mail carries (docs/decisions/091). */
  links: AlertLinks;
  isochrones?: IsochroneProvider;
  /** Called after 'Subito' e-mail alerts were recorded (this process's immediate alert sender is woken). */
  onRecorded?: () => void;
  /** Called after push messages were queued (this process's push sender is woken). */
  onPushQueued?: () => void;
  /** How long a claimed event is held before another matcher may take it (default 2 min; fault tests shorten it). */
  leaseMs?: number;
  /** The clock daily alerts' digest time is set by (tests move it). */
  now?: () => number;
}

export class AlertMatcher {
  readonly #o: AlertMatcherOptions;
  readonly #worker: PollingWorker<ListingEvent>;
  /** 'Subito' e-mail alerts this process recorded (logs, tests); server/immediate-alerts.ts mails them. */
  recorded = 0;
  /** Push messages (one per device) this process queued. */
  pushed = 0;
  #warming: Promise<unknown> = Promise.resolve();

  constructor(options: AlertMatcherOptions) {
    this.#o = options;
    this.#worker = new PollingWorker({
      what: "alerts",
      pollMs: options.pollMs,
      batchSize: BATCH,
      logger: options.logger,
      claim: (limit) => {
        // Idle or not, the held searches follow their change log at every poll (a log unread for minutes means a reload).
        this.#catchUp();
        return claimListingEvents(options.db, limit, options.leaseMs ?? LEASE_MS);
      },
      handle: (batch) => this.#handle(batch),
    });
  }

  /**
   * Starts matching, and loads and compiles every alerting saved search in the background (docs/decisions/137): the
   * first event waits for that.
   */
  start(): this {
    this.#worker.start();
    this.#warming = this.warm();
    return this;
  }

  /** The held searches brought up to date now (start loads them all); resolves to how many this process holds. */
  warm(): Promise<number> {
    const { db, logger, isochrones } = this.#o;
    const started = performance.now();
    return warmAlertSearches(db, isochrones).then(
      (held) => {
        logger.info({ held, ms: Math.round(performance.now() - started) }, "alerts: saved searches compiled");
        return held;
      },
      (error: unknown) => {
        logger.warn({ err: error }, "alerts: saved searches not loaded; the next event tries again");
        return 0;
      },
    );
  }

  #catchUp(): void {
    if (this.#worker.stopped) return;
    this.#warming = warmAlertSearches(this.#o.db, this.#o.isochrones).catch((error: unknown) =>
      this.#o.logger.warn({ err: error }, "alerts: saved search changes not read; read again at the next poll"),
    );
  }

  /** Look for events now; cheap to call often. */
  wake(): void {
    this.#worker.wake();
  }

  /**
   * A batch of events matched together (docs/decisions/147): one read of their listings (cards and match columns),
   * one of who hid them, the held searches brought up to date once, each event decided in memory, and all their
   * alerts recorded with every event marked processed in ONE transaction. An event whose decision throws is left
   * claimed (another try after the lease) and the rest are recorded. When a shared read or the transaction fails,
   * the events are taken one by one as before, so one event that cannot be recorded holds back only itself.
   */
  async #handle(batch: ListingEvent[]): Promise<void> {
    if (this.#worker.stopped) return; // claimed but unfinished: due again when the lease ends
    try {
      await this.#processBatch(batch);
    } catch (error) {
      this.#o.logger.warn({ err: error, events: batch.length }, "alerts: batch not matched together; matching its events one by one");
      await this.#oneByOne(batch);
    }
  }

  /** A few events at a time, each in its own transaction (the fallback of a batch that failed). */
  async #oneByOne(batch: ListingEvent[]): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < batch.length) {
        if (this.#worker.stopped) return; // claimed but unfinished: due again when the lease ends
        const event = batch[next++]!;
        try {
          await this.#processBatch([event]);
        } catch (error) {
          // Left claimed: another try after the lease; deliveries already made are not repeated.
          this.#o.logger.error({ err: error, eventId: event.id, listingId: event.listingId }, "alerts: event not matched; will retry");
        }
      }
    };
    await Promise.all(Array.from({ length: EVENTS_AT_ONCE }, lane));
  }

  async #processBatch(events: ListingEvent[]): Promise<void> {
    const { db, logger } = this.#o;
    const listingIds = events.map((e) => e.listingId);
    /** The event being decided (decisions run one at a time, in memory): a skipped search is logged with it. */
    let deciding: ListingEvent | null = null;
    // Side by side, one statement each for the whole batch: the cards, and the match columns with the held searches
    // brought up to date and who hid the listings.
    const reads = this.#o.reads ?? db;
    const [cards, decide] = await Promise.all([
      readAlertCards(reads, listingIds),
      alertsOfListings(db, listingIds, {
        reads,
        isochrones: this.#o.isochrones,
        onSkip: (search, reason) =>
          logger.warn(
            { savedSearchId: search.id, eventId: deciding?.id, listingId: deciding?.listingId, reason },
            "alerts: saved search skipped",
          ),
      }),
    ]);
    const now = new Date((this.#o.now ?? Date.now)());
    const digestAt = nextDigestAt(now);
    const recorded: EventAlerts[] = [];
    for (const event of events) {
      deciding = event;
      try {
        recorded.push(await this.#decide(event, cards.get(event.listingId) ?? null, decide.get(event.listingId), now, digestAt));
      } catch (error) {
        // Left claimed: another try after the lease; the batch's other events are recorded.
        logger.error({ err: error, eventId: event.id, listingId: event.listingId }, "alerts: event not matched; will retry");
      }
    }
    if (recorded.length === 0) return;
    const immediate = await recordEventsAlerts(db, recorded, (n) => {
      this.pushed += n;
      logger.info({ events: recorded.length, pushes: n }, "alerts: pushes queued");
      this.#o.onPushQueued?.();
    });
    if (immediate > 0) {
      this.recorded += immediate;
      logger.info({ events: recorded.length, alerts: immediate }, "alerts: immediate e-mail alerts recorded");
      this.#o.onRecorded?.();
    }
  }

  /** One event's alerts, decided in memory from its batch's reads (none when its listing is gone or says nothing new). */
  async #decide(
    event: ListingEvent,
    card: AlertCard | null,
    decide: (() => ListingAlerts) | undefined,
    now: Date,
    digestAt: Date,
  ): Promise<EventAlerts> {
    const occasion = card ? alertOccasion(event, card) : null;
    if (!card || !occasion || !decide) return { eventId: event.id, pending: [] };
    // Every channel and frequency in one pass: each candidate search matched once.
    const alerted = decide();
    const searches = (channel: "mail" | "push", frequency: "immediately" | "daily") => alerted.searches(channel, frequency);
    const key = { listingId: card.id, occasion, eventId: event.id };
    const pending: PendingDelivery[] = [
      // 'Subito' e-mail: recorded here, mailed with the search's other waiting alerts at the next run (decision 142).
      ...searches("mail", "immediately").map((search) => ({ ...key, savedSearchId: search.id, digestAt: now, immediate: true })),
      ...searches("mail", "daily").map((search) => ({ ...key, savedSearchId: search.id, digestAt })),
      // Daily pushes wait for the same 08:00 (decision 130).
      ...searches("push", "daily").map((search) => ({ ...key, savedSearchId: search.id, digestAt, channel: "push" as const })),
    ];
    const pushSearches = searches("push", "immediately");
    const pushes: PushDelivery[] = [];
    if (pushSearches.length > 0) {
      // One push per listing and device (decision 142: a notification opens its listing), saying what a mail about this
      // listing alone would say.
      const directory = alerted.directory ?? (await getPlaceDirectory(this.#o.db));
      const town = directory.get(card.townId);
      const zone = card.zoneId ? directory.get(card.zoneId) : undefined;
      const place = [town?.name, zone?.name].filter(Boolean).join(", ");
      const reason: AlertReason =
        event.kind === "price_drop" && event.oldPrice !== null
          ? { kind: "price_drop", oldPrice: event.oldPrice, newPrice: event.newPrice }
          : { kind: "new" };
      const origin = this.#o.origin;
      for (const search of pushSearches) {
        const places = search.query.places.map((id) => directory.get(id)).filter((p) => p !== undefined);
        // The language of the page the search was saved from (decision 116).
        const locale: AlertLocale = search.locale;
        const input = {
          locale,
          searchTitle: search.title ?? savedSearchDefaultTitle(search.query, places, locale),
          reason,
          listing: { ...card, place },
          listingUrl: `${origin}${localizePath(`/annunci/${card.id}/`, locale)}`,
          resultsUrl: `${origin}${localizePath(encodeSearchUrl(search.query, directory), locale)}`,
          origin,
          links: alertLinkUrls(origin, this.#o.links.sign(search.userId, search.id, "push"), locale, localizePath),
        } satisfies AlertMailInput;
        pushes.push({
          ...key,
          savedSearchId: search.id,
          userId: search.userId,
          payload: JSON.stringify(alertPushPayload(alertMailContent(input), card.id, locale)),
        });
      }
    }
    return { eventId: event.id, pending, pushes };
  }

  /** Stops looking; an event under way finishes. */
  async stop(): Promise<void> {
    await this.#worker.stop();
    await this.#warming;
  }
}
