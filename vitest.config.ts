import { defineConfig } from "vitest/config";

// Three kinds of test, told apart by suffix: *.test.ts (pure logic, beside the code),
// *.integration.test.ts (database and HTTP; PGlite always, PostgreSQL when TEST_DATABASE_URL is set),
// e2e/*.e2e.test.ts (Chromium through playwright-core).
// The migrated, loaded test dataset is made once per run (test/pglite-snapshot.ts, test/postgres-target.ts).
// Unit files run two at a time (Vitest's default on 2 cores is one). Integration and e2e files still run one
// at a time although each has databases and ports of its own: some of their tests bound wall-clock time
// (one-second rate-limit windows, changes seen within 2 s), which two files at a time on 2 cores break
// (docs/decisions/082).
export default defineConfig({
  test: {
    env: { TZ: "Europe/Rome" },
    maxWorkers: 2,
    projects: [
      { test: { name: "unit", include: ["{core,etl,db,server,app,scripts,bench}/**/*.test.ts"], exclude: ["**/*.integration.test.ts"] } },
      {
        test: {
          name: "integration",
          include: ["**/*.integration.test.ts"],
          exclude: ["node_modules/**"],
          globalSetup: ["test/postgres-target.ts", "test/build-once.ts", "test/pglite-snapshot.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          globalSetup: ["test/build-once.ts", "test/pglite-snapshot.ts"],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // What a browser waits for (a count, a modal, a stored record) can take seconds on a busy machine.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
