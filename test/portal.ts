/** Starts the built portal in-process on a free port with a small deterministic dataset. */
import { pathToFileURL } from "node:url";
import { clientDirectory, serverEntry } from "../scripts/ensure-build.ts";
import type { startPortal as StartPortal } from "../server/lifecycle.ts";
import type { loadConfig as LoadConfig } from "../server/config.ts";
import type { createLogger as CreateLogger } from "../server/logger.ts";
import type { ServerBuild } from "react-router";
import { asksForTestDataset, copyTemplateInto, pgliteSnapshotCopy, TEST_DATASET, TEST_DATASET_ENV } from "./dataset-snapshots.ts";

export { TEST_DATASET };

interface Bundle {
  build: ServerBuild;
  startPortal: typeof StartPortal;
  loadConfig: typeof LoadConfig;
  createLogger: typeof CreateLogger;
}

/**
 * For suites that send hundreds of API requests a second from one address (as no person does): the
 * per-client rate limits raised a thousandfold, still counted (server/rate-limit.ts).
 */
export const BULK_CLIENT = { env: { RATE_LIMIT_MULTIPLIER: "1000" } } as const;

export interface TestPortalOptions {
  /** `"on"` serves totals from the in-memory listing facts, as large deployments do. */
  searchFacts?: "auto" | "on" | "off";
  /** More settings (PUBLIC_URL, STATEMENT_TIMEOUT_MS, DEMO_COUNT, RATE_LIMIT_MULTIPLIER…), as in the environment; rate limits stay on their defaults unless a test asks. */
  env?: Record<string, string>;
  /** Receives the portal's log lines (JSON, one per call) at level info and above; silent without. */
  log?: (line: string) => void;
  /** The clock sessions and codes are judged by. */
  clock?: () => number;
}

export async function startTestPortal(database: { url: string | undefined; dataDir: string }, options: TestPortalOptions = {}) {
  const bundle = (await import(pathToFileURL(serverEntry).href)) as Bundle;
  const env: Record<string, string> = {
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url ?? "",
    ...TEST_DATASET_ENV,
    LOG_LEVEL: "silent",
    SEARCH_FACTS: options.searchFacts ?? "auto",
    BOT_CHECK_COST: "10",
    ...options.env,
  };
  // The run's seeded copy instead of migrating and loading here (test/dataset-snapshots.ts): on PGlite a copy of
  // the seeded data directory, removed when the portal stops.
  let copy: ReturnType<typeof pgliteSnapshotCopy>;
  if (asksForTestDataset(env)) {
    if (database.url) await copyTemplateInto(database.url);
    else if (database.dataDir === "memory://") copy = pgliteSnapshotCopy();
  }
  if (copy) env.DATA_DIR = copy.dataDir;
  const config = bundle.loadConfig(env);
  const logger = options.log ? bundle.createLogger("info", { write: options.log }) : bundle.createLogger("silent");
  let portal: Awaited<ReturnType<typeof bundle.startPortal>>;
  try {
    portal = await bundle.startPortal({ config, logger, build: bundle.build, clientDir: clientDirectory, clock: options.clock });
  } catch (error) {
    copy?.dispose();
    throw error;
  }
  if (!copy) return portal;
  const dispose = copy.dispose;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= portal.stop().finally(dispose);
    return stopping;
  };
  return { ...portal, stop };
}
