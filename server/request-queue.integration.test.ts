/**
 * Reads take turns (server/request-queue.ts), on each database target: with one turn, many pages asked at
 * once are all served, each whole; past the waiting limit the portal answers 503 with Retry-After, as in
 * overload, not as in an outage; and with a deliberately slow database, admission stops at the cap of requests
 * in flight and waiting ones are answered on time instead of piling up. (On PGlite a page never waits on another process, so requests rarely overlap; on a
 * PostgreSQL server they do, and the queue fills.)
 */
import { Agent, request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startTestPortal } from "../test/portal.ts";
import { startSlowProxy, type SlowProxy } from "../test/slow-proxy.ts";

function get(base: string, path: string, agent: Agent): Promise<{ status: number; retryAfter?: string; body: string; ms: number }> {
  const started = performance.now();
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: url.port, path, agent, headers: { accept: "text/html" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers["retry-after"] as string | undefined,
          body,
          ms: performance.now() - started,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const cardsOf = (html: string) => [...html.matchAll(/data-listing-id="(\d+)"/g)].map((m) => m[1]);

describe.each(databaseTargets)("requests taking turns on %s", (target) => {
  let database: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;

  beforeAll(async () => {
    database = await provisionDatabase(target);
    // The queue's waiting limit (REQUEST_QUEUE_WAIT_MS) is the slow-database tests' subject below; here a
    // wait of any length is a turn, so a machine busy with other test files refuses nothing by time.
    portal = await startTestPortal(database, {
      env: { REQUEST_CONCURRENCY: "1", REQUEST_QUEUE_LIMIT: "4", REQUEST_QUEUE_WAIT_MS: "600000", RATE_LIMIT_MULTIPLIER: "0" },
    });
  });
  afterAll(async () => {
    await portal?.stop();
    await database?.dispose();
  });

  it("serves every page asked at once, each whole, with one turn", async () => {
    // Five at a time: one runs and four wait (REQUEST_QUEUE_LIMIT), so none is refused.
    const agent = new Agent({ maxSockets: 5 });
    const paths = Array.from({ length: 24 }, (_, i) => ["/vendita/case/milano/", "/affitto/case/roma/", "/vendita/case/?page=2"][i % 3]!);
    const alone = await get(portal.url, paths[0]!, agent);
    const answers = await Promise.all(paths.map((p) => get(portal.url, p, agent)));
    agent.destroy();
    expect(answers.map((a) => a.status)).toEqual(paths.map(() => 200));
    for (const answer of answers) expect(answer.body).toMatch(/<\/html>$/);
    expect(cardsOf(alone.body).length).toBeGreaterThan(0);
    expect(cardsOf(answers[0]!.body)).toEqual(cardsOf(alone.body));
  });

  // Only where requests overlap (see above): on PGlite the queue would not fill.
  if (target !== "postgres") return;
  it("answers 503 with Retry-After past the waiting limit, and serves the rest", async () => {
    // One turn and four waiting: 60 pages at once overflow the queue.
    const agent = new Agent({ maxSockets: 60 });
    const answers = await Promise.all(Array.from({ length: 60 }, () => get(portal.url, "/vendita/case/milano/", agent)));
    agent.destroy();
    const refused = answers.filter((a) => a.status === 503);
    const served = answers.filter((a) => a.status === 200);
    expect(served.length + refused.length).toBe(60);
    expect(served.length).toBeGreaterThanOrEqual(5);
    expect(refused.length).toBeGreaterThan(0);
    // Busy, not down: the overload answer, not the outage page.
    expect(refused[0]!.retryAfter).toBe("2");
    expect(refused[0]!.body).toContain("Troppe richieste in questo momento");
    expect(refused[0]!.body).not.toContain("momentaneamente non disponibile");
    // Once the crowd is served the portal answers as usual.
    expect((await get(portal.url, "/vendita/case/milano/", new Agent())).status).toBe(200);
  });
});

/** Requests in flight and waiting, as /readyz reports them. */
async function queueState(base: string): Promise<{ inFlight: number; waiting: number; peakInFlight: number }> {
  const body = (await (await fetch(new URL("/readyz", base))).json()) as {
    requests: { inFlight: number; waiting: number; peakInFlight: number };
  };
  return body.requests;
}

// A PostgreSQL server to slow down (through a proxy); there is none to slow down on PGlite.
describe.each(databaseTargets.filter((t) => t === "postgres"))("overload with a slow database on %s", () => {
  let database: ProvisionedDatabase;
  let proxy: SlowProxy;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  const MAX_WAIT_MS = 1_500;

  beforeAll(async () => {
    database = await provisionDatabase("postgres");
    proxy = await startSlowProxy(database.url!);
    portal = await startTestPortal(
      { url: proxy.url, dataDir: database.dataDir },
      {
        searchFacts: "off",
        env: {
          REQUEST_CONCURRENCY: "2",
          REQUEST_MAX_IN_FLIGHT: "4",
          REQUEST_QUEUE_WAIT_MS: String(MAX_WAIT_MS),
          RATE_LIMIT_MULTIPLIER: "0",
        },
      },
    );
  });
  afterAll(async () => {
    await portal?.stop();
    await proxy?.close();
    await database?.dispose();
  });

  it("admits no more than the cap, answers the rest 'overloaded' on time, and keeps nothing waiting", async () => {
    const agent = new Agent({ maxSockets: 40 });
    expect((await get(portal.url, "/vendita/case/milano/", agent)).status).toBe(200);
    // Every answer of the database now takes 150 ms: a page's turn (250 ms) passes on while it still runs.
    proxy.delayMs = 150;
    const answers = await Promise.all(Array.from({ length: 40 }, () => get(portal.url, "/vendita/case/milano/", agent)));
    agent.destroy();
    const served = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 503);
    expect(served.length + refused.length).toBe(40);
    expect(served.length).toBeGreaterThanOrEqual(4);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.body).toContain("Troppe richieste in questo momento");
    // Nobody waited much past the longest wait: the queue sheds instead of piling up (slack for a busy machine).
    const slowestRefusal = Math.max(...refused.map((a) => a.ms));
    expect(slowestRefusal).toBeLessThan(MAX_WAIT_MS + 5_000);
    const state = await queueState(portal.url);
    expect(state.peakInFlight).toBeLessThanOrEqual(4);
    proxy.delayMs = 0;
    await expect.poll(() => queueState(portal.url)).toMatchObject({ inFlight: 0, waiting: 0 });
    expect((await get(portal.url, "/vendita/case/milano/", new Agent())).status).toBe(200);
  });

  it("does not queue media or other API reads behind slow pages", async () => {
    proxy.delayMs = 150;
    try {
      const agent = new Agent({ maxSockets: 20 });
      const css = "/vendor/maplibre-gl/6.17.0/maplibre-gl.css";
      expect((await get(portal.url, css, agent)).status).toBe(200);
      const pages = Array.from({ length: 12 }, () => get(portal.url, "/vendita/case/milano/", agent));
      await expect.poll(async () => (await queueState(portal.url)).waiting).toBeGreaterThan(0);
      // While pages wait for turns, a vendor file is served at once, not after them.
      const vendor = await get(portal.url, css, agent);
      const { waiting } = await queueState(portal.url);
      expect(vendor.status).toBe(200);
      expect(waiting).toBeGreaterThan(0);
      await Promise.all(pages);
      agent.destroy();
    } finally {
      proxy.delayMs = 0;
    }
  });
});
