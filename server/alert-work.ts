/**
 * The alert work of a process (issue 23): the matcher that turns listing events into alerts (decision 085), the
 * 'Subito' e-mail sender (decision 142) and the daily digests (decisions 092, 130). In one place because a process
 * runs all three or none: the only process on the embedded database, the alert process of a cluster
 * (server/alert-process.ts, decision 153), never a cluster's serving workers, whose heap holds the listing facts and
 * made one event's matching four times slower.
 */
import type { Kysely } from "kysely";
import type { IsochroneProvider } from "../core/search/isochrone.ts";
import type { Database } from "../db/schema.ts";
import { DigestSender } from "./alert-digests.ts";
import { AlertMatcher } from "./alert-matcher.ts";
import type { AlertLinks } from "./alerts/alert-links.ts";
import type { Config } from "./config.ts";
import { ImmediateAlertSender } from "./immediate-alerts.ts";
import type { Logger } from "./logger.ts";
import type { MailQueue } from "./mail-queue.ts";
import type { PushSender } from "./push-sender.ts";

export interface AlertWork {
  /** Matches listing events to saved searches: alerts recorded once each. */
  matcher: AlertMatcher;
  immediate: ImmediateAlertSender;
  digests: DigestSender;
  stop(): Promise<void>;
}

export function startAlertWork(o: {
  db: Kysely<Database>;
  /** The primary's prepared reads (`DatabaseHandle.primaryReads`), for the matcher's per-event reads. */
  reads: Kysely<Database>;
  logger: Logger;
  config: Pick<Config, "ALERTS_POLL_MS" | "ALERTS_DIGEST_POLL_MS" | "WORK_LEASE_MS">;
  /** PUBLIC_URL: the origin of every link in a mail. */
  origin: string;
  links: AlertLinks;
  isochrones: IsochroneProvider;
  mailQueue: MailQueue;
  pushSender: PushSender;
  /** The clock digests are timed by (tests move it). */
  clock?: () => number;
}): AlertWork {
  const immediate = new ImmediateAlertSender({
    db: o.db,
    logger: o.logger,
    pollMs: o.config.ALERTS_POLL_MS,
    origin: o.origin,
    links: o.links,
    onQueued: () => o.mailQueue.wake(),
  }).start();
  const matcher = new AlertMatcher({
    db: o.db,
    reads: o.reads,
    logger: o.logger,
    pollMs: o.config.ALERTS_POLL_MS,
    origin: o.origin,
    links: o.links,
    isochrones: o.isochrones,
    onRecorded: () => immediate.wake(),
    onPushQueued: () => o.pushSender.wake(),
    now: o.clock,
    leaseMs: o.config.WORK_LEASE_MS,
  }).start();
  const digests = new DigestSender({
    db: o.db,
    logger: o.logger,
    pollMs: o.config.ALERTS_DIGEST_POLL_MS,
    origin: o.origin,
    links: o.links,
    now: o.clock,
    onQueued: () => o.mailQueue.wake(),
    onPushQueued: () => o.pushSender.wake(),
  }).start();
  return {
    matcher,
    immediate,
    digests,
    async stop() {
      await matcher.stop();
      await immediate.stop();
      await digests.stop();
    },
  };
}
