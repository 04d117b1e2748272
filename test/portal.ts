/** Starts the built portal in-process on a free port with a small deterministic dataset. */
import { pathToFileURL } from "node:url";
import { clientDirectory, serverEntry } from "../scripts/ensure-build.ts";
import type { startPortal as StartPortal } from "../server/lifecycle.ts";
import type { loadConfig as LoadConfig } from "../server/config.ts";
import type { createLogger as CreateLogger } from "../server/logger.ts";
import type { ServerBuild } from "react-router";
import { asksForTestDataset, copyTemplateInto, pgliteSnapshot, TEST_DATASET } from "./dataset-snapshots.ts";

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
    DEMO_SEED: TEST_DATASET.seed,
    DEMO_COUNT: String(TEST_DATASET.count),
    DEMO_REFERENCE_DATE: TEST_DATASET.referenceDate,
    LOG_LEVEL: "silent",
    SEARCH_FACTS: options.searchFacts ?? "auto",
    BOT_CHECK_COST: "10",
    ...options.env,
  };
  const config = bundle.loadConfig(env);
  // The run's seeded copy instead of migrating and loading here (test/dataset-snapshots.ts).
  let loadDataDir: Blob | undefined;
  if (asksForTestDataset(env)) {
    if (database.url) await copyTemplateInto(database.url);
    else if (database.dataDir === "memory://") loadDataDir = await pgliteSnapshot();
  }
  const logger = options.log ? bundle.createLogger("info", { write: options.log }) : bundle.createLogger("silent");
  return bundle.startPortal({ config, logger, build: bundle.build, clientDir: clientDirectory, clock: options.clock, loadDataDir });
}
