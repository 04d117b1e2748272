/**
 * Sends the queued push alerts (db/push.ts, docs/decisions/116). Every process runs one sender, woken when
 * its matcher queued pushes and every `pollMs`. web-push signs the request with the portal's VAPID key and
 * encrypts the payload for the device (aes128gcm, RFC 8291); the request itself goes out with fetch and a
 * timeout, so a push service that hangs costs one attempt, not a stuck worker. The push service's answer
 * decides (core/alerts/alert-push.ts `pushOutcome`): sent; 404/410 → the subscription is deleted; a service
 * down, slow or overloaded → retried after a doubling delay until `maxAttempts`, then given up with the
 * reason recorded on the message and logged. At least once to the push service (a timeout after it accepted
 * the message sends it again), shown once on the device: the same Topic at the service, the same tag there.
 */
import type { Kysely } from "kysely";
import webpush from "web-push";
import { pushOutcome } from "../core/alerts/alert-push.ts";
import {
  claimDuePushes,
  deleteGoneSubscription,
  givePushUp,
  markPushSent,
  reschedulePush,
  type DuePush,
  type VapidKeys,
} from "../db/push.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "./logger.ts";
import { retryDelayMs } from "./mail-queue.ts";
import { PollingWorker } from "./polling-worker.ts";

const LEASE_MS = 120_000;
const BATCH = 10;
/** How long a push service keeps an undelivered message for an offline device. */
const TTL_SECONDS = 24 * 3600;

export interface PushSenderOptions {
  db: Kysely<Database>;
  logger: Logger;
  vapid: VapidKeys;
  /** The VAPID subject: a mailto: address the push services can write to. */
  subject: string;
  pollMs: number;
  timeoutMs: number;
  retryMs: number;
  maxAttempts: number;
  leaseMs?: number;
}

/** A mailto: VAPID subject from MAIL_FROM ("casa.it <noreply@casa.example>" → mailto:noreply@casa.example). */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^[^\s@]+@[^\s@]+$/.test(mailFrom.trim()) ? mailFrom.trim() : null);
  return `mailto:${address ?? "noreply@casa.example"}`;
}

export class PushSender {
  readonly #o: PushSenderOptions;
  readonly #worker: PollingWorker<DuePush>;
  /** Pushes accepted by a push service from this process (logs, tests). */
  sent = 0;

  constructor(options: PushSenderOptions) {
    this.#o = options;
    this.#worker = new PollingWorker({
      what: "push",
      pollMs: options.pollMs,
      batchSize: BATCH,
      logger: options.logger,
      claim: (limit) => claimDuePushes(options.db, limit, options.leaseMs ?? LEASE_MS),
      handle: async (batch) => {
        await Promise.all(batch.map((push) => this.#send(push)));
      },
    });
  }

  start(): this {
    this.#worker.start();
    return this;
  }

  wake(): void {
    this.#worker.wake();
  }

  async #send(push: DuePush): Promise<void> {
    if (this.#worker.stopped) return; // claimed but unsent: due again when its lease ends
    const { db, logger, vapid, maxAttempts } = this.#o;
    let status: number | null = null;
    let error = "";
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
        push.payload,
        {
          vapidDetails: { subject: this.#o.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: "aes128gcm",
          // RFC 8030 §5.4: a retry the service had already accepted replaces the waiting message instead of adding one;
          // the notification's tag does the same on the device.
          topic: `alert${push.deliveryId}`,
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body as Uint8Array<ArrayBuffer>,
        redirect: "error",
        signal: AbortSignal.timeout(this.#o.timeoutMs),
      });
      status = response.status;
      error = `push service answered ${response.status}`;
      await response.body?.cancel().catch(() => {});
    } catch (e) {
      error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
    const outcome = pushOutcome(status, push.attempts, maxAttempts);
    const about = { pushId: push.id, subscriptionId: push.subscriptionId, attempts: push.attempts, status };
    try {
      switch (outcome) {
        case "sent":
          this.sent++;
          await markPushSent(db, push.id);
          return;
        case "gone":
          logger.info(about, "push: subscription gone; deleted");
          await deleteGoneSubscription(db, push.subscriptionId);
          return;
        case "retry": {
          const delay = retryDelayMs(push.attempts, this.#o.retryMs);
          logger.warn({ ...about, err: error, retryInMs: delay }, "push not sent: will retry");
          await reschedulePush(db, push.id, delay, error);
          return;
        }
        case "give-up":
          logger.error({ ...about, err: error }, "push: gave up");
          await givePushUp(db, push.id, error);
          return;
      }
    } catch (e) {
      logger.error({ ...about, err: e }, "push: outcome not recorded; due again after the lease");
    }
  }

  stop(): Promise<void> {
    return this.#worker.stop();
  }
}
