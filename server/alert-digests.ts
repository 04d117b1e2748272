/**
 * Each process's daily-digest sender (issue 23 item 3, docs/decisions/092). E-mail alerts 'Una volta al
 * giorno' are recorded by the matcher (server/alert-matcher.ts) with the next 08:00 Europe/Rome; every
 * `pollMs` this worker looks for saved searches whose recorded alerts are due by its clock, and for each
 * queues ONE mail (db/alert-digests.ts: rows locked, mail queued and rows linked in one transaction) with
 * up to DIGEST_MAX_LISTINGS listings, how many more, and the search's results newest first.
 */
import type { Kysely } from "kysely";
import { alertLinkUrls, listUnsubscribeHeaders } from "../core/alerts/alert-links.ts";
import type { AlertReason, DigestItem } from "../core/alerts/alert-mail.ts";
import { DIGEST_MAX_LISTINGS, digestMessageId } from "../core/alerts/digest.ts";
import { deserializeSearch } from "../core/search/saved-search.ts";
import { savedSearchDefaultTitle } from "../core/search/seo.ts";
import { encodeSearchUrl } from "../core/search/url.ts";
import { localizePath } from "../app/i18n/locale.ts";
import { digestEvents, dueDigestSearches, sendDueDigest } from "../db/alert-digests.ts";
import { alertSearchRecords, readAlertCard } from "../db/listing-events.ts";
import { getPlaceDirectory } from "../db/place-directory.ts";
import type { Database } from "../db/schema.ts";
import type { AlertLinks } from "./alerts/alert-links.ts";
import { digestMail } from "./alerts/alert-mail.tsx";
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
}

export class DigestSender {
  readonly #o: DigestSenderOptions;
  readonly #worker: PollingWorker<number>;
  /** Digest mails this process queued (logs, tests). */
  queued = 0;

  constructor(options: DigestSenderOptions) {
    this.#o = options;
    this.#worker = new PollingWorker({
      what: "alert digests",
      pollMs: options.pollMs,
      batchSize: 20,
      logger: options.logger,
      claim: (limit) => dueDigestSearches(options.db, this.#now(), limit),
      handle: async (ids) => {
        for (const id of ids) {
          if (this.#worker.stopped) return;
          try {
            await this.#send(id);
          } catch (error) {
            options.logger.error({ err: error, savedSearchId: id }, "alerts: digest not sent; will retry");
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
      const events = await digestEvents(
        trx,
        rows.map((r) => r.eventId),
      );
      const items: DigestItem[] = [];
      for (const row of rows) {
        const card = await readAlertCard(trx, row.listingId);
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
      const links = alertLinkUrls(origin, this.#o.links.sign(search.userId, search.id, "mail"), locale, localizePath);
      const mail = digestMail({
        locale: locale,
        searchTitle: search.title ?? savedSearchDefaultTitle(query, places, locale),
        items,
        max: DIGEST_MAX_LISTINGS,
        resultsUrl: `${origin}${localizePath(encodeSearchUrl({ ...query, sort: "data_decrescente" }, directory), locale)}`,
        origin,
        links,
      });
      return {
        kind: "alert-digest",
        recipient: search.email,
        replyTo: null,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        leadId: null,
        headers: JSON.stringify({
          ...listUnsubscribeHeaders(links.oneClick),
          "Message-ID": digestMessageId(search.id, this.#now(), new URL(origin).hostname),
        }),
      };
    });
    if (sent > 0) {
      this.queued++;
      logger.info({ savedSearchId, alerts: sent }, "alerts: digest queued");
      this.#o.onQueued?.();
    }
  }
}
