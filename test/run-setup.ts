/**
 * Vitest global setup of the integration, postgres and e2e projects: what their files need, made once per run
 * and at the same time: the app's build (child processes), the seeded PGlite data directory of the test dataset and the seeded
 * PostgreSQL template database (test/dataset-snapshots.ts). The first project to set up starts every part the
 * run's projects need, so the parts overlap instead of running one after the other; each project then waits
 * for its own. The postgres project is in the run only with TEST_DATABASE_URL (vitest.config.ts); an
 * unreachable server fails here once, not in every file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureBuildInBackground } from "../scripts/ensure-build.ts";
import {
  dropTemplateDatabase,
  makePgliteSnapshot,
  makeTemplateDatabase,
  PGLITE_SNAPSHOT_ENV,
  pgliteSnapshotParent,
  TEMPLATE_DATABASE_ENV,
  unpackPgliteDump,
} from "./dataset-snapshots.ts";

interface Part<T> {
  ready: Promise<T>;
  dispose: () => Promise<void>;
}

function pgliteSnapshotDir(): Part<string> {
  const dir = mkdtempSync(join(pgliteSnapshotParent(), "casa-test-pglite-"));
  const ready = (async () => {
    unpackPgliteDump(new Uint8Array(await (await makePgliteSnapshot()).arrayBuffer()), join(dir, "data"));
    return dir;
  })();
  return { ready, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}

function postgresTemplate(url: string): Part<string> {
  // One per run (runs of other checkouts may share the server): dropped when the run ends.
  const template = `casa_template_${process.pid}_${Date.now().toString(36)}`;
  const ready = (async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
    } catch (error) {
      throw new Error(`integration tests: TEST_DATABASE_URL=${url} does not answer: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => {});
    }
    await makeTemplateDatabase(url, template);
    return template;
  })();
  return { ready, dispose: () => dropTemplateDatabase(url, template).catch(() => {}) };
}

interface Run {
  users: number;
  build: Promise<boolean>;
  pglite?: Part<string>;
  template?: Part<string>;
}
const key = Symbol.for("casa.test.run");
const shared = globalThis as { [key]?: Run };

function startRun(projects: readonly string[]): Run {
  const url = process.env.TEST_DATABASE_URL;
  const run: Run = {
    users: 0,
    build: ensureBuildInBackground(),
    pglite: projects.includes("integration") || projects.includes("e2e") ? pgliteSnapshotDir() : undefined,
    template: projects.includes("postgres") && url ? postgresTemplate(url) : undefined,
  };
  // A part that fails while a project waits for another is reported when its own project waits for it.
  for (const part of [run.build, run.pglite?.ready, run.template?.ready]) part?.catch(() => {});
  return run;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared[key] ??= startRun(project.vitest.projects.map((p) => p.name));
  const run = shared[key];
  run.users++;
  if (!(await run.build)) throw new Error("react-router build failed");
  if (project.name === "postgres") {
    if (!run.template) throw new Error("the postgres project needs TEST_DATABASE_URL");
    process.env[TEMPLATE_DATABASE_ENV] = await run.template.ready;
  } else {
    process.env[PGLITE_SNAPSHOT_ENV] = await run.pglite!.ready;
  }
  return async () => {
    if (--run.users > 0) return;
    delete shared[key];
    delete process.env[PGLITE_SNAPSHOT_ENV];
    delete process.env[TEMPLATE_DATABASE_ENV];
    await Promise.all([run.pglite?.dispose(), run.template?.dispose()]);
  };
}
