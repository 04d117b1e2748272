/**
 * Each process's sender of 'Subito' e-mail alerts (issue 23 item 3, docs/decisions/142). The matcher records each
 * immediate e-mail alert without a mail (server/alert-matcher.ts); woken by it, and every `pollMs` for alerts another
 * process recorded, this worker takes the saved searches with alerts waiting, the longest waiting first, and for each
 * queues ONE mail listing every alert of the search waiting at that moment (db/alert-digests.ts `sendImmediateAlerts`:
 * the rows locked, the mail queued and the rows linked to it in one transaction) in the durable mail queue. It waits
 * for more listings: an alert goes out at the run after it was recorded (about a second), and a burst that alerts a
 * search many times sends it one mail per run, not one per listing. It makes mails no faster than the mail queue hands
 * them over: while MAX_ALERT_MAILS_WAITING alert mails wait, alerts wait as alerts and go out in fewer mails.
 */
import type { Kysely } from "kysely";
import { alertMessageId } from "../core/alerts/digest.ts";
import { pendingImmediateSearches, sendImmediateAlerts } from "../db/alert-digests.ts";
import { alertMailsWaiting } from "../db/mail-queue.ts";
import { getPlaceDirectory } from "../db/place-directory.ts";
import type { Database } from "../db/schema.ts";
import { alertListInput, alertListQueuedMail } from "./alert-digests.ts";
import type { AlertLinks } from "./alerts/alert-links.ts";
import type { Logger } from "./logger.ts";
import { PollingWorker } from "./polling-worker.ts";

const BATCH = 50;
/** Searches mailed side by side: each is a few round trips in its own transaction (on PGlite they take turns). */
const AT_ONCE = 4;
/**
 * Alert mails that may wait for the mail server before this sender makes more: a few seconds of the mail queue's work.
 * Alerts that arrive meanwhile wait as alerts, and go out together in the next mail of their search.
 */
export const MAX_ALERT_MAILS_WAITING = 200;
/** How soon a sender held back by waiting mails looks again. */
const HELD_BACK_MS = 200;

export interface ImmediateAlertSenderOptions {
  db: Kysely<Database>;
  logger: Logger;
  pollMs: number;
  /** PUBLIC_URL: the origin of every link in a mail. */
  origin: string;
  links: AlertLinks;
  /** Called after mails were queued (this process's mail queue is woken). */
  onQueued?: () => void;
}

export class ImmediateAlertSender {
  readonly #o: ImmediateAlertSenderOptions;
  readonly #worker: PollingWorker<number>;
  /** Mails this process queued (logs, tests). */
  queued = 0;
  /** Alerts those mails carried. */
  alerts = 0;
  /** The look again of a sender held back by waiting mails. */
  #heldBack: NodeJS.Timeout | null = null;
  /**
   * The last batch mailed nothing (its searches' rows locked by another process, or failing): the drain stops there
   * rather than claim the same searches again at once; the next wake or poll tries again.
   */
  #stalled = false;

  constructor(options: ImmediateAlertSenderOptions) {
    this.#o = options;
    this.#worker = new PollingWorker({
      what: "immediate alerts",
      pollMs: options.pollMs,
      batchSize: BATCH,
      logger: options.logger,
      claim: async (limit) => {
        if (this.#stalled) {
          this.#stalled = false;
          return [];
        }
        // No faster than the mail queue hands mails over (decision 142): a mail made while hundreds wait would only wait
        // too, and the alerts it carries would have gone out in fewer mails a moment later.
        if ((await alertMailsWaiting(options.db, MAX_ALERT_MAILS_WAITING)) >= MAX_ALERT_MAILS_WAITING) {
          this.#lookAgainSoon();
          return [];
        }
        return pendingImmediateSearches(options.db, limit);
      },
      handle: async (searchIds) => {
        let next = 0;
        let mailed = 0;
        const lane = async () => {
          while (next < searchIds.length) {
            if (this.#worker.stopped) return; // not sent: the rows wait for the next run, here or in another process
            const id = searchIds[next++]!;
            try {
              mailed += await this.#send(id);
            } catch (error) {
              options.logger.error({ err: error, savedSearchId: id }, "alerts: immediate alerts not mailed; will retry");
            }
          }
        };
        await Promise.all(Array.from({ length: AT_ONCE }, lane));
        this.#stalled = mailed === 0;
      },
    });
  }

  start(): this {
    this.#worker.start();
    return this;
  }

  #lookAgainSoon(): void {
    if (this.#heldBack) return;
    this.#heldBack = setTimeout(() => {
      this.#heldBack = null;
      this.wake();
    }, HELD_BACK_MS);
    this.#heldBack.unref();
  }

  /** Look for waiting alerts now (called after the matcher recorded some); cheap to call often. */
  wake(): void {
    this.#worker.wake();
  }

  stop(): Promise<void> {
    if (this.#heldBack) clearTimeout(this.#heldBack);
    this.#heldBack = null;
    return this.#worker.stop();
  }

  /** Mails the search's waiting alerts; how many the mail carries (0: none waiting here, or nothing left to say). */
  async #send(savedSearchId: number): Promise<number> {
    const { db, logger, origin } = this.#o;
    // Read before the transaction: PGlite has one connection, and the directory's first read must not wait on it.
    const directory = await getPlaceDirectory(db);
    const alerts = await sendImmediateAlerts(db, savedSearchId, async (rows, trx) => {
      const list = await alertListInput(this.#o, savedSearchId, rows, trx, directory, "mail", "immediately");
      if (!list) return null;
      return alertListQueuedMail(list, "alert", alertMessageId({ savedSearchId, ...rows[0]! }, new URL(origin).hostname));
    });
    if (alerts > 0) {
      this.queued++;
      this.alerts += alerts;
      logger.info({ savedSearchId, alerts }, "alerts: immediate mail queued");
      this.#o.onQueued?.();
    }
    return alerts;
  }
}
