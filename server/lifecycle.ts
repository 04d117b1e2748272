/**
 * Start-up and shutdown: bind the port, open and migrate the database, load the gazetteer and demo
 * data on first run (with a progress bar), then serve. Every failure ends with one line saying what
 * is wrong and what to do, and a non-zero exit.
 */
import { createServer, type Server } from "node:http";
import type { ServerBuild } from "react-router";
import { DatabaseUnavailableError, openDatabase, type DatabaseHandle } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { CountCache } from "../db/count-cache.ts";
import { loadListingFacts } from "../db/listing-facts.ts";
import { warmPlaceSearch } from "../db/place-search.ts";
import { GazetteerDataError } from "../etl/gazetteer.ts";
import { estimatedIsochrones, valhallaIsochrones } from "./isochrone.ts";
import { loadDataset, readDatasetInfo } from "../etl/load.ts";
import type { Config } from "./config.ts";
import { createHandler, type PortalState } from "./http.ts";
import type { Logger } from "./logger.ts";
import { ProgressBar } from "./progress.ts";

export class StartupError extends Error {
  override name = "StartupError";
}

export interface RunningPortal {
  url: string;
  port: number;
  stop(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") reject(new StartupError(`port ${port} is already in use: stop the other process or start with PORT=<another port>`));
      else if (error.code === "EACCES") reject(new StartupError(`not allowed to listen on port ${port}: use a port above 1023 (PORT=3000)`));
      else reject(error);
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/** Ensures the dataset matches the configuration, loading it when missing, outdated or incomplete. */
async function ensureDataset(database: DatabaseHandle, config: Config, logger: Logger, state: PortalState): Promise<void> {
  const info = await readDatasetInfo(database.db);
  if (info && info.seed === config.DEMO_SEED && info.count === config.DEMO_COUNT) {
    logger.info({ dataset: info }, "dataset present");
    return;
  }
  state.phase = "loading";
  logger.info({ seed: config.DEMO_SEED, count: config.DEMO_COUNT }, info ? "dataset differs from configuration: reloading" : "first start: loading places and demo data");
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
  logger.info({ dataset: loaded }, "dataset loaded");
}

/** SEARCH_FACTS=auto loads the in-memory listing facts from this many listings on. */
export const SEARCH_FACTS_AUTO_MIN = 100_000;

export async function startPortal(options: { config: Config; logger: Logger; build: ServerBuild; clientDir: string }): Promise<RunningPortal> {
  const { config, logger, build, clientDir } = options;
  const startedAt = performance.now();
  const state: PortalState = { phase: "starting", services: null, detail: "avvio" };
  const server = createServer(createHandler({ build, clientDir, state, logger }));
  server.keepAliveTimeout = 5000;
  const port = await listen(server, config.PORT, config.HOST);

  let database: DatabaseHandle | null = null;
  try {
    state.detail = "apertura del database";
    database = await openDatabase({ url: config.DATABASE_URL, readUrl: config.DATABASE_READ_URL, dataDir: config.DATA_DIR });
    state.detail = "migrazioni";
    await migrateToLatest(database.db);
    await ensureDataset(database, config, logger, state);
    // Totals from memory pay off on large datasets (db/listing-facts.ts, docs/decisions/032); on the
    // default 30,000 listings SQL counts take a few ms, and loading would hold PGlite's thread for 3 s.
    // They load in the background; until then totals are counted by SQL, with the same results.
    const listings = (await readDatasetInfo(database.db))?.listings ?? 0;
    const useFacts = config.SEARCH_FACTS === "on" || (config.SEARCH_FACTS === "auto" && listings >= SEARCH_FACTS_AUTO_MIN);
    if (useFacts) loadListingFacts(database.readDb).then(
      () => { state.warm = true; },
      (error: unknown) => logger.error(error, "listing facts failed to load; totals stay in SQL"),
    );
    else state.warm = true;
    warmPlaceSearch(database.readDb);
  } catch (error) {
    server.close();
    await database?.close().catch(() => {});
    if (error instanceof DatabaseUnavailableError) {
      throw new StartupError(config.DATABASE_URL
        ? `${error.message}. Check that PostgreSQL is running and DATABASE_URL is right, or unset DATABASE_URL to use the embedded database`
        : error.message);
    }
    if (error instanceof GazetteerDataError) {
      throw new StartupError(`${error.message}. The files in data/geo ship with the repository: restore them with "git checkout -- data/geo"`);
    }
    throw error;
  }

  state.services = {
    database,
    logger,
    counts: new CountCache(),
    isochrones: config.ISOCHRONE_URL ? valhallaIsochrones(config.ISOCHRONE_URL) : estimatedIsochrones,
  };
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
      await database.close();
      logger.info("stopped");
    })();
    return stopping;
  };
  return { url, port, stop };
}
