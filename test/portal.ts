/** Starts the built portal in-process on a free port with a small deterministic dataset. */
import { pathToFileURL } from "node:url";
import { serverEntry } from "../scripts/ensure-build.ts";
import type { startPortal as StartPortal } from "../server/lifecycle.ts";
import type { loadConfig as LoadConfig } from "../server/config.ts";
import type { createLogger as CreateLogger } from "../server/logger.ts";
import type { ServerBuild } from "react-router";

interface Bundle {
  build: ServerBuild;
  clientDir: string;
  startPortal: typeof StartPortal;
  loadConfig: typeof LoadConfig;
  createLogger: typeof CreateLogger;
}

export const TEST_DATASET = { seed: "test", count: 3000, referenceDate: "2026-11-01" } as const;

/** `searchFacts: "on"` serves totals from the in-memory listing facts, as large deployments do. */
export async function startTestPortal(database: { url: string | undefined; dataDir: string }, options: { searchFacts?: "auto" | "on" | "off" } = {}) {
  const bundle = (await import(pathToFileURL(serverEntry).href)) as Bundle;
  const config = bundle.loadConfig({
    PORT: "0", HOST: "127.0.0.1", DATA_DIR: database.dataDir, DATABASE_URL: database.url ?? "",
    DEMO_SEED: TEST_DATASET.seed, DEMO_COUNT: String(TEST_DATASET.count), DEMO_REFERENCE_DATE: TEST_DATASET.referenceDate,
    LOG_LEVEL: "silent", SEARCH_FACTS: options.searchFacts ?? "auto",
  });
  return bundle.startPortal({ config, logger: bundle.createLogger("silent"), build: bundle.build, clientDir: bundle.clientDir });
}
