/**
 * The server entry, bundled by Vite together with the React Router app (vite.config.ts), so the
 * routes and the HTTP server share one module graph. scripts/start.ts builds it when needed and runs it.
 */
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { ConfigError, loadConfig } from "./config.ts";
import { StartupError, startPortal } from "./lifecycle.ts";
import { createLogger } from "./logger.ts";

export const clientDir = fileURLToPath(new URL("../client", import.meta.url));

// For the integration and end-to-end tests, which start the bundled portal in-process.
export { build, loadConfig, startPortal, createLogger };

/** Starts the portal; on failure prints one clear line and exits non-zero. */
export async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  try {
    const portal = await startPortal({ config, logger, build, clientDir });
    process.stdout.write(`\nPortale pronto: ${portal.url}\n\n`);
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        logger.info({ signal }, "shutting down");
        portal.stop().then(() => process.exit(0), (error) => { logger.error(error); process.exit(1); });
      });
    }
  } catch (error) {
    if (error instanceof StartupError) fail(error.message);
    logger.fatal(error, "start-up failed");
    fail(`start-up failed: ${(error as Error).message}`);
  }
}

function fail(message: string): never {
  process.stderr.write(`casa-portal: ${message}\n`);
  process.exit(1);
}
