import { globSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Kinds of test, told apart by suffix: *.test.ts (pure logic, beside the code), *.integration.test.ts
// (database and HTTP), e2e/*.e2e.test.ts (Chromium through playwright-core).
// Integration files run on PGlite in the `integration` project, and those written for both databases
// (`databaseTargets`, test/databases.ts) run again on the PostgreSQL server of TEST_DATABASE_URL in the
// `postgres` project; `TEST_TARGET` tells a file which one it is in. The migrated, loaded test dataset is made
// once per run, beside the build (test/run-setup.ts). Files run one more at a time than the machine has cores, in
// every project: a file waiting on a child process, a socket or a timer leaves its core to a third. Each has its own
// databases and ports, and no test bounds wall-clock time (docs/decisions/082, 114).
const postgresUrl = process.env.TEST_DATABASE_URL;
const ci = Boolean(process.env.CI && process.env.CI !== "false");
const POSTGRES_HINT = "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres";
if (!postgresUrl) {
  if (ci) throw new Error(`integration tests: TEST_DATABASE_URL is not set, and CI runs them on PostgreSQL too (${POSTGRES_HINT})`);
  console.warn(`integration tests: PGlite only, the postgres project is left out: TEST_DATABASE_URL is not set (${POSTGRES_HINT} adds it)`);
}
const integrationFiles = "**/*.integration.test.ts";
const filesForBothDatabases = globSync(integrationFiles, { exclude: ["node_modules/**"] }).filter((file) =>
  readFileSync(file, "utf8").includes("databaseTargets"),
);

// The projects that run the built portal in their workers do so with production React, as `npm start` does
// (scripts/ensure-build.ts): React picks its build from NODE_ENV when first loaded, and its development build
// rendered each page at about twice the CPU. Portals they start as child processes choose their own
// (test/portal-process.ts childPortalEnv).
const PORTAL_ENV = { TZ: "Europe/Rome", NODE_ENV: "production" };

const integration = {
  testTimeout: 120_000,
  hookTimeout: 300_000,
  // A worker keeps its modules from one file to the next (decision 114): a file's first portal start in a fresh
  // process cost about 5 s of CPU more than a later one (the server bundle's import and its first compilation).
  // Each file still has its own databases, ports and portal, and what the modules keep per database (the place
  // directory, listing facts, alert searches, caches) is keyed by the database handle.
  isolate: false,
} as const;

export default defineConfig({
  test: {
    env: { TZ: "Europe/Rome" },
    maxWorkers: availableParallelism() + 1,
    projects: [
      { test: { name: "unit", include: ["{core,etl,db,server,app,scripts,bench}/**/*.test.ts"], exclude: ["**/*.integration.test.ts"] } },
      {
        test: {
          name: "integration",
          include: [integrationFiles],
          exclude: ["node_modules/**"],
          env: { ...PORTAL_ENV, TEST_TARGET: "pglite" },
          globalSetup: ["test/run-setup.ts"],
          ...integration,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: "postgres",
                include: filesForBothDatabases,
                env: { ...PORTAL_ENV, TEST_TARGET: "postgres" },
                globalSetup: ["test/run-setup.ts"],
                ...integration,
              },
            },
          ]
        : []),
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          env: PORTAL_ENV,
          globalSetup: ["test/run-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          isolate: false,
          // What a browser waits for (a count, a modal, a stored record) can take seconds on a busy machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
