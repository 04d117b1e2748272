/**
 * A cluster's alert process (decision 153): the alert work (server/alert-work.ts) with the mail queue and push sender
 * that send what it queues, and nothing else — no HTTP server, no listing facts. Matching one listing event beside
 * the facts of 1.2 M listings took a p95 of 21.8 ms; in this process, which holds only the alerting saved searches,
 * 3.8–6.1 ms (docs/BENCHMARKS.md, "Alerts"). The primary (server/app.ts) starts it once the first serving worker
 * has migrated and loaded the database, and restarts it if it dies; alerts wait in the database meanwhile.
 */
import type { DatabaseHandle } from "../db/database.ts";
import { openDatabase } from "../db/database.ts";
import { deriveKeys } from "../app/account/tokens.server.ts";
import { startAlertWork, type AlertWork } from "./alert-work.ts";
import { AlertLinks } from "./alerts/alert-links.ts";
import type { Config } from "./config.ts";
import { bounceAddressesFor, mailQueueFor, startPushSender, vapidKeys } from "./delivery.ts";
import { isochronesFor } from "./isochrone.ts";
import type { Logger } from "./logger.ts";
import type { MailQueue } from "./mail-queue.ts";
import { createMailer } from "./mailer.ts";
import type { PushSender } from "./push-sender.ts";
import { StartupError } from "./lifecycle.ts";

export interface RunningAlertProcess {
  database: DatabaseHandle;
  alerts: AlertWork;
  mailQueue: MailQueue;
  pushSender: PushSender;
  stop(): Promise<void>;
}

/**
 * Starts the alert work on the database of `config` (a PostgreSQL server, already migrated and loaded). The links
 * in its mails must verify in the serving processes: SESSION_SECRET is required (the primary sets one when the
 * operator did not), and PUBLIC_URL gives their origin.
 */
export async function startAlertProcess({ config, logger }: { config: Config; logger: Logger }): Promise<RunningAlertProcess> {
  if (!config.DATABASE_URL) throw new StartupError("the alert process runs only on a PostgreSQL server (DATABASE_URL)");
  if (!config.SESSION_SECRET || !config.publicOrigin)
    throw new StartupError("the alert process needs SESSION_SECRET and PUBLIC_URL, which the cluster's primary sets");
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: "",
    poolSize: 4,
    statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
  });
  const keys = deriveKeys(config.SESSION_SECRET);
  const bounceAddresses = bounceAddressesFor(config, keys.alertLinks);
  const mailer = createMailer(config, database.db);
  const mailQueue = mailQueueFor(config, database.db, logger, mailer, () => bounceAddresses);
  mailQueue.start();
  const pushSender = startPushSender(config, database.db, logger, await vapidKeys(database.db));
  const alerts = startAlertWork({
    db: database.db,
    reads: database.primaryReads,
    logger,
    config,
    origin: config.publicOrigin,
    links: new AlertLinks(keys.alertLinks),
    isochrones: isochronesFor(config),
    mailQueue,
    pushSender,
  });
  logger.info("alert process ready: listing events are matched here, not in the serving processes");
  let stopping: Promise<void> | null = null;
  return {
    database,
    alerts,
    mailQueue,
    pushSender,
    stop() {
      stopping ??= (async () => {
        await alerts.stop();
        await mailQueue.stop();
        await pushSender.stop();
        mailer.close();
        await database.close();
        logger.info("stopped");
      })();
      return stopping;
    },
  };
}
