/**
 * Sends the queued mail (db/mail-queue.ts, docs/decisions/059). Every process runs one worker: it
 * wakes when this process queues a mail and every `pollMs` (a mail queued by another process, a retry
 * coming due), claims a few due mails, sends them through the mailer (SMTP, or the dev outbox), and
 * marks each sent, or due again later when the mail server was unreachable or answered "try later". A lead is
 * therefore never lost to a mail server that is down: its mail goes out once the server is back. A mail the
 * server refuses for good (5xx at RCPT or DATA) is given up and counted against its address; after
 * `bounceLimit` refusals the address gets no more alert mails (docs/decisions/118). With `returnPath`, each mail
 * leaves with its own signed envelope sender, so a bounce report mailed back later names it (decision 131).
 */
import type { Kysely } from "kysely";
import {
  claimDueMails,
  clearMailRefusals,
  giveUpMail,
  mailStop,
  markMailSent,
  recordMailRefusal,
  rescheduleMail,
  STOPPABLE_MAIL_KINDS,
  type QueuedMail,
} from "../db/mail-queue.ts";
import type { Database } from "../db/schema.ts";
import type { Mailer } from "../app/mail/mailer.ts";
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
  /** After this many refusals for good (5xx at RCPT or DATA) an address gets no more alert mails (decision 118). */
  bounceLimit?: number;
  /** The envelope sender of each mail, when the portal receives bounce reports (decision 131); else MAIL_FROM's. */
  returnPath?: (mailId: number) => string;
}

/** The default of MAIL_BOUNCE_LIMIT. */
export const DEFAULT_BOUNCE_LIMIT = 3;

/**
 * Whether a send failed because the mail server refused this mail for good: a 5xx reply to RCPT TO or DATA
 * (nodemailer's EENVELOPE / EMESSAGE with the reply code). A server that is down, a 4xx (try later) or a
 * dropped connection is no refusal: the mail is retried.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const e = error as { responseCode?: unknown; command?: unknown; code?: unknown };
  const code = typeof e.responseCode === "number" ? e.responseCode : null;
  if (code === null || code < 500 || code > 599) return false;
  return (typeof e.command === "string" && /^(RCPT|DATA)/i.test(e.command)) || e.code === "EENVELOPE" || e.code === "EMESSAGE";
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
    const { db, logger } = this.#o;
    const stoppable = STOPPABLE_MAIL_KINDS.includes(mail.kind);
    if (stoppable) {
      const stop = await mailStop(db, mail.recipient).catch(() => null);
      if (stop) {
        logger.info({ mailId: mail.id, kind: mail.kind, failures: stop.failures }, "mail not sent: the address is stopped after refusals");
        await giveUpMail(db, mail.id, `address stopped after ${stop.failures} refusals: ${stop.lastError}`).catch(() => {});
        return;
      }
    }
    try {
      await this.#o.mailer.send(
        mail.recipient,
        { subject: mail.subject, text: mail.textBody, html: mail.htmlBody },
        {
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.headers ? { headers: mailHeaders(mail.headers) } : {}),
          ...(this.#o.returnPath ? { envelopeFrom: this.#o.returnPath(mail.id) } : {}),
        },
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isPermanentRefusal(error)) {
        // Refused for good: a retry gets the same answer. Counted against the address; at the limit alerts to it stop.
        await giveUpMail(db, mail.id, message).catch(() => {});
        const limit = this.#o.bounceLimit ?? DEFAULT_BOUNCE_LIMIT;
        const refusal = await recordMailRefusal(db, mail.recipient, message, limit).catch(() => null);
        logger.warn({ err: error, mailId: mail.id, kind: mail.kind, refusals: refusal?.failures }, "mail refused by the server: given up");
        if (refusal?.stoppedNow) {
          logger.warn(
            { mailId: mail.id, refusals: refusal.failures, reason: message },
            "mail: address stopped for alerts after repeated refusals",
          );
        }
        return;
      }
      const delay = retryDelayMs(mail.attempts, this.#o.retryMs);
      logger.warn({ err: error, mailId: mail.id, kind: mail.kind, attempts: mail.attempts, retryInMs: delay }, "mail not sent: will retry");
      await rescheduleMail(db, mail.id, delay, message).catch(() => {});
      return;
    }
    this.sent++;
    await markMailSent(db, mail.id).catch((error: unknown) =>
      logger.error({ err: error, mailId: mail.id }, "mail sent but not marked: it may be sent again"),
    );
    // Delivered: earlier refusals of the address are forgotten (a login code that arrives proves the mailbox works).
    await clearMailRefusals(db, mail.recipient).catch(() => {});
  }

  /** Stops looking; a send under way finishes. */
  stop(): Promise<void> {
    return this.#worker.stop();
  }
}
