/**
 * Photos a feed lists by address (issue 24, docs/decisions/141), over HTTP on each database: an agency's feed names
 * two pictures of a listing on its own server (on loopback, real JPEG and PNG bytes made with sharp); the import
 * answers at once and the listing gets both photos in the feed's order in the background; the same feed again
 * fetches nothing; a new order reorders without fetching; an address left out removes its photo; a 404 and a page
 * that is no image fail with their reasons after their tries (the portal's clock moved past each wait), the listing
 * staying online; an address that is not http(s) is reported for its listing, which is imported. A file changed behind
 * its address (docs/decisions/145): the feed listing it again after the re-check interval (the clock moved) asks with
 * its ETag and Last-Modified; a 304 and the same bytes change nothing, new bytes replace the photo in its place.
 */
import { createServer, type Server } from "node:http";
import { sql, type Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDueFeedPhotos } from "../db/feed-photos.ts";
import type { Database } from "../db/schema.ts";
import { sampleFeed, sampleUniqueId } from "../scripts/sample-feed.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { createPublisherKey, feedListingInput } from "../test/publishers.ts";
import { startTestPortal } from "../test/portal.ts";
import { FeedPhotoDownloader } from "../server/feed-photo-downloader.ts";
import { createLogger } from "../server/logger.ts";
import type { CookieClient } from "../test/http-client.ts";
import { loggedInClient } from "../test/users.ts";

const API = "/api/publisher/v1";
const DAY = 86_400_000;
/** FEED_PHOTO_RECHECK_MS here: longer than the other tests move the clock, so only the last one re-checks. */
const RECHECK_DAYS = 30;

/** A picture with detail (a gradient and a block), so sharp has something to resize and dHash something to read. */
async function picture(width: number, height: number, format: "jpeg" | "png"): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const block = x > width / 3 && x < width / 2 && y > height / 4;
      pixels[i] = block ? 20 : (x * 255) / width;
      pixels[i + 1] = block ? 200 : (y * 255) / height;
      pixels[i + 2] = format === "png" ? 180 : 60;
    }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === "jpeg" ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

describe.each(databaseTargets)("feed photos on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let db: Kysely<Database>;
  let photoServer: Server;
  let origin: string;
  let agencyA: number;
  let keyA: string;
  let keyB: string;
  let dashboardA: CookieClient;
  let dashboardB: CookieClient;
  let now = Date.parse("2026-11-27T09:00:00Z");
  /** Requests the agency's photo server answered, by path. */
  const requests = new Map<string, number>();
  /** The terrace photo: a file the agency changes behind one address, and the validators asked for it. */
  const terrace = {
    bytes: Buffer.alloc(0) as Buffer,
    etag: '"v1"',
    lastModified: "Mon, 23 Nov 2026 08:00:00 GMT",
    honoursValidators: true,
  };
  const terraceAsked: Array<[string | undefined, string | undefined]> = [];
  const served = (path: string) => requests.get(path) ?? 0;

  async function call(key: string, path: string, lang = "it") {
    const res = await fetch(`${portal.url}${API}${path}`, { headers: { authorization: `Bearer ${key}`, "accept-language": lang } });
    return { status: res.status, json: (await res.json()) as any };
  }

  async function upload(body: string) {
    const res = await fetch(`${portal.url}${API}/feeds`, {
      method: "POST",
      headers: { authorization: `Bearer ${keyA}`, "content-type": "application/xml" },
      body,
    });
    return { status: res.status, json: (await res.json()) as any };
  }

  /** The test feed: three clean listings; `pictures[i]` is the `<pictures>` element of listing i. */
  function feed(pictures: Record<number, string>): string {
    const parts = sampleFeed({ count: 3, clean: true, seed: "feed-photos" }).split("</property>\n");
    return parts.map((part, i) => (i < parts.length - 1 ? `${part}${pictures[i] ?? ""}</property>\n` : part)).join("");
  }
  const urls = (...paths: string[]) => `<pictures>${paths.map((p) => `<picture-url>${origin}${p}</picture-url>`).join("")}</pictures>`;

  async function listingOf(index: number): Promise<number> {
    const row = await sql<{ id: number }>`
      SELECT listing_id::int AS id FROM published_listings
      WHERE publisher_id = ${agencyA} AND external_id = ${sampleUniqueId(index)} AND status = 'online'`.execute(db);
    return row.rows[0]!.id;
  }
  const photosOf = async (listingId: number, key = keyA, lang = "it") => call(key, `/listings/${listingId}/photos`, lang);

  beforeAll(async () => {
    const jpeg = await picture(640, 480, "jpeg");
    terrace.bytes = await picture(520, 390, "jpeg");
    const png = await picture(400, 300, "png");
    photoServer = createServer((req, res) => {
      const path = req.url ?? "";
      requests.set(path, served(path) + 1);
      if (path === "/foto/soggiorno.jpg") return void res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
      if (path === "/foto/cucina.png") return void res.writeHead(200, { "content-type": "image/png" }).end(png);
      if (path === "/foto/terrazzo.jpg") {
        terraceAsked.push([req.headers["if-none-match"], req.headers["if-modified-since"]]);
        if (terrace.honoursValidators && req.headers["if-none-match"] === terrace.etag)
          return void res.writeHead(304, { etag: terrace.etag }).end();
        return void res
          .writeHead(200, { "content-type": "image/jpeg", etag: terrace.etag, "last-modified": terrace.lastModified })
          .end(terrace.bytes);
      }
      if (path === "/foto/pagina.jpg")
        return void res.writeHead(200, { "content-type": "image/jpeg" }).end("<html><body>Not found</body></html>");
      res.writeHead(404).end("not here");
    });
    await new Promise<void>((resolve) => photoServer.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(photoServer.address() as { port: number }).port}`;

    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, {
      env: {
        FEED_PULL_ALLOW_PRIVATE: "on",
        FEED_PHOTO_POLL_MS: "100",
        FEED_PHOTO_RETRY_MS: "60000",
        FEED_PHOTO_RECHECK_MS: String(RECHECK_DAYS * DAY),
        RATE_LIMIT_MULTIPLIER: "100",
      },
      clock: () => now,
    });
    db = portal.database.db as unknown as Kysely<Database>;
    const agencies = (await sql<{ id: number }>`SELECT id::int AS id FROM publishers WHERE kind = 'agency' ORDER BY id LIMIT 2`.execute(db))
      .rows;
    agencyA = agencies[0]!.id;
    dashboardA = await loggedInClient(portal.url, { email: `agenzia${agencyA}@casa.example`, password: "CasaAgenzia2026" });
    keyA = (await createPublisherKey(dashboardA, "Foto")).key;
    dashboardB = await loggedInClient(portal.url, { email: `agenzia${agencies[1]!.id}@casa.example`, password: "CasaAgenzia2026" });
    keyB = (await createPublisherKey(dashboardB, "Foto B")).key;
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
    await new Promise((resolve) => photoServer?.close(resolve));
  });

  it("downloads a listing's two pictures in the background, in the feed's order; a bad address is reported, its listing imported", async () => {
    const { status, json } = await upload(
      feed({
        0: urls("/foto/soggiorno.jpg", "/foto/cucina.png", "/foto/soggiorno.jpg"),
        1: `<pictures><picture url="${origin}/foto/mancante.jpg"/><picture url="${origin}/foto/pagina.jpg"/><picture url="ftp://agenzia.example/x.jpg"/></pictures>`,
      }),
    );
    expect(status).toBe(200);
    expect(json.report.counts).toMatchObject({ received: 3, created: 3, rejected: 0 });
    // The duplicate address counts once; the ftp one is left out and named, its listing imported.
    expect(json.report.photos.wanted).toBe(4);
    expect(json.report.photos.problems).toEqual([
      expect.objectContaining({ uniqueId: sampleUniqueId(1), url: "ftp://agenzia.example/x.jpg", it: expect.stringContaining("http") }),
    ]);
    const listing = await listingOf(0);
    await expect
      .poll(async () => (await photosOf(listing)).json.photos.map((p: { width: number; height: number }) => [p.width, p.height]), {
        timeout: 15_000,
      })
      .toEqual([
        [640, 480],
        [400, 300],
      ]);
    const { json: photos } = await photosOf(listing);
    expect(photos.feedPhotos).toEqual([
      expect.objectContaining({
        url: `${origin}/foto/soggiorno.jpg`,
        position: 0,
        state: "done",
        photoId: photos.photos[0].id,
        error: null,
      }),
      expect.objectContaining({ url: `${origin}/foto/cucina.png`, position: 1, state: "done", photoId: photos.photos[1].id, error: null }),
    ]);
    // The photo count the cards show, and the served rendition.
    const count = await sql<{ n: number }>`SELECT photo_count::int AS n FROM listings WHERE id = ${listing}`.execute(db);
    expect(count.rows[0]!.n).toBe(2);
    const file = await fetch(`${portal.url}${photos.photos[0].renditions[0].url}`);
    expect(file.status).toBe(200);
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe("webp");
    expect(served("/foto/soggiorno.jpg")).toBe(1);
    expect(served("/foto/cucina.png")).toBe(1);
    // Another agency cannot read them.
    expect((await photosOf(listing, keyB)).status).toBe(404);
  });

  it("fetches nothing again for the same feed, and reorders without fetching when the order changes", async () => {
    const listing = await listingOf(0);
    const before = (await photosOf(listing)).json.photos.map((p: { id: number }) => p.id);
    const again = await upload(
      feed({
        0: urls("/foto/soggiorno.jpg", "/foto/cucina.png"),
        1: `<pictures><picture url="${origin}/foto/mancante.jpg"/><picture url="${origin}/foto/pagina.jpg"/></pictures>`,
      }),
    );
    expect(again.json.report.counts).toMatchObject({ unchanged: 3, created: 0, updated: 0 });
    // Nothing of the listing waits for a download: its addresses were fetched once and stay done.
    const waiting = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM feed_photo_urls WHERE listing_id = ${listing} AND state <> 'done'`.execute(db);
    expect(waiting.rows[0]!.n).toBe(0);
    expect((await photosOf(listing)).json.photos.map((p: { id: number }) => p.id)).toEqual(before);

    const reordered = await upload(
      feed({
        0: urls("/foto/cucina.png", "/foto/soggiorno.jpg"),
        1: `<pictures><picture url="${origin}/foto/mancante.jpg"/><picture url="${origin}/foto/pagina.jpg"/></pictures>`,
      }),
    );
    expect(reordered.json.report.counts).toMatchObject({ unchanged: 3 });
    expect((await photosOf(listing)).json.photos.map((p: { id: number }) => p.id)).toEqual([...before].reverse());
    expect(served("/foto/soggiorno.jpg")).toBe(1);
    expect(served("/foto/cucina.png")).toBe(1);
  });

  it("removes the photo of an address the feed no longer lists", async () => {
    const listing = await listingOf(0);
    const { json } = await upload(
      feed({
        0: urls("/foto/cucina.png"),
        1: `<pictures><picture url="${origin}/foto/mancante.jpg"/><picture url="${origin}/foto/pagina.jpg"/></pictures>`,
      }),
    );
    expect(json.report.counts).toMatchObject({ unchanged: 3 });
    const { json: photos } = await photosOf(listing);
    expect(photos.photos.map((p: { width: number; position: number }) => [p.width, p.position])).toEqual([[400, 0]]);
    expect(photos.feedPhotos.map((f: { url: string }) => f.url)).toEqual([`${origin}/foto/cucina.png`]);
    const count = await sql<{ n: number }>`SELECT photo_count::int AS n FROM listings WHERE id = ${listing}`.execute(db);
    expect(count.rows[0]!.n).toBe(1);
    expect(served("/foto/cucina.png")).toBe(1);
  });

  it("records a 404 and a page that is no image as failed with their reasons after 3 tries; the listing stays online", async () => {
    const listing = await listingOf(1);
    const states = async (lang = "it") =>
      (await photosOf(listing, keyA, lang)).json.feedPhotos.map((f: { state: string; attempts: number; error: string | null }) => [
        f.state,
        f.attempts,
        f.error,
      ]);
    // The first try fails; each address waits for its next try.
    await expect
      .poll(() => states(), { timeout: 15_000 })
      .toEqual([
        ["waiting", 1, "il server della foto ha risposto HTTP 404"],
        ["waiting", 1, "il file non è un'immagine JPEG, PNG o WebP"],
      ]);
    // The portal's clock past the second wait, then the third: tried again each time, then given up.
    now += DAY;
    await expect
      .poll(() => states(), { timeout: 15_000 })
      .toEqual([
        ["waiting", 2, "il server della foto ha risposto HTTP 404"],
        ["waiting", 2, "il file non è un'immagine JPEG, PNG o WebP"],
      ]);
    now += DAY;
    await expect
      .poll(() => states("en"), { timeout: 15_000 })
      .toEqual([
        ["failed", 3, "the photo's server answered HTTP 404"],
        ["failed", 3, "the file is not a JPEG, PNG or WebP image"],
      ]);
    now += DAY;
    expect(served("/foto/mancante.jpg")).toBe(3);
    expect(served("/foto/pagina.jpg")).toBe(3);
    expect((await photosOf(listing)).json.photos).toEqual([]);
    const status = await sql<{ status: string }>`SELECT status FROM published_listings WHERE listing_id = ${listing}`.execute(db);
    expect(status.rows[0]!.status).toBe("online");
    // The next import's report counts them as failed (given up: the feed listing them again does not fetch them).
    const { json } = await upload(
      feed({
        0: urls("/foto/cucina.png"),
        1: `<pictures><picture url="${origin}/foto/mancante.jpg"/><picture url="${origin}/foto/pagina.jpg"/></pictures>`,
      }),
    );
    expect(json.report.photos).toMatchObject({ wanted: 3, done: 1, waiting: 0, failed: 2 });
    const stored = await call(keyA, `/feeds/${json.report.importId}`);
    expect(stored.json.import.report.photos).toMatchObject({ failed: 2 });
    // The dashboard says how the photos went now; another agency's says nothing of them.
    const page = await (await dashboardA.get("/area-agenzia/")).text();
    expect(page).toContain("Foto indicate dal feed: 1 scaricata, 0 in attesa, 2 non scaricate");
    expect(await (await dashboardB.get("/area-agenzia/")).text()).not.toContain("Foto indicate dal feed");
    expect(served("/foto/mancante.jpg")).toBe(3);
  });

  it("takes a JSON Lines listing's \"photos\" as the XML's pictures", async () => {
    const listing = await feedListingInput(
      db,
      "Trilocale con foto dal feed JSON Lines",
      "Trilocale al primo piano, importato da un feed JSON Lines con le foto indicate per indirizzo.",
    );
    const line = { uniqueId: "JP-1", operation: "write", listing, photos: [`${origin}/foto/cucina.png`, "javascript:alert(1)"] };
    const res = await fetch(`${portal.url}${API}/feeds`, {
      method: "POST",
      headers: { authorization: `Bearer ${keyB}`, "content-type": "application/x-ndjson" },
      body: `${JSON.stringify({ feed: "casa-jsonl", version: 1, mode: "incremental" })}\n${JSON.stringify(line)}\n`,
    });
    const { report } = (await res.json()) as any;
    expect(report.counts).toMatchObject({ created: 1, rejected: 0 });
    expect(report.photos).toMatchObject({ wanted: 1, problems: [expect.objectContaining({ uniqueId: "JP-1", line: 2 })] });
    const listingId = (
      await db.selectFrom("publishedListings").select("listingId").where("externalId", "=", "JP-1").executeTakeFirstOrThrow()
    ).listingId;
    await expect
      .poll(async () => (await photosOf(Number(listingId), keyB)).json.photos.map((p: { width: number }) => p.width), { timeout: 15_000 })
      .toEqual([400]);
  });

  it("gives up the waiting addresses of a listing the feed withdraws", async () => {
    const listing = await listingOf(2);
    const missingOnce = `${origin}/foto/ancora-mancante.jpg`;
    const both = {
      0: urls("/foto/cucina.png"),
      1: `<pictures><picture url="${origin}/foto/mancante.jpg"/><picture url="${origin}/foto/pagina.jpg"/></pictures>`,
    };
    await upload(feed({ ...both, 2: `<pictures><picture-url>${missingOnce}</picture-url></pictures>` }));
    // One try failed; the next is due only after the retry wait, which the test clock never reaches here.
    await expect
      .poll(async () => (await photosOf(listing)).json.feedPhotos.map((f: { state: string; attempts: number }) => [f.state, f.attempts]), {
        timeout: 15_000,
      })
      .toEqual([["waiting", 1]]);
    // A full feed without listing 2 withdraws it: its waiting address is given up with it.
    const parts = feed(both).split("</property>\n");
    const withoutThird = `${parts.slice(0, 2).join("</property>\n")}</property>\n${parts.at(-1)}`;
    const { json } = await upload(withoutThird);
    expect(json.report.counts).toMatchObject({ withdrawn: 1 });
    const rows = await db.selectFrom("feedPhotoUrls").select(["state", "error"]).where("listingId", "=", listing).execute();
    expect(rows).toEqual([{ state: "failed", error: "not-online" }]);
  });

  it("gives each waiting address to one claimer at a time (several processes never fetch it twice)", async () => {
    // Addresses due only far ahead, so the portal's own downloader (at the test clock) leaves them alone.
    const later = new Date(now + 400 * DAY);
    await db
      .insertInto("feedPhotoUrls")
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          listingId: -1,
          publisherId: agencyA,
          url: `${origin}/foto/lease-${i}.jpg`,
          position: i,
          state: "waiting" as const,
          nextTryAt: later,
          createdAt: later,
        })),
      )
      .execute();
    try {
      const claim = (at: Date, limit: number) => claimDueFeedPhotos(db, at, 60_000, limit, 2);
      const [a, b, c] = await Promise.all([0, 1, 2].map(() => claim(later, 3)));
      const ids = [...a!, ...b!, ...c!].map((r) => r.id);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
      expect([...a!, ...b!, ...c!].every((r) => r.attempts === 1)).toBe(true);
      // Held: nothing more until the lease ends, then due again (a process that died mid-download).
      expect(await claim(later, 10)).toEqual([]);
      expect(await claim(new Date(later.getTime() + 61_000), 10)).toHaveLength(6);
      // Held past its lease with its tries spent (the process died on it each time): given up, not claimed again.
      const givenUp = await claim(new Date(later.getTime() + 122_000), 10);
      expect(givenUp.map((r) => [r.state, r.attempts])).toEqual(Array.from({ length: 6 }, () => ["failed", 2]));
      expect(await claim(new Date(later.getTime() + 300_000), 10)).toEqual([]);
      const states = await db.selectFrom("feedPhotoUrls").select(["state", "error"]).where("listingId", "=", -1).execute();
      expect(states.map((r) => [r.state, r.error])).toEqual(Array.from({ length: 6 }, () => ["failed", "unreachable"]));
    } finally {
      await db.deleteFrom("feedPhotoUrls").where("listingId", "=", -1).execute();
    }
  });
  it("asks again for a photo the feed lists after the re-check interval: a 304 and the same bytes keep it, a new file replaces it in place", async () => {
    const listing = await listingOf(0);
    const failing = `<pictures><picture url="${origin}/foto/mancante.jpg"/><picture url="${origin}/foto/pagina.jpg"/></pictures>`;
    // The first two listings (the third was withdrawn above): listing 0 with the kitchen and the terrace.
    const parts = feed({ 0: urls("/foto/cucina.png", "/foto/terrazzo.jpg"), 1: failing }).split("</property>\n");
    const twoListings = `${parts.slice(0, 2).join("</property>\n")}</property>\n${parts.at(-1)}`;
    const gallery = async () =>
      (await photosOf(listing)).json as {
        photos: Array<{ id: number; width: number; position: number; renditions: Array<{ url: string }> }>;
        feedPhotos: Array<{ url: string; photoId: number; state: string; checkedAt: string | null }>;
      };
    const terraceRow = () =>
      db
        .selectFrom("feedPhotoUrls")
        .select(["etag", "lastModified", "checkedAt", "recheckAt", "photoId"])
        .where("listingId", "=", listing)
        .where("url", "=", `${origin}/foto/terrazzo.jpg`)
        .executeTakeFirstOrThrow();
    /** Waits until each of the listing's addresses was checked at the portal's present time. */
    const checkedNow = () =>
      expect
        .poll(async () => (await gallery()).feedPhotos.map((f) => f.checkedAt), { timeout: 15_000 })
        .toEqual([new Date(now).toISOString(), new Date(now).toISOString()]);

    expect((await upload(twoListings)).json.report.counts).toMatchObject({ unchanged: 2 });
    await expect.poll(async () => (await gallery()).photos.map((p) => p.width), { timeout: 15_000 }).toEqual([400, 520]);
    const [kitchen, first] = (await gallery()).photos.map((p) => p.id);
    expect(await terraceRow()).toMatchObject({ etag: '"v1"', lastModified: terrace.lastModified, recheckAt: null });
    expect(terraceAsked).toEqual([[undefined, undefined]]);
    // Listed again within the interval: nothing is due.
    await upload(twoListings);
    expect((await terraceRow()).recheckAt).toBeNull();

    // Past the interval: asked with its validators; 304, nothing changes (the kitchen, with none, comes again the same).
    const kitchenFetches = served("/foto/cucina.png");
    now += (RECHECK_DAYS + 1) * DAY;
    await upload(twoListings);
    await checkedNow();
    expect(terraceAsked.at(-1)).toEqual(['"v1"', terrace.lastModified]);
    expect(served("/foto/cucina.png")).toBe(kitchenFetches + 1);
    expect((await gallery()).photos.map((p) => p.id)).toEqual([kitchen, first]);

    // The agency replaces the terrace's file at the same address: a new photo in the same place, the old one gone.
    terrace.bytes = await picture(560, 420, "jpeg");
    terrace.etag = '"v2"';
    terrace.lastModified = "Fri, 27 Nov 2026 08:00:00 GMT";
    now += (RECHECK_DAYS + 1) * DAY;
    await upload(twoListings);
    await expect
      .poll(async () => (await gallery()).photos.map((p) => [p.width, p.position]), { timeout: 15_000 })
      .toEqual([
        [400, 0],
        [560, 1],
      ]);
    const replaced = await gallery();
    const second = replaced.photos[1]!.id;
    expect(replaced.photos[0]!.id).toBe(kitchen);
    expect(second).not.toBe(first);
    expect(replaced.feedPhotos.map((f) => [f.url, f.state, f.photoId])).toEqual([
      [`${origin}/foto/cucina.png`, "done", kitchen],
      [`${origin}/foto/terrazzo.jpg`, "done", second],
    ]);
    expect(terraceAsked.at(-1)).toEqual(['"v1"', "Mon, 23 Nov 2026 08:00:00 GMT"]);
    expect(await terraceRow()).toMatchObject({ etag: '"v2"', lastModified: terrace.lastModified });
    const count = await sql<{ n: number }>`SELECT photo_count::int AS n FROM listings WHERE id = ${listing}`.execute(db);
    expect(count.rows[0]!.n).toBe(2);
    expect((await fetch(`${portal.url}/media/listing/${listing}/foto/${first}-320.webp`)).status).toBe(404);
    expect((await fetch(`${portal.url}${replaced.photos[1]!.renditions[0]!.url}`)).status).toBe(200);

    // The same bytes under another ETag (a server that ignores the validators): nothing changes but the ETag kept.
    terrace.etag = '"v3"';
    terrace.honoursValidators = false;
    now += (RECHECK_DAYS + 1) * DAY;
    await upload(twoListings);
    await checkedNow();
    expect(terraceAsked.at(-1)).toEqual(['"v2"', "Fri, 27 Nov 2026 08:00:00 GMT"]);
    expect((await gallery()).photos.map((p) => p.id)).toEqual([kitchen, second]);
    expect((await terraceRow()).etag).toBe('"v3"');
  });
});

/**
 * FEED_PHOTO_DOWNLOADS=off (decision 141): a process that imports but leaves the downloads to the other processes.
 * Its imports record the addresses as waiting and it holds no downloader; a downloader of another process on the
 * same database (built here as that process builds it) then fetches each address once.
 */
describe.each(databaseTargets)("a portal with FEED_PHOTO_DOWNLOADS=off on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let photoServer: Server;
  let other: FeedPhotoDownloader | undefined;
  const asked: string[] = [];

  beforeAll(async () => {
    const jpeg = await picture(320, 240, "jpeg");
    photoServer = createServer((req, res) => {
      asked.push(req.url ?? "");
      res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
    });
    await new Promise<void>((resolve) => photoServer.listen(0, "127.0.0.1", resolve));
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, {
      env: { FEED_PULL_ALLOW_PRIVATE: "on", FEED_PHOTO_DOWNLOADS: "off", FEED_PHOTO_POLL_MS: "100", RATE_LIMIT_MULTIPLIER: "100" },
    });
  });
  afterAll(async () => {
    await other?.stop();
    await portal?.stop();
    await provisioned?.dispose();
    await new Promise((resolve) => photoServer?.close(resolve));
  });

  it("records a feed's photo addresses and fetches none; another process's downloader fetches each once", async () => {
    expect(portal.feedPhotoDownloader).toBeNull();
    const db = portal.database.db as unknown as Kysely<Database>;
    const agency = (await sql<{ id: number }>`SELECT id::int AS id FROM publishers WHERE kind = 'agency' ORDER BY id LIMIT 1`.execute(db))
      .rows[0]!.id;
    const dashboard = await loggedInClient(portal.url, { email: `agenzia${agency}@casa.example`, password: "CasaAgenzia2026" });
    const key = (await createPublisherKey(dashboard, "Foto altrove")).key;
    const origin = `http://127.0.0.1:${(photoServer.address() as { port: number }).port}`;
    const parts = sampleFeed({ count: 1, clean: true, seed: "feed-photos-off" }).split("</property>\n");
    const pictures = `<pictures><picture-url>${origin}/foto/a.jpg</picture-url><picture-url>${origin}/foto/b.jpg</picture-url></pictures>`;
    const res = await fetch(`${portal.url}${API}/feeds`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/xml" },
      body: `${parts[0]}${pictures}</property>\n${parts[1]}`,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).report.photos.wanted).toBe(2);
    const addresses = () =>
      db.selectFrom("feedPhotoUrls").select(["url", "state", "attempts"]).where("publisherId", "=", agency).orderBy("position").execute();
    expect(await addresses()).toEqual([
      { url: `${origin}/foto/a.jpg`, state: "waiting", attempts: 0 },
      { url: `${origin}/foto/b.jpg`, state: "waiting", attempts: 0 },
    ]);
    expect(asked).toEqual([]);

    other = new FeedPhotoDownloader({
      db,
      logger: createLogger("silent"),
      pollMs: 100,
      clock: () => Date.now(),
      allowPrivate: true,
      timeoutMs: 10_000,
      retryMs: 60_000,
    }).start();
    await expect.poll(async () => (await addresses()).map((a) => a.state), { timeout: 30_000 }).toEqual(["done", "done"]);
    expect(asked.sort()).toEqual(["/foto/a.jpg", "/foto/b.jpg"]);
  });
});
