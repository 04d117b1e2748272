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
import type { CookieClient } from "../test/http-client.ts";
import { createPublisherKey, listingsInSearch, postDashboardForm } from "../test/publishers.ts";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser, loggedInClient } from "../test/users.ts";

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
  let agencyB: CookieClient;
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
    agencyB = await loggedInClient(portal.url, { email: `agenzia${agencies[1]!.id}@casa.example`, password: "CasaAgenzia2026" });
    keyB = (await createPublisherKey(agencyB, "Pull B")).key;
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

  it("lets an agency set, follow and remove its feed address in the dashboard, as the API does", async () => {
    const page = async () => (await agencyB.get("/area-agenzia/", { accept: "text/html" })).text();
    /** The text of the element with this test id (its tag, not nested in itself). */
    const textOf = (html: string, testId: string) =>
      new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`)
        .exec(html)?.[2]
        ?.replace(/<[^>]+>/g, "")
        .replaceAll("&#x27;", "'") ?? "";
    expect(textOf(await page(), "feed-source")).toBe("Nessun indirizzo impostato: il feed si carica dall'API.");

    // Refused, naming the field, keeping what was typed, storing nothing.
    const badUrl = await postDashboardForm(agencyB, {
      intent: "set-feed-source",
      url: "ftp://feeds.example/casa.xml",
      intervalMinutes: "60",
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.html).toContain("Scrivi un indirizzo http o https completo (al massimo 2000 caratteri).");
    expect(badUrl.html).toContain('value="ftp://feeds.example/casa.xml"');
    const badInterval = await postDashboardForm(agencyB, {
      intent: "set-feed-source",
      url: `${feedOrigin}/export/casa`,
      intervalMinutes: "5",
    });
    expect(badInterval.status).toBe(400);
    expect(badInterval.html).toContain("Scegli un intervallo da 15 a 1440 minuti.");
    expect((await call(keyB, "/feed-source")).json).toEqual({ source: null });
    // A form whose hidden fields are not the page's (stale or forged) is told so, not blamed on the API key's name.
    for (const forged of [{ intent: "revoke-key", keyId: "abc" }, { intent: "drop-everything" }] as Record<string, string>[]) {
      const answer = await postDashboardForm(agencyB, forged);
      expect(answer.status).toBe(400);
      expect(answer.html).toContain("Il modulo non è valido: ricarica la pagina e riprova.");
      expect(answer.html).not.toContain("Dai un nome alla chiave");
    }

    // A user who is not a publisher cannot set one.
    const seeker = await createTestUser(db, "cerca.feed@example.it");
    const stranger = await loggedInClient(portal.url, { email: seeker.email, password: seeker.password });
    const sources = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM feed_sources`.execute(db)).rows[0]!.n);
    const sourcesBefore = await sources();
    const refused = await postDashboardForm(
      stranger,
      { intent: "set-feed-source", url: `${feedOrigin}/export/casa`, intervalMinutes: "30" },
      "/account/",
    );
    expect(refused.status).toBe(403);
    expect(await sources()).toBe(sourcesBefore);

    const saved = await postDashboardForm(agencyB, {
      intent: "set-feed-source",
      url: `${feedOrigin}/export/casa`,
      format: "xml",
      intervalMinutes: "30",
    });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain("Indirizzo del feed salvato: il primo scaricamento parte subito.");
    // The same source the API shows, pulled at once, and how that went on the page.
    expect((await call(keyB, "/feed-source")).json.source).toMatchObject({
      url: `${feedOrigin}/export/casa`,
      format: "xml",
      intervalMinutes: 30,
    });
    await expect.poll(async () => textOf(await page(), "feed-last-pull"), { timeout: 30_000, interval: 100 }).toMatch(/ · riuscito$/);
    expect(textOf(await page(), "feed-source")).toContain("XML (immobiliare.it 2.8), ogni 30 minuti");

    const removed = await postDashboardForm(agencyB, { intent: "remove-feed-source" });
    expect(removed.status).toBe(200);
    expect(removed.html).toContain("Il portale non scarica più il tuo feed. Gli annunci restano come sono.");
    expect((await call(keyB, "/feed-source")).json).toEqual({ source: null });
  });
});
