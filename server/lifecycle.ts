/**
 * Start-up and shutdown: bind the port, open and migrate the database, load the gazetteer and demo
 * data on first run (with a progress bar), then serve. Every failure ends with one line saying what
 * is wrong and what to do, and a non-zero exit.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { ServerBuild } from "react-router";
import { DatabaseAvailability } from "../db/availability.ts";
import { DatabaseUnavailableError, openDatabase, type DatabaseHandle } from "../db/database.ts";
import { DatasetLock } from "../db/dataset-lock.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { CountCache } from "../db/count-cache.ts";
import { SEARCH_FACTS_AUTO_MIN } from "../db/listing-facts.ts";
import { warmPlaceSearch } from "../db/place-search.ts";
import { GazetteerDataError } from "../etl/gazetteer.ts";
import { isochronesFor } from "./isochrone.ts";
import { loadDataset, readDatasetInfo } from "../etl/load.ts";
import type { Config } from "./config.ts";
import { createHandler, noteDatabaseError, noteDatabaseWrite, type PortalState } from "./http.ts";
import type { Logger } from "./logger.ts";
import { ProgressBar } from "./progress.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { refuseConnect } from "./request-guard.ts";
import { ListingFollower } from "./listing-follower.ts";
import { ensureDemoPublisherAccounts, ensureDemoUser } from "../app/account/demo-accounts.server.ts";
import { createAccounts } from "./account-setup.ts";
import { createMailer, queuedMailer } from "./mailer.ts";
import type { MailQueue } from "./mail-queue.ts";
import cluster from "node:cluster";
import { DemoLive } from "./demo-live.ts";
import { startAlertWork, type AlertWork } from "./alert-work.ts";
import { bounceAddressesFor, mailQueueFor, startPushSender, vapidKeys } from "./delivery.ts";
import { FeedPhotoDownloader } from "./feed-photo-downloader.ts";
import { FeedPuller } from "./feed-puller.ts";
import { ListingExpiry } from "./listing-expiry.ts";
import { AlertLinks } from "./alerts/alert-links.ts";
import type { PushSender } from "./push-sender.ts";
import { startBounceListener, type BounceAddresses, type BounceListener } from "./bounce-listener.ts";

export class StartupError extends Error {
  override name = "StartupError";
}

export interface RunningPortal {
  url: string;
  port: number;
  /** The open database (tests write listings through it, as another process would, and read what a request stored). */
  database: DatabaseHandle;
  /** Follows listing changes into this process's facts and caches. */
  listingChanges: ListingFollower;
  /** Sends the queued mail (tests look at what it sent). */
  mailQueue: MailQueue;
  /**
   * The alert matcher, 'Subito' mails and digests (server/alert-work.ts); null in a cluster's serving worker, whose
   * cluster runs them in its alert process (decision 153).
   */
  alerts: AlertWork | null;
  /** Sends the queued push alerts (docs/decisions/116). */
  pushSender: PushSender;
  /** Receives bounce reports mailed back (decision 131), when BOUNCE_SMTP_PORT is set. */
  bounceListener: BounceListener | null;
  /** Downloads the photos feeds list by address (decision 141); none with FEED_PHOTO_DOWNLOADS=off. */
  feedPhotoDownloader: FeedPhotoDownloader | null;
  stop(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE")
        reject(new StartupError(`port ${port} is already in use: stop the other process or start with PORT=<another port>`));
      else if (error.code === "EACCES")
        reject(new StartupError(`not allowed to listen on port ${port}: use a port above 1023 (PORT=3000)`));
      else reject(error);
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/**
 * Ensures the dataset matches the configuration, loading it when missing, outdated or incomplete.
 * On a PostgreSQL server `lock` says who may load: never while another process serves (db/dataset-lock.ts).
 */
async function ensureDataset(
  database: DatabaseHandle,
  config: Config,
  logger: Logger,
  state: PortalState,
  lock: DatasetLock | null,
): Promise<void> {
  const matches = (info: Awaited<ReturnType<typeof readDatasetInfo>>) =>
    info !== null && info !== undefined && info.seed === config.DEMO_SEED && info.count === config.DEMO_COUNT;
  let info = await readDatasetInfo(database.db);
  if (lock) {
    if (matches(info) || !(await lock.tryExclusive())) {
      // Serve: wait out another process's load, if any, then check what it left.
      if (!matches(info)) logger.info("another portal process holds the dataset lock: waiting for it");
      await lock.shared();
      info = await readDatasetInfo(database.db);
      if (!matches(info)) {
        throw new StartupError(
          `another portal process is serving this database with DEMO_SEED=${info?.seed ?? "?"} DEMO_COUNT=${info?.count ?? "?"}; ` +
            `reloading under it would block its searches: start with the same settings, or stop it first`,
        );
      }
      logger.info({ dataset: info }, "dataset present");
      return;
    }
    info = await readDatasetInfo(database.db); // loaded by another process before we got the lock?
  }
  if (matches(info)) {
    await lock?.downgrade();
    logger.info({ dataset: info }, "dataset present");
    return;
  }
  if (info && config.DEMO_RELOAD !== "1") {
    // A typo in DEMO_COUNT or a benchmark's database opened with the defaults would otherwise wipe the
    // listings, with every change made to them since, and take minutes to load something else.
    throw new StartupError(
      `this database holds the dataset DEMO_SEED=${info.seed} DEMO_COUNT=${info.count}, not DEMO_SEED=${config.DEMO_SEED} DEMO_COUNT=${config.DEMO_COUNT}: ` +
        `start with those settings, or set DEMO_RELOAD=1 to replace its listings, places and publishers`,
    );
  }
  state.phase = "loading";
  logger.info(
    { seed: config.DEMO_SEED, count: config.DEMO_COUNT },
    info ? "dataset differs from configuration: reloading" : "first start: loading places and demo data",
  );
  const bar = config.LOG_LEVEL === "silent" ? null : new ProgressBar(process.stderr);
  const loaded = await loadDataset(
    database.db,
    { seed: config.DEMO_SEED, count: config.DEMO_COUNT, referenceDate: config.referenceDate },
    (phase, done, total) => {
      state.detail = `${phase} ${done}/${total}`;
      bar?.update(phase, done, total);
    },
  );
  bar?.done();
  await lock?.downgrade();
  logger.info({ dataset: loaded }, "dataset loaded");
}

export async function startPortal(options: {
  config: Config;
  logger: Logger;
  build: ServerBuild;
  clientDir: string;
  /** The time sessions and codes are judged by (tests move it); Date.now by default. */
  clock?: () => number;
  /** Runs the alert work (default); a cluster's serving workers leave it to the cluster's alert process (decision 153). */
  alertWork?: boolean;
}): Promise<RunningPortal> {
  const { config, logger, build, clientDir } = options;
  const startedAt = performance.now();
  const state: PortalState = { phase: "starting", services: null, detail: "avvio", availability: null };
  const server = createServer(
    createHandler({
      build,
      clientDir,
      state,
      logger,
      hsts: config.publicHttps,
      mapStyleUrl: config.MAP_STYLE_URL,
      turns: {
        concurrency: config.REQUEST_CONCURRENCY,
        maxInFlight: Math.max(config.REQUEST_CONCURRENCY, config.REQUEST_MAX_IN_FLIGHT ?? 4 * config.REQUEST_CONCURRENCY),
        maxWaiting: config.REQUEST_QUEUE_LIMIT,
        maxWaitMs: config.REQUEST_QUEUE_WAIT_MS,
      },
      publicOrigin: config.publicOrigin,
      trustProxy: config.TRUST_PROXY > 0,
    }),
  );
  server.keepAliveTimeout = 5000;
  server.on("connect", refuseConnect);
  const port = await listen(server, config.PORT, config.HOST);
  const publicOrigin = config.publicOrigin ?? `http://localhost:${port}`;

  let database: DatabaseHandle | null = null;
  let lock: DatasetLock | null = null;
  let availability: DatabaseAvailability | null = null;
  let follower: ListingFollower | null = null;
  const counts = new CountCache();
  try {
    state.detail = "apertura del database";
    database = await openDatabase({
      url: config.DATABASE_URL,
      replicaUrls: config.replicaUrls,
      replicaMaxLagMs: config.REPLICA_MAX_LAG_MS,
      replicaCheckMs: config.REPLICA_CHECK_MS,
      onReplicaChange: (status) => {
        if (status.state === "up") logger.info({ replica: status.name, lagMs: status.lagMs }, "replica in use");
        else
          logger.warn(
            { replica: status.name, lagMs: status.lagMs, reason: status.reason },
            "replica out of use: its reads go to the primary",
          );
      },
      onWrite: noteDatabaseWrite,
      dataDir: config.DATA_DIR,
      statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
      onQueryError: (error) => {
        availability?.report(error);
        noteDatabaseError(error);
      },
    });
    state.detail = "migrazioni";
    await migrateToLatest(database.db);
    if (config.DATABASE_URL) lock = await DatasetLock.connect(config.DATABASE_URL);
    await ensureDataset(database, config, logger, state, lock);
    // Totals from memory pay off on large datasets (db/listing-facts.ts, docs/decisions/032); on the
    // default 30,000 listings SQL counts take a few ms, and loading would hold PGlite's thread for 3 s.
    // They load in the background; until then totals are counted by SQL, with the same results.
    const listings = (await readDatasetInfo(database.db))?.listings ?? 0;
    const useFacts = config.SEARCH_FACTS === "on" || (config.SEARCH_FACTS === "auto" && listings >= SEARCH_FACTS_AUTO_MIN);
    // Listings written by any process reach this one's facts and caches (docs/decisions/050).
    follower = new ListingFollower({
      database,
      facts: useFacts,
      counts,
      logger,
      pollMs: config.LISTING_CHANGES_POLL_MS,
      onFactsLoaded: () => {
        state.warm = true;
      },
    });
    await follower.start();
    const following = follower;
    state.listingChangesSource = () => following.source;
    if (!useFacts) state.warm = true;
    warmPlaceSearch(database.readDb);
  } catch (error) {
    server.close();
    await follower?.stop().catch(() => {});
    await lock?.close();
    await database?.close().catch(() => {});
    if (error instanceof DatabaseUnavailableError) {
      throw new StartupError(
        config.DATABASE_URL
          ? `${error.message}. Check that PostgreSQL is running and DATABASE_URL is right, or unset DATABASE_URL to use the embedded database`
          : error.message,
      );
    }
    if (error instanceof GazetteerDataError) {
      throw new StartupError(
        `${error.message}. The files in data/geo ship with the repository: restore them with "git checkout -- data/geo"`,
      );
    }
    throw error;
  }

  // Mail goes through the queue, sent by this worker (docs/decisions/059): publishers' leads and every
  // account mail (verification, one-time codes, resets), so none is lost while the mail server is down.
  const queueMailer = createMailer(config, database.db);
  // Bounce reports mailed back later (decision 131): each mail's own signed envelope sender, set once the keys are read.
  let bounceAddresses: BounceAddresses | null = null;
  const mailQueue = mailQueueFor(config, database.db, logger, queueMailer, () => bounceAddresses);
  const { accounts, close: closeAccounts } = await createAccounts(config, database.db, logger, options.clock ?? Date.now, {
    mailer: queuedMailer(database.db, queueMailer, () => mailQueue.wake()),
  });
  await ensureDemoUser(database.db, new Date((options.clock ?? Date.now)()));
  await ensureDemoPublisherAccounts(database.db, new Date((options.clock ?? Date.now)()));
  await accounts.revocations.follow();
  const followRevocations = setInterval(() => {
    accounts.revocations.follow().catch((error: Error) => logger.warn({ err: error.message }, "could not read session revocations"));
  }, config.SESSION_REVOCATIONS_POLL_MS);
  followRevocations.unref();
  const vapid = await vapidKeys(database.db);
  // Made once the services exist; a source set before then waits for the puller's first look.
  let feedPuller: FeedPuller | null = null;
  let feedPhotoDownloader: FeedPhotoDownloader | null = null;
  state.services = {
    mailQueue,
    push: { publicKey: vapid.publicKey, extraOrigins: config.PUSH_EXTRA_ORIGINS },
    proposeSaveSearchAfterLead: config.SAVE_SEARCH_PROPOSAL_AFTER_LEAD === "on",
    database,
    logger,
    accounts,
    counts,
    isochrones: isochronesFor(config),
    rateLimiter: createRateLimiter({
      redisUrl: config.REDIS_URL,
      prefix: config.RATE_LIMIT_PREFIX,
      multiplier: config.RATE_LIMIT_MULTIPLIER,
      clock: options.clock,
    }),
    trustProxy: config.TRUST_PROXY,
    publicOrigin,
    mapStyleUrl: config.MAP_STYLE_URL ?? null,
    devOutbox: config.DEV_OUTBOX === "on",
    clock: options.clock ?? Date.now,
    feedMaxBytes: config.FEED_MAX_BYTES,
    feedPull: { allowPrivate: config.FEED_PULL_ALLOW_PRIVATE === "on", wake: () => feedPuller?.wake() },
    feedPhotos: { wake: () => feedPhotoDownloader?.wake(), recheckMs: config.FEED_PHOTO_RECHECK_MS },
    alertLinks: new AlertLinks(accounts.keys.alertLinks, options.clock ?? Date.now),
  };
  // Only a server can go away under us; the embedded database lives in this process.
  if (database.kind === "postgres") {
    const handle = database;
    const datasetLock = lock;
    let reacquiring: Promise<void> | null = null;
    availability = new DatabaseAvailability({
      ping: async () => {
        await handle.ping();
        // A database restart ends the lock's session: take the shared lock again, in the background
        // (it waits while another process loads), so no one reloads under this process meanwhile.
        if (datasetLock?.lost && !reacquiring) {
          reacquiring = datasetLock
            .reacquire()
            .then(
              () => logger.info("dataset lock taken again after the database came back"),
              (error: unknown) => logger.error({ err: error }, "dataset lock could not be taken again; will retry"),
            )
            .finally(() => {
              reacquiring = null;
            });
        }
      },
      onChange: (available, error) => {
        if (available) logger.info("database answers again");
        else logger.error({ err: error }, "database unavailable: answering 503 until it answers");
      },
    }).start();
    state.availability = availability;
  }
  const services = state.services;
  let bounceListener: BounceListener | null = null;
  bounceAddresses = bounceAddressesFor(config, accounts.keys.alertLinks);
  if (bounceAddresses && config.BOUNCE_SMTP_PORT !== undefined) {
    bounceListener = await startBounceListener({
      db: database.db,
      logger,
      addresses: bounceAddresses,
      port: config.BOUNCE_SMTP_PORT,
      host: config.HOST,
      bounceLimit: config.MAIL_BOUNCE_LIMIT,
      ...(config.BOUNCE_TLS_CERT_FILE && config.BOUNCE_TLS_KEY_FILE
        ? { tls: { cert: readFileSync(config.BOUNCE_TLS_CERT_FILE), key: readFileSync(config.BOUNCE_TLS_KEY_FILE) } }
        : {}),
    });
    logger.info({ port: bounceListener.port, domain: bounceAddresses.domain }, "mail: bounce reports received by SMTP");
  }
  mailQueue.start();
  const pushSender = startPushSender(config, database.db, logger, vapid);
  const alerts =
    options.alertWork === false
      ? null
      : startAlertWork({
          db: database.db,
          reads: database.primaryReads,
          logger,
          config,
          origin: publicOrigin,
          links: services.alertLinks,
          isochrones: services.isochrones,
          mailQueue,
          pushSender,
          clock: options.clock,
        });
  const listingExpiry = new ListingExpiry({
    db: database.db,
    logger,
    pollMs: config.LISTING_EXPIRY_POLL_MS,
    clock: services.clock,
  }).start();
  feedPuller = new FeedPuller({
    db: database.db,
    logger,
    pollMs: config.FEED_PULL_POLL_MS,
    clock: services.clock,
    maxBytes: config.FEED_MAX_BYTES,
    allowPrivate: config.FEED_PULL_ALLOW_PRIVATE === "on",
    timeoutMs: config.FEED_PULL_TIMEOUT_MS,
    onPhotosWaiting: () => feedPhotoDownloader?.wake(),
    photoRecheckMs: config.FEED_PHOTO_RECHECK_MS,
  }).start();
  // Photos feeds list by address (docs/decisions/141): downloaded here, never in the import's request (unless
  // FEED_PHOTO_DOWNLOADS=off: then by the other processes).
  feedPhotoDownloader =
    config.FEED_PHOTO_DOWNLOADS === "off"
      ? null
      : new FeedPhotoDownloader({
          db: database.db,
          logger,
          pollMs: config.FEED_PHOTO_POLL_MS,
          clock: services.clock,
          allowPrivate: config.FEED_PULL_ALLOW_PRIVATE === "on",
          timeoutMs: config.FEED_PHOTO_TIMEOUT_MS,
          retryMs: config.FEED_PHOTO_RETRY_MS,
        }).start();
  // Listings that arrive while the demo runs (decision 093): one process publishes, the first cluster worker or the only process.
  const demoLive =
    config.DEMO_LIVE_PER_MINUTE > 0 && (!cluster.isWorker || cluster.worker?.id === 1)
      ? new DemoLive(database.db, logger, config.DEMO_LIVE_PER_MINUTE)
      : null;
  state.phase = "ready";
  state.detail = "pronto";
  const url = `http://localhost:${port}`;
  logger.info({ url, ms: Math.round(performance.now() - startedAt), database: database.kind }, "ready");

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      state.phase = "stopping";
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      });
      availability?.stop();
      clearInterval(followRevocations);
      await listingChanges.stop();
      await demoLive?.stop();
      await alerts?.stop();
      await listingExpiry.stop();
      await feedPuller?.stop();
      await feedPhotoDownloader?.stop();
      await mailQueue.stop();
      await pushSender.stop();
      await bounceListener?.close();
      queueMailer.close();
      await lock?.close();
      await closeAccounts();
      await services.rateLimiter.close();
      await database.close();
      logger.info("stopped");
    })();
    return stopping;
  };
  const listingChanges = follower!;
  return {
    url,
    port,
    database,
    listingChanges,
    mailQueue,
    alerts,
    pushSender,
    bounceListener,
    feedPhotoDownloader,
    stop,
  };
}
