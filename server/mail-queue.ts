/**
 * Sends the queued mail (db/mail-queue.ts, docs/decisions/059). Every process runs one worker: it
 * wakes when this process queues a mail and every `pollMs` (a mail queued by another process, a retry
 * coming due), claims a few due mails, sends them through the mailer (SMTP, or the dev outbox), and
 * marks each sent, or due again later when the mail server refused or was unreachable. A lead is
 * therefore never lost to a mail server that is down: its mail goes out once the server is back.
 */
import type { Kysely } from "kysely";
import { claimDueMails, markMailSent, rescheduleMail, type QueuedMail } from "../db/mail-queue.ts";
import type { Database } from "../db/schema.ts";
import type { Mailer } from "./accounts/mailer.ts";
import type { Logger } from "./logger.ts";
import { PollingWorker } from "./polling-worker.ts";

export const MAX_RETRY_DELAY_MS = 10 * 60_000;
/** A claimed mail is due again after this long if its sender never reported (a crash mid-send). */
const LEASE_MS = 120_000;
const BATCH = 10;

export interface MailQueueOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  pollMs: number;
  /** How long a claimed mail is held before it is due again (default 2 min; fault tests shorten it). */
  leaseMs?: number;
  /** The delay after a first failure; it doubles with each attempt, up to MAX_RETRY_DELAY_MS. */
  retryMs: number;
}

/** A queued mail's extra headers: string values only, each forced onto one line (no header injection). */
export function mailHeaders(stored: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== "object" || parsed === null) return {};
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (/^[A-Za-z0-9-]{1,64}$/.test(name) && typeof value === "string") out[name] = value.replace(/[\r\n]+/g, " ");
    }
    return out;
  } catch {
    return {};
  }
}

export function retryDelayMs(attempts: number, retryMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, retryMs * 2 ** Math.min(20, Math.max(0, attempts - 1)));
}

export class MailQueue {
  readonly #o: MailQueueOptions;
  readonly #worker: PollingWorker<QueuedMail>;
  /** Mails sent by this process (logs, tests). */
  sent = 0;

  constructor(options: MailQueueOptions) {
    this.#o = options;
    this.#worker = new PollingWorker({
      what: "mail queue",
      pollMs: options.pollMs,
      batchSize: BATCH,
      logger: options.logger,
      claim: (limit) => claimDueMails(options.db, limit, options.leaseMs ?? LEASE_MS),
      // The batch goes out side by side (one SMTP connection each): one slow mail does not hold up the others.
      handle: async (batch) => {
        await Promise.all(batch.map((mail) => this.#send(mail)));
      },
    });
  }

  start(): this {
    this.#worker.start();
    return this;
  }

  /** Look for due mail now (called after queueing one); cheap to call often. */
  wake(): void {
    this.#worker.wake();
  }

  async #send(mail: QueuedMail): Promise<void> {
    if (this.#worker.stopped) return; // claimed but unsent: due again when its lease ends
    try {
      await this.#o.mailer.send(
        mail.recipient,
        { subject: mail.subject, text: mail.textBody, html: mail.htmlBody },
        { ...(mail.replyTo ? { replyTo: mail.replyTo } : {}), ...(mail.headers ? { headers: mailHeaders(mail.headers) } : {}) },
      );
    } catch (error) {
      const delay = retryDelayMs(mail.attempts, this.#o.retryMs);
      this.#o.logger.warn(
        { err: error, mailId: mail.id, kind: mail.kind, attempts: mail.attempts, retryInMs: delay },
        "mail not sent: will retry",
      );
      await rescheduleMail(this.#o.db, mail.id, delay, error instanceof Error ? error.message : String(error)).catch(() => {});
      return;
    }
    this.sent++;
    await markMailSent(this.#o.db, mail.id).catch((error: unknown) =>
      this.#o.logger.error({ err: error, mailId: mail.id }, "mail sent but not marked: it may be sent again"),
    );
  }

  /** Stops looking; a send under way finishes. */
  stop(): Promise<void> {
    return this.#worker.stop();
  }
}
