/**
 * Reads take turns (server/request-queue.ts), on each database target: with one turn, many pages asked at
 * once are all served, each whole; past the waiting limit the portal answers 503 with Retry-After, as in
 * an outage. (On PGlite a page never waits on another process, so requests rarely overlap; on a
 * PostgreSQL server they do, and the queue fills.)
 */
import { Agent, request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startTestPortal } from "../test/portal.ts";

function get(base: string, path: string, agent: Agent): Promise<{ status: number; retryAfter?: string; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: url.port, path, agent, headers: { accept: "text/html" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined, body }));
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
    portal = await startTestPortal(database, { env: { REQUEST_CONCURRENCY: "1", REQUEST_QUEUE_LIMIT: "4", RATE_LIMIT_MULTIPLIER: "0" } });
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
    expect(refused[0]!.retryAfter).toBe("5");
    expect(refused[0]!.body).toContain("momentaneamente non disponibile");
    // Once the crowd is served the portal answers as usual.
    expect((await get(portal.url, "/vendita/case/milano/", new Agent())).status).toBe(200);
  });
});
