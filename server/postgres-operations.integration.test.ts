/**
 * The portal on a PostgreSQL server that misbehaves, on a throwaway cluster this test starts, stops
 * and restarts (never the shared one): queries past STATEMENT_TIMEOUT_MS answer 503 at once; a second
 * instance cannot reload the data under a serving one; the server going away answers 503 with
 * Retry-After (JSON for the API, an Italian page for people), /readyz turns red, and everything
 * recovers by itself when it is back (issue 8 item 4, issue 14 §2).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { publishListing } from "../db/listing-writes.ts";
import { homeToPublish, saveAlertSearch } from "../test/alerts.ts";
import { makeTemplateDatabase, TEST_DATASET_ENV } from "../test/dataset-snapshots.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { startTestPortal } from "../test/portal.ts";
import { childPortalEnv, servingPid, startPortalProcess } from "../test/portal-process.ts";
import { WORKER_NODE_FLAGS } from "./node-flags.ts";
import { postgresBinDir, startThrowawayPostgres, type ThrowawayPostgres } from "../test/throwaway-postgres.ts";

const root = new URL("..", import.meta.url).pathname;
const hasPostgres = postgresBinDir() !== null;
let cluster: ThrowawayPostgres;
let databases = 0;

/** The test dataset, loaded once on the throwaway cluster for the tests whose subject is not the load. */
const SEEDED_TEMPLATE = "casa_ops_seeded";

/** A fresh database on the throwaway cluster: empty, or a copy of the seeded template. */
async function createDatabase(contents: "empty" | "seeded" = "empty"): Promise<string> {
  const name = `casa_ops_${++databases}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${contents === "seeded" ? ` TEMPLATE ${SEEDED_TEMPLATE}` : ""}`);
  await admin.end();
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

const search = (base: string, body: unknown = { locations: ["IT-03-015146"] }) =>
  fetch(`${base}/portal-srp/api/v1/search`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe.skipIf(!hasPostgres)(
  `PostgreSQL operations${hasPostgres ? "" : " (skipped: PostgreSQL's initdb is not installed; apt-get install postgresql)"}`,
  () => {
    beforeAll(async () => {
      cluster = await startThrowawayPostgres();
      // Four tests start portals on the test dataset: loaded once here instead of once by each first start.
      await makeTemplateDatabase(cluster.url, SEEDED_TEMPLATE);
    });
    afterAll(() => {
      cluster?.dispose();
    });

    it("cancels a read query at STATEMENT_TIMEOUT_MS (pg_sleep), while loading keeps no limit", async () => {
      const handle = await openDatabase({ url: await createDatabase(), dataDir: "", statementTimeoutMs: 300 });
      try {
        const error = await sql`SELECT pg_sleep(10)`.execute(handle.readDb).then(
          () => null,
          (e: unknown) => e,
        );
        // 57014: cancelled by the statement timeout (a sleep that ran its 10 s would return no error).
        expect((error as { code?: string })?.code).toBe("57014");
        await sql`SELECT pg_sleep(0.5)`.execute(handle.db); // the maintenance pool: no limit
      } finally {
        await handle.close();
      }
    });

    it("survives the server ending a connection that a query holds between two statements, and goes on", async () => {
      const url = await createDatabase();
      const handle = await openDatabase({ url, dataDir: "" });
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      try {
        for (const db of [handle.db, handle.readDb]) {
          await db.connection().execute(async (held) => {
            const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(held);
            const pid = rows[0]!.pid;
            // FATAL 57P01 reaches a checked-out client with no query running: an 'error' event, not a failed query.
            await admin.query("SELECT pg_terminate_backend($1)", [pid]);
            const alive = async () => (await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid])).rowCount;
            await expect.poll(alive).toBe(0);
            await expect(sql`SELECT 1`.execute(held)).rejects.toThrow();
          });
          // The pool goes on. The client may go back to the pool before its socket's reset is read (the query on
          // it failed on the FATAL message itself), so one query may still meet that reset: the pool then drops it.
          await expect
            .poll(() =>
              sql<{ one: number }>`SELECT 1 AS one`.execute(db).then(
                (r) => r.rows,
                () => null,
              ),
            )
            .toEqual([{ one: 1 }]);
        }
      } finally {
        await admin.end();
        await handle.close();
      }
    });

    it("answers a search stuck behind a lock with 503 and Retry-After within the statement timeout", async () => {
      const url = await createDatabase("seeded");
      const lines: string[] = [];
      const portal = await startTestPortal({ url, dataDir: "" }, { env: { STATEMENT_TIMEOUT_MS: "400" }, log: (line) => lines.push(line) });
      const locker = new pg.Client({ connectionString: url });
      try {
        expect((await search(portal.url)).status).toBe(200);
        await locker.connect();
        await locker.query("BEGIN; LOCK TABLE listings IN ACCESS EXCLUSIVE MODE");
        // Without the timeout it would wait for the lock for ever: an answer at all is the timeout's.
        const res = await search(portal.url, { locations: ["IT-03-015146"], filters: { channel: "affitto" } });
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("5");
        expect(await res.json()).toEqual({ error: { status: 503, message: expect.stringMatching(/non disponibile/) } });
        // Logged through pino as a structured error with the request's id, not as text on stderr.
        const logged = lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string; err?: { code?: string; stack?: string } });
        const failure = logged.find((l) => l.msg === "request failed" && l.reqId === res.headers.get("x-request-id"));
        expect(failure?.err?.code).toBe("57014");
        expect(failure?.err?.stack).toMatch(/\n\s+at /);
        const page = await fetch(`${portal.url}/vendita/case/roma/`);
        expect(page.status).toBe(503);
        expect(await page.text()).toContain("Servizio momentaneamente non disponibile");
        // A slow query is not an outage: the portal stays ready and serves again once the lock goes.
        expect((await fetch(`${portal.url}/readyz`)).status).toBe(200);
        await locker.query("ROLLBACK");
        expect((await search(portal.url)).status).toBe(200);
      } finally {
        await locker.end().catch(() => {});
        await portal.stop();
      }
    });

    it("refuses to reload the data under a serving instance, which answers every search meanwhile", async () => {
      const url = await createDatabase("seeded");
      const first = await startTestPortal({ url, dataDir: "" });
      try {
        // While a second instance with other demo settings starts, the first keeps answering quickly.
        let starting = true;
        let answered = 0;
        const load = (async () => {
          while (starting) {
            expect((await search(first.url)).status).toBe(200);
            answered++;
          }
        })();
        const second = await startTestPortal({ url, dataDir: "" }, { env: { DEMO_COUNT: "2000" } }).then(
          async (p) => {
            await p.stop();
            return null;
          },
          (error: Error) => error,
        );
        starting = false;
        await load;
        expect(second?.message).toMatch(
          /another portal process is serving this database with DEMO_SEED=test DEMO_COUNT=3000; .*start with the same settings, or stop it first/,
        );
        // No wall-clock bound on those answers (decision 114): the refusal comes before the second takes any lock.
        expect(answered).toBeGreaterThan(0);
        expect((await (await search(first.url, {})).json()).total).toBeGreaterThan(0);

        // The same settings serve side by side.
        const twin = await startTestPortal({ url, dataDir: "" });
        expect((await search(twin.url)).status).toBe(200);
        await twin.stop();
      } finally {
        await first.stop();
      }
      // With nobody serving, new settings are refused unless DEMO_RELOAD=1 says to replace the dataset.
      const refused = await startTestPortal({ url, dataDir: "" }, { env: { DEMO_COUNT: "200" } }).then(
        async (p) => {
          await p.stop();
          return null;
        },
        (error: Error) => error,
      );
      expect(refused?.message).toMatch(
        /this database holds the dataset DEMO_SEED=test DEMO_COUNT=3000, not DEMO_SEED=test DEMO_COUNT=200: .*DEMO_RELOAD=1/,
      );
      const kept = await startTestPortal({ url, dataDir: "" });
      try {
        expect(((await (await search(kept.url, {})).json()) as { total: number }).total).toBeGreaterThan(200);
      } finally {
        await kept.stop();
      }
      const reloaded = await startTestPortal({ url, dataDir: "" }, { env: { DEMO_COUNT: "200", DEMO_RELOAD: "1" } });
      try {
        const body = (await (await search(reloaded.url, {})).json()) as { total: number };
        expect(body.total).toBeGreaterThan(0);
        expect(body.total).toBeLessThanOrEqual(200);
      } finally {
        await reloaded.stop();
      }
    });

    it("serves from WEB_CONCURRENCY=2 worker processes, matches alerts in a process of its own, and stops them all on SIGTERM", async () => {
      const url = await createDatabase("seeded");
      const catcher = await startMailCatcher();
      // No SESSION_SECRET: the primary gives every process the same random one, or the alert process's links would not verify.
      const portal = await startPortalProcess({
        DATABASE_URL: url,
        WEB_CONCURRENCY: "2",
        ...TEST_DATASET_ENV,
        SESSION_SECRET: "",
        SMTP_URL: catcher.url,
        ALERTS_POLL_MS: "100",
        MAIL_QUEUE_POLL_MS: "100",
      });
      const handle = await openDatabase({ url, dataDir: "" });
      try {
        expect(portal.stdout()).toMatch(/Portale pronto: http:\/\/localhost:\d+ \(2 processi\)/);
        const base = portal.url;
        const pids = new Set<number>();
        for (let i = 0; i < 20 && pids.size < 2; i++) pids.add(await servingPid(base));
        expect(pids.size).toBe(2);
        expect(pids.has(portal.pid)).toBe(false);
        // The workers run with the serving flags (server/app.ts), the primary need not.
        for (const pid of pids)
          expect(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")).toEqual(expect.arrayContaining(WORKER_NODE_FLAGS));
        expect((await search(base)).status).toBe(200);

        // One more process, serving nothing, matches the listing events (decision 153); it is replaced if it dies.
        const alertProcesses = () => portal.logs().filter((l) => l.msg.startsWith("alert process ready"));
        expect(alertProcesses()).toHaveLength(1);
        const firstAlertPid = alertProcesses()[0]!.pid;
        expect([...pids, portal.pid]).not.toContain(firstAlertPid);
        process.kill(firstAlertPid, "SIGKILL");
        await expect.poll(() => alertProcesses().length, { timeout: 60_000, interval: 200 }).toBe(2);
        const alertPid = alertProcesses()[1]!.pid;
        expect(portal.logs()).toContainEqual(expect.objectContaining({ msg: "worker died: starting another", role: "alerts" }));

        // A listing published by another process reaches a saved search's owner by mail, from the alert process, and the
        // mail's one-click link (signed there) turns the alert off in a serving worker.
        const reader = "cluster-alert@casa.example";
        const { home, townId } = await homeToPublish(handle.db, { price: 200_000 });
        const searchId = await saveAlertSearch(handle.db, reader, townId, 900_000, "immediately");
        const id = await publishListing(handle.db, { ...home, streetNumber: "901" });
        await expect.poll(() => catcher.mails.filter((m) => m.to === reader).length, { timeout: 60_000, interval: 100 }).toBe(1);
        const mail = catcher.mails.find((m) => m.to === reader)!;
        expect(mail.text).toContain(`${base}/annunci/${id}/`);
        const oneClick = /<([^>]+)>/.exec(mail.headerLines.find((h) => /^list-unsubscribe:/i.test(h))!)![1]!;
        expect(oneClick.startsWith(`${base}/deactivation-alerts/one-click?t=`)).toBe(true);
        const answer = await fetch(oneClick, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        });
        expect(answer.status).toBe(200);
        const frequency = await sql<{ frequency: string }>`
          SELECT frequency FROM saved_search_alerts WHERE saved_search_id = ${searchId} AND channel = 'mail'`.execute(handle.db);
        expect(frequency.rows[0]!.frequency).toBe("never");

        // A worker that dies while serving is replaced.
        const [victim, survivor] = [...pids];
        process.kill(victim!, "SIGKILL");
        await expect
          .poll(
            async () => {
              const seen = new Set<number>();
              for (let i = 0; i < 6; i++) seen.add(await servingPid(base).catch(() => 0));
              return seen.size === 2 && !seen.has(victim!) && !seen.has(0) && seen.has(survivor!);
            },
            { timeout: 60_000, interval: 500 },
          )
          .toBe(true);
        pids.clear();
        for (let i = 0; i < 20 && pids.size < 2; i++) pids.add(await servingPid(base));

        expect(await portal.stop()).toBe(0);
        const stopped = portal
          .logs()
          .filter((l) => l.msg === "stopped")
          .map((l) => l.pid);
        expect(new Set(stopped)).toEqual(new Set([...pids, alertPid, portal.pid]));
      } catch (error) {
        portal.kill();
        throw new Error(`${(error as Error).message}\n${portal.tail()}`);
      } finally {
        await handle.close();
        await catcher.close();
      }
    });

    it("answers 503 while the server is stopped, turns /readyz red, and recovers by itself", async () => {
      const url = await createDatabase("seeded");
      const lines: string[] = [];
      const portal = await startTestPortal({ url, dataDir: "" }, { log: (line) => lines.push(line) });
      try {
        expect((await search(portal.url)).status).toBe(200);
        expect((await fetch(`${portal.url}/readyz`)).status).toBe(200);
        cluster.stop();

        const api = await search(portal.url);
        expect(api.status).toBe(503);
        expect(api.headers.get("retry-after")).toBe("5");
        expect(await api.json()).toEqual({ error: { status: 503, message: expect.stringMatching(/non disponibile/) } });
        const page = await fetch(`${portal.url}/vendita/case/milano/`);
        expect(page.status).toBe(503);
        expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(page.headers.get("retry-after")).toBe("5");
        expect(await page.text()).toContain("Servizio momentaneamente non disponibile");
        const ready = await fetch(`${portal.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ status: "not ready", database: "down" });
        expect((await fetch(`${portal.url}/healthz`)).status).toBe(200); // alive, just not ready

        // The outage is logged once, as a structured error.
        const outage = lines
          .map((l) => JSON.parse(l) as { msg: string; err?: { type: string; stack: string } })
          .filter((l) => l.msg.startsWith("database unavailable"));
        expect(outage).toHaveLength(1);
        expect(outage[0]!.err?.stack).toMatch(/\n\s+at /);

        cluster.start();
        await expect.poll(async () => (await fetch(`${portal.url}/readyz`)).status, { timeout: 15_000, interval: 250 }).toBe(200);
        expect((await search(portal.url)).status).toBe(200);
        expect((await fetch(`${portal.url}/vendita/case/milano/`)).status).toBe(200);

        // The restart ended the dataset lock's session: the portal takes it again, so a reload stays refused.
        const database = new URL(url).pathname.slice(1);
        const sharedLocks = async () => {
          const client = new pg.Client({ connectionString: cluster.url });
          await client.connect();
          const { rows } = await client.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND l.mode = 'ShareLock' AND l.granted AND d.datname = $1",
            [database],
          );
          await client.end();
          return rows[0]!.n;
        };
        await expect.poll(sharedLocks, { timeout: 15_000, interval: 250 }).toBe(1);
        const second = await startTestPortal({ url, dataDir: "" }, { env: { DEMO_COUNT: "2000" } }).then(
          async (p) => {
            await p.stop();
            return null;
          },
          (error: Error) => error,
        );
        expect(second?.message).toMatch(/another portal process is serving this database/);
      } finally {
        await portal.stop();
      }
    });
  },
);

describe("processes on the embedded database", () => {
  it("runs one process on the embedded database, and says why in the log", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "casa-one-"));
    const child = spawn(process.execPath, [join(root, "scripts/start.ts")], {
      cwd: root,
      env: childPortalEnv({
        PORT: "0",
        HOST: "127.0.0.1",
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: "4",
        DEMO_COUNT: "100",
        LOG_LEVEL: "info",
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += d));
    const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
    try {
      // Said before the data loads; no need to wait for it.
      await expect.poll(() => stdout.includes("one process:"), { timeout: 30_000, interval: 100 }).toBe(true);
      expect(stdout).toMatch(
        /"workers":1,"msg":"one process: the embedded database \(PGlite\) runs inside this process and cannot be shared/,
      );
      expect(stdout).not.toContain("starting worker processes");
    } finally {
      child.kill("SIGKILL");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
