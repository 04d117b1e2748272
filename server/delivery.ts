/**
 * The senders a process runs, set from the configuration: the durable mail queue (docs/decisions/059) with each
 * mail's signed bounce address when bounces are received (decision 131), and the push sender (decision 116).
 * Every serving process runs them, and so does a cluster's alert process (decision 153): the same settings in both.
 */
import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import webpush from "web-push";
import type { Mailer } from "../app/mail/mailer.ts";
import { ensureVapidKeys, type VapidKeys } from "../db/push.ts";
import type { Database } from "../db/schema.ts";
import { BounceAddresses, mailFromDomain } from "./bounce-listener.ts";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import { MailQueue } from "./mail-queue.ts";
import { PushSender, vapidSubject } from "./push-sender.ts";

/** Each mail's own envelope sender, signed with the alert links' key, when BOUNCE_SMTP_PORT is set; else null. */
export function bounceAddressesFor(config: Config, alertLinksKey: Buffer): BounceAddresses | null {
  if (config.BOUNCE_SMTP_PORT === undefined) return null;
  return new BounceAddresses(
    createHmac("sha256", alertLinksKey).update("casa:bounce-addresses").digest(),
    config.BOUNCE_DOMAIN ?? mailFromDomain(config.MAIL_FROM),
  );
}

/**
 * The mail queue (not started). `bounceAddresses` is read when a mail is sent, so a process may make the queue
 * before its keys are known (the accounts, which need the queue, derive them).
 */
export function mailQueueFor(
  config: Config,
  db: Kysely<Database>,
  logger: Logger,
  mailer: Mailer,
  bounceAddresses: () => BounceAddresses | null,
): MailQueue {
  return new MailQueue({
    db,
    mailer,
    logger,
    pollMs: config.MAIL_QUEUE_POLL_MS,
    retryMs: config.MAIL_RETRY_MS,
    leaseMs: config.WORK_LEASE_MS,
    bounceLimit: config.MAIL_BOUNCE_LIMIT,
    ...(config.BOUNCE_SMTP_PORT !== undefined ? { returnPath: (mailId: number) => bounceAddresses()!.for(mailId) } : {}),
  });
}

/** The portal's VAPID keys: made at the first start, then read from the database by every process (decision 116). */
export function vapidKeys(db: Kysely<Database>): Promise<VapidKeys> {
  return ensureVapidKeys(db, () => webpush.generateVAPIDKeys());
}

/** The push sender, started. */
export function startPushSender(config: Config, db: Kysely<Database>, logger: Logger, vapid: VapidKeys): PushSender {
  return new PushSender({
    db,
    logger,
    vapid,
    subject: vapidSubject(config.MAIL_FROM),
    pollMs: config.PUSH_POLL_MS,
    timeoutMs: config.PUSH_TIMEOUT_MS,
    retryMs: config.PUSH_RETRY_MS,
    maxAttempts: config.PUSH_MAX_ATTEMPTS,
    leaseMs: config.WORK_LEASE_MS,
  }).start();
}
