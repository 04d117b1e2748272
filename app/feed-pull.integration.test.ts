/**
 * Scheduled feed pulls over HTTP (issue 24 item 3, docs/decisions/135), on each database: an agency gives the
 * address of its feed (a server on loopback, reached through a redirect), the portal pulls and imports it as an
 * upload is imported, and its listings appear in search; a feed that answers 404 is recorded as failed with the
 * reason; another agency sees none of it; bad addresses and intervals are refused naming the field; removing the
 * source stops it.
 */
import { createServer, type Server } from "node:http";
import { gzipSync } from "node:zlib";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema.ts";
import { sampleFeed } from "../scripts/sample-feed.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { createPublisherKey, listingsInSearch } from "../test/publishers.ts";
import { startTestPortal } from "../test/portal.ts";
import { loggedInClient } from "../test/users.ts";

const API = "/api/publisher/v1";

describe.each(databaseTargets)("feed pulls on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let db: Kysely<Database>;
  let feedServer: Server;
  let feedOrigin: string;
  let agencyA: number;
  let keyA: string;
  let keyB: string;
  const served: string[] = [];

  async function call(key: string, path: string, body?: unknown) {
    const res = await fetch(`${portal.url}${API}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as any };
  }

  const inSearch = (publisherId: number) => listingsInSearch(portal.url, publisherId);

  beforeAll(async () => {
    // The agency's feed server: 40 clean listings, gzipped as many servers send them, behind a redirect.
    const feed = gzipSync(sampleFeed({ count: 40, clean: true, seed: "pull" }));
    feedServer = createServer((req, res) => {
      served.push(req.url ?? "");
      if (req.url === "/export/casa") return void res.writeHead(301, { location: "/feeds/casa.xml" }).end();
      if (req.url === "/feeds/casa.xml")
        return void res.writeHead(200, { "content-type": "application/xml", "content-encoding": "gzip" }).end(feed);
      res.writeHead(404).end("not here");
    });
    await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
    feedOrigin = `http://127.0.0.1:${(feedServer.address() as { port: number }).port}`;

    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, {
      env: { FEED_PULL_ALLOW_PRIVATE: "on", FEED_PULL_POLL_MS: "200", RATE_LIMIT_MULTIPLIER: "100" },
    });
    db = portal.database.db as unknown as Kysely<Database>;
    const agencies = (await sql<{ id: number }>`SELECT id::int AS id FROM publishers WHERE kind = 'agency' ORDER BY id LIMIT 2`.execute(db))
      .rows;
    agencyA = agencies[0]!.id;
    keyA = (
      await createPublisherKey(
        await loggedInClient(portal.url, { email: `agenzia${agencyA}@casa.example`, password: "CasaAgenzia2026" }),
        "Pull",
      )
    ).key;
    keyB = (
      await createPublisherKey(
        await loggedInClient(portal.url, { email: `agenzia${agencies[1]!.id}@casa.example`, password: "CasaAgenzia2026" }),
        "Pull B",
      )
    ).key;
    expect([keyA, keyB].every((k) => k.startsWith("casa_pk_"))).toBe(true);
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
    await new Promise((resolve) => feedServer?.close(resolve));
  });

  it("pulls the feed from the agency's address and imports it: its listings appear in search", async () => {
    const before = await inSearch(agencyA);
    const set = await call(keyA, "/feed-source", { url: `${feedOrigin}/export/casa`, intervalMinutes: 60 });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.source).toMatchObject({ url: `${feedOrigin}/export/casa`, format: "xml", intervalMinutes: 60, lastStatus: null });

    await expect
      .poll(async () => (await call(keyA, "/feed-source")).json.source.lastStatus, { timeout: 30_000, interval: 100 })
      .toBe("done");
    const { source } = (await call(keyA, "/feed-source")).json;
    expect(source.lastError).toBeNull();
    // The next pull an interval after this one.
    expect(Date.parse(source.nextPullAt) - Date.parse(source.lastPullAt)).toBe(60 * 60_000);
    expect(served).toEqual(["/export/casa", "/feeds/casa.xml"]);
    // The import is among the agency's imports, with its report, as an upload's is.
    const report = await call(keyA, `/feeds/${source.lastImportId}`);
    expect(report.json.import.report).toMatchObject({ status: "done", counts: { received: 40, created: 40, rejected: 0 } });
    const imports = await call(keyA, "/feeds");
    expect(imports.json.imports[0]).toMatchObject({ id: source.lastImportId, source: "url", status: "done" });
    await expect.poll(() => inSearch(agencyA), { timeout: 30_000, interval: 50 }).toBe(before + 40);

    // Another agency sees no source, and not this import.
    expect((await call(keyB, "/feed-source")).json).toEqual({ source: null });
    expect((await call(keyB, `/feeds/${source.lastImportId}`)).status).toBe(404);
  });

  it("records a feed that cannot be fetched as failed, with the reason, and imports nothing", async () => {
    const importsBefore = (await call(keyA, "/feeds")).json.imports.length;
    const set = await call(keyA, "/feed-source", { url: `${feedOrigin}/gone.xml` });
    expect(set.status).toBe(200);
    await expect
      .poll(async () => (await call(keyA, "/feed-source")).json.source.lastStatus, { timeout: 30_000, interval: 100 })
      .toBe("failed");
    const { source } = (await call(keyA, "/feed-source")).json;
    expect(source.lastError).toContain("HTTP 404");
    expect(source.lastImportId).toBeNull();
    expect((await call(keyA, "/feeds")).json.imports.length).toBe(importsBefore);
  });

  it("refuses what is not an address it may pull, naming the field, and stops when the source is removed", async () => {
    for (const [body, field] of [
      [{ url: "ftp://feeds.example/casa.xml" }, "url"],
      [{ url: "non è un indirizzo" }, "url"],
      [{ url: `${feedOrigin}/feeds/casa.xml`, intervalMinutes: 5 }, "intervalMinutes"],
      [{ url: `${feedOrigin}/feeds/casa.xml`, format: "csv" }, "format"],
      [{ url: `${feedOrigin}/feeds/casa.xml`, owner: 1 }, ""],
    ] as const) {
      const res = await call(keyA, "/feed-source", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json.error.field, JSON.stringify(body)).toBe(field);
    }
    expect((await call("casa_pk_not-a-key", "/feed-source")).status).toBe(401);

    const removed = await call(keyA, "/feed-source/delete", {});
    expect(removed).toEqual({ status: 200, json: { source: null } });
    expect((await call(keyA, "/feed-source")).json).toEqual({ source: null });
    expect((await call(keyA, "/feed-source/delete", {})).status).toBe(404);
  });
});
