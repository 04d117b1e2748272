/**
 * Each process's daily-digest sender (issue 23 item 3, docs/decisions/092). E-mail alerts 'Una volta al
 * giorno' are recorded by the matcher (server/alert-matcher.ts) with the next 08:00 Europe/Rome; every
 * `pollMs` this worker looks for saved searches whose recorded alerts are due by its clock, and for each
 * queues ONE mail (db/alert-digests.ts: rows locked, mail queued and rows linked in one transaction) with
 * up to DIGEST_MAX_LISTINGS listings, how many more, and the search's results newest first. Push alerts 'Una
 * volta al giorno' (decision 130) the same way: one push per device of the owner, per search and Rome day.
 */
import type { Kysely, Transaction } from "kysely";
import { alertLinkUrls, listUnsubscribeHeaders } from "../core/alerts/alert-links.ts";
import { alertListContent, type AlertReason, type AlertListItem, type AlertListInput } from "../core/alerts/alert-mail.ts";
import { digestPushPayload } from "../core/alerts/alert-push.ts";
import { DIGEST_MAX_LISTINGS, digestMessageId, romeDay } from "../core/alerts/digest.ts";
import { deserializeSearch } from "../core/search/saved-search.ts";
import { savedSearchDefaultTitle } from "../core/search/seo.ts";
import { encodeSearchUrl } from "../core/search/url.ts";
import { localizePath } from "../app/i18n/locale.ts";
import { digestEvents, dueDigestSearches, sendDueDigest, sendDuePushDigest, type DueDigestRow } from "../db/alert-digests.ts";
import { alertSearchRecords, readAlertCards, type AlertSearchRecord } from "../db/listing-events.ts";
import type { QueuedMailInput } from "../db/mail-queue.ts";
import { getPlaceDirectory, type PlaceDirectory } from "../db/place-directory.ts";
import type { Database } from "../db/schema.ts";
import type { AlertLinks } from "./alerts/alert-links.ts";
import { alertListMail } from "./alerts/alert-mail.tsx";
import type { Logger } from "./logger.ts";
import { PollingWorker } from "./polling-worker.ts";

export interface DigestSenderOptions {
  db: Kysely<Database>;
  logger: Logger;
  pollMs: number;
  origin: string;
  links: AlertLinks;
  /** The clock digests fall due by (tests move it across 08:00 Rome time). */
  now?: () => number;
  onQueued?: () => void;
  /** Called after a daily push was queued (this process's push sender is woken). */
  onPushQueued?: () => void;
}

export class DigestSender {
  readonly #o: DigestSenderOptions;
  readonly #worker: PollingWorker<{ id: number; channel: "mail" | "push" }>;
  /** Digest mails this process queued (logs, tests). */
  queued = 0;
  /** Daily pushes this process queued (one per search and day, whatever the devices). */
  pushed = 0;

  constructor(options: DigestSenderOptions) {
    this.#o = options;
    this.#worker = new PollingWorker({
      what: "alert digests",
      pollMs: options.pollMs,
      batchSize: 20,
      logger: options.logger,
      // Due mails first, then due pushes (decision 130): a batch holds both kinds.
      claim: async (limit) => {
        const now = this.#now();
        const mails = (await dueDigestSearches(options.db, now, limit)).map((id) => ({ id, channel: "mail" as const }));
        const pushes = (await dueDigestSearches(options.db, now, limit, "push")).map((id) => ({ id, channel: "push" as const }));
        return [...mails, ...pushes].slice(0, limit);
      },
      handle: async (due) => {
        for (const { id, channel } of due) {
          if (this.#worker.stopped) return;
          try {
            if (channel === "mail") await this.#send(id);
            else await this.#push(id);
          } catch (error) {
            options.logger.error({ err: error, savedSearchId: id, channel }, "alerts: digest not sent; will retry");
          }
        }
      },
    });
  }

  #now(): Date {
    return new Date((this.#o.now ?? Date.now)());
  }

  start(): this {
    this.#worker.start();
    return this;
  }

  wake(): void {
    this.#worker.wake();
  }

  stop(): Promise<void> {
    return this.#worker.stop();
  }

  async #send(savedSearchId: number): Promise<void> {
    const { db, logger, origin } = this.#o;
    // Read before the transaction: PGlite has one connection, and the directory's first read must not wait on it.
    const directory = await getPlaceDirectory(db);
    const sent = await sendDueDigest(db, savedSearchId, this.#now(), async (rows, trx) => {
      const digest = await alertListInput(this.#o, savedSearchId, rows, trx, directory, "mail", "daily");
      if (!digest) return null;
      return alertListQueuedMail(digest, "alert-digest", digestMessageId(digest.search.id, this.#now(), new URL(origin).hostname));
    });
    if (sent > 0) {
      this.queued++;
      logger.info({ savedSearchId, alerts: sent }, "alerts: digest queued");
      this.#o.onQueued?.();
    }
  }

  /** The daily push of one search (decision 130): one notification per device, per search and Rome day. */
  async #push(savedSearchId: number): Promise<void> {
    const { db, logger } = this.#o;
    const directory = await getPlaceDirectory(db);
    const now = this.#now();
    const queued = await sendDuePushDigest(db, savedSearchId, now, async (rows, trx) => {
      const digest = await alertListInput(this.#o, savedSearchId, rows, trx, directory, "push", "daily");
      if (!digest) return null;
      const { search, input } = digest;
      const payload = digestPushPayload(alertListContent(input), input.items.length, search.id, romeDay(now), search.locale);
      return { userId: search.userId, payload: JSON.stringify(payload) };
    });
    if (queued > 0) {
      this.pushed++;
      logger.info({ savedSearchId, devices: queued }, "alerts: daily push queued");
      this.#o.onPushQueued?.();
    }
  }
}

/** The queued mail of an alert list (alertListInput): rendered, with one-click unsubscribe and its Message-ID. */
export function alertListQueuedMail(
  list: { search: AlertSearchRecord; input: AlertListInput; oneClick: string },
  kind: "alert" | "alert-digest",
  messageId: string,
): QueuedMailInput {
  const mail = alertListMail(list.input);
  return {
    kind,
    recipient: list.search.email,
    replyTo: null,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    leadId: null,
    headers: JSON.stringify({ ...listUnsubscribeHeaders(list.oneClick), "Message-ID": messageId }),
  };
}

/**
 * What an alert mail listing a search's alerts says (a digest, or a 'Subito' run's mail: decision 142), from its
 * rows (oldest first); the same for the daily mail and the daily push. Null when there is nothing to say any more
 * (the search is gone or unreadable, its listings withdrawn).
 */
export async function alertListInput(
  o: { logger: Logger; origin: string; links: AlertLinks },
  savedSearchId: number,
  rows: readonly DueDigestRow[],
  trx: Transaction<Database>,
  directory: PlaceDirectory,
  channel: "mail" | "push",
  frequency: AlertListInput["frequency"],
): Promise<{ search: AlertSearchRecord; input: AlertListInput; oneClick: string } | null> {
  const { logger, origin } = o;
  const [search] = await alertSearchRecords(trx, [savedSearchId]);
  if (!search) return null;
  // The language of the page it was saved from.
  const locale = search.locale;
  let query;
  try {
    query = deserializeSearch(search.serialized);
  } catch (error) {
    logger.warn({ savedSearchId, reason: error instanceof Error ? error.message : String(error) }, "alerts: saved search skipped");
    return null;
  }
  // One after the other: a transaction is one connection.
  const events = await digestEvents(
    trx,
    rows.map((r) => r.eventId),
  );
  const cards = await readAlertCards(
    trx,
    rows.map((r) => r.listingId),
  );
  const items: AlertListItem[] = [];
  for (const row of rows) {
    const card = cards.get(row.listingId);
    if (!card) continue; // withdrawn since: nothing to show
    const event = events.get(row.eventId);
    const reason: AlertReason =
      event?.kind === "price_drop" && event.oldPrice !== null
        ? { kind: "price_drop", oldPrice: event.oldPrice, newPrice: event.newPrice }
        : { kind: "new" };
    const town = directory.get(card.townId);
    const zone = card.zoneId ? directory.get(card.zoneId) : undefined;
    items.push({
      listing: { ...card, place: [town?.name, zone?.name].filter(Boolean).join(", ") },
      reason,
      listingUrl: `${origin}${localizePath(`/annunci/${card.id}/`, locale)}`,
    });
  }
  if (items.length === 0) return null;
  const places = query.places.map((id) => directory.get(id)).filter((p) => p !== undefined);
  const links = alertLinkUrls(origin, o.links.sign(search.userId, search.id, channel), locale, localizePath);
  return {
    search,
    oneClick: links.oneClick,
    input: {
      locale: locale,
      frequency,
      searchTitle: search.title ?? savedSearchDefaultTitle(query, places, locale),
      items,
      max: DIGEST_MAX_LISTINGS,
      resultsUrl: `${origin}${localizePath(encodeSearchUrl({ ...query, sort: "data_decrescente" }, directory), locale)}`,
      origin,
      links,
    },
  };
}
