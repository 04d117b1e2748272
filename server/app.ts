/**
 * The server entry, bundled by Vite together with the React Router app (vite.config.ts), so the
 * routes and the HTTP server share one module graph. scripts/start.ts builds it when needed and runs it.
 *
 * On a PostgreSQL server it runs a serving process per core (WEB_CONCURRENCY) behind node:cluster,
 * which shares the port, and one alert process (decision 153); on the embedded database one process, since
 * PGlite lives inside it.
 */
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import * as build from "virtual:react-router/server-build";
import { startAlertProcess } from "./alert-process.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { StartupError, startPortal } from "./lifecycle.ts";
import { createLogger, type Logger } from "./logger.ts";
import { WORKER_NODE_FLAGS } from "./node-flags.ts";

// For the integration and end-to-end tests and the benchmarks, which start the bundled portal in-process.
export { build, loadConfig, startPortal, startAlertProcess, createLogger };
// For bench:alerts, which times the matching with the built process's own modules: the saved searches its matcher holds.
export { alertCandidates, placesOf, savedSearchesAlertedBy, warmAlertSearches } from "../db/alert-matching.ts";
export { alertSearchesOf } from "../db/alert-searches.ts";
export { ownersWhoHid } from "../db/listing-events.ts";
export { readMatchListings } from "../db/match-listings.ts";

/** What a cluster worker does: serve pages and the API, or the alert work (decision 153). */
type Role = "serve" | "alerts";
/** The environment variable a worker reads its role from. */
const ROLE_VARIABLE = "CASA_PROCESS_ROLE";

/** Worker → primary: this worker serves (or, the alert process, works). */
interface ReadyMessage {
  type: "casa:ready";
  url: string;
}

/** Seconds a worker gets to finish its requests on shutdown before it is killed. */
const SHUTDOWN_GRACE_MS = 15_000;

/** How many processes serve: one per core on PostgreSQL unless WEB_CONCURRENCY says otherwise; one on PGlite. */
export function workerCount(config: Pick<Config, "DATABASE_URL" | "WEB_CONCURRENCY">, cores = availableParallelism()): number {
  return config.DATABASE_URL ? (config.WEB_CONCURRENCY ?? cores) : 1;
}

/**
 * Starts the portal; on failure prints one clear line and exits non-zero. `clientDir` is the client
 * build's directory, which the launcher knows from the build's root (scripts/ensure-build.ts): this
 * module cannot tell it from its own location, since Vite may put this code in any chunk of the server build.
 */
export async function main({ clientDir }: { clientDir: string }): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // Even a crash is a structured log line (with its stack under err), not plain text on stderr.
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "uncaught exception");
    process.exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    logger.fatal({ err: reason }, "unhandled promise rejection");
    process.exit(1);
  });
  if (cluster.isPrimary) {
    const workers = workerCount(config);
    if (!config.DATABASE_URL) {
      logger.info(
        { workers: 1 },
        "one process: the embedded database (PGlite) runs inside this process and cannot be shared; set DATABASE_URL for a process per core",
      );
    }
    // On PostgreSQL even one worker runs under the primary: it gets the workers' flags and is restarted if it dies.
    if (config.DATABASE_URL) return runPrimary(workers, config, logger);
  }
  if (cluster.isWorker && process.env[ROLE_VARIABLE] === "alerts") await runAlerts(config, logger);
  else await runServer(config, logger, clientDir);
}

/** The cluster's alert process: no server, the alert work only. */
async function runAlerts(config: Config, logger: Logger): Promise<void> {
  const starting = startAlertProcess({ config, logger });
  stopOnSignals(starting, logger);
  try {
    await starting;
    process.send!({ type: "casa:ready", url: config.publicOrigin ?? "" } satisfies ReadyMessage);
  } catch (error) {
    startupFailed(error, logger);
  }
}

/**
 * SIGTERM or SIGINT stop what `starting` starts, gracefully, then exit. Taken before the start ends: a server
 * listens (and a cluster worker is handed connections) before its start resolves, and a SIGTERM then must still
 * stop it gracefully, not end it unlogged.
 */
function stopOnSignals(starting: Promise<{ stop(): Promise<void> }>, logger: Logger): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      logger.info({ signal }, "shutting down");
      starting
        .then((started) => started.stop())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, "shutdown failed");
            process.exit(1);
          },
        );
    });
  }
}

function startupFailed(error: unknown, logger: Logger): never {
  if (error instanceof StartupError) fail(error.message);
  logger.fatal({ err: error }, "start-up failed");
  fail(`start-up failed: ${(error as Error).message}`);
}

/** One serving process: the only one, or a cluster worker. */
async function runServer(config: Config, logger: Logger, clientDir: string): Promise<void> {
  // A cluster's serving workers leave the alert work to its alert process (decision 153).
  const starting = startPortal({ config, logger, build, clientDir, alertWork: !cluster.isWorker });
  stopOnSignals(starting, logger);
  try {
    const portal = await starting;
    if (cluster.isWorker) process.send!({ type: "casa:ready", url: portal.url } satisfies ReadyMessage);
    else process.stdout.write(`\nPortale pronto: ${portal.url}\n\n`);
  } catch (error) {
    startupFailed(error, logger);
  }
}

/**
 * The cluster's primary serves nothing itself. It starts one serving worker first, which migrates and loads
 * the data if needed (so a start-up error is reported once), then the others and the alert process; replaces a
 * worker that dies while working; and on SIGTERM or SIGINT stops every worker gracefully before exiting.
 * Every worker gets the same SESSION_SECRET (a random one when the operator set none): sessions, forms and the
 * alert mails' links made by one process must verify in the others.
 */
function runPrimary(count: number, config: Config, logger: Logger): void {
  logger.info({ workers: count }, "starting worker processes");
  const setFlags = new Set(process.execArgv.map((flag) => flag.split("=")[0]));
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...WORKER_NODE_FLAGS.filter((flag) => !setFlags.has(flag.split("=")[0]))] });
  let secret = config.SESSION_SECRET;
  if (!secret) {
    secret = randomBytes(32).toString("base64url");
    logger.warn(
      "SESSION_SECRET is not set: this portal's processes share a random key until it stops; set it (32+ characters) in production and on every instance",
    );
  }
  const roles = new Map<number, Role>();
  const ready = new Set<number>();
  const readyServing = () => [...ready].filter((id) => roles.get(id) === "serve").length;
  let stopping = false;
  let announced = false;
  let url = "";

  const fork = (role: Role) => {
    const env: Record<string, string> = { [ROLE_VARIABLE]: role, SESSION_SECRET: secret };
    // The alert process serves nothing: its mails' links point at the portal's address.
    if (role === "alerts") env.PUBLIC_URL = config.publicOrigin ?? url;
    const worker = cluster.fork(env);
    roles.set(worker.id, role);
    worker.on("message", (message: ReadyMessage) => {
      if (message?.type !== "casa:ready") return;
      ready.add(worker.id);
      if (role === "serve") url = message.url;
      else logger.info({ workerPid: worker.process.pid }, "alert process started");
      if (role === "serve" && ready.size === 1 && roles.size === 1) {
        for (let i = 1; i < count; i++) fork("serve");
        fork("alerts");
      }
      if (readyServing() === count && ready.size === count + 1 && !announced) {
        announced = true;
        process.stdout.write(`\nPortale pronto: ${url} (${count} ${count === 1 ? "processo" : "processi"})\n\n`);
      }
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    const wasReady = ready.delete(worker.id);
    const role = roles.get(worker.id) ?? "serve";
    roles.delete(worker.id);
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) {
        logger.info("stopped");
        process.exit(0);
      }
      return;
    }
    if (!wasReady) {
      // It printed why (a start-up error); the others would fail the same way.
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.kill("SIGTERM");
      process.exitCode = 1;
      if (alive === 0) process.exit(1);
      cluster.on("exit", () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      });
      return;
    }
    logger.error({ workerPid: worker.process.pid, role, code, signal }, "worker died: starting another");
    fork(role);
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      logger.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, "shutting down");
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) process.exit(0);
      for (const worker of workers) worker?.process.kill("SIGTERM");
      setTimeout(() => {
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      }, SHUTDOWN_GRACE_MS).unref();
    });
  }
  fork("serve");
}

function fail(message: string): never {
  process.stderr.write(`casa-portal: ${message}\n`);
  process.exit(1);
}
