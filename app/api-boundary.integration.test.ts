/**
 * The API boundary over HTTP (issue 8 item 1 and 5, issue 14 §2–3): unknown places and other domain
 * errors answer 4xx in the one error shape on every endpoint, unknown API paths answer JSON 404/405,
 * JavaScript property names and loose numbers are not keys, malformed Host and unknown methods are
 * refused before the router, the body limit holds for streamed bodies, and `uri` is the search when
 * nothing else is given.
 */
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";

const MILANO = "IT-03-015146";
const API = "/portal-srp/api/v1";

/** Every endpoint that reads a search body, with what else its body needs. */
const searchEndpoints: Array<[string, Record<string, unknown>]> = [
  ["search", {}],
  ["search/availableresults", {}],
  ["search-map", {}],
  ["search-map/listings", {}],
  ["search-map/markers", { geobounds: { bbox: [9.04, 45.38, 9.28, 45.54], zoom: 12 } }],
  ["home/availableresults", {}],
  ["agencySearch", {}],
  ["agencySearch/availableresults", {}],
  ["apireq", {}],
  ["apireq/getPaginatorData", {}],
];

describe.each(databaseTargets)("API boundary on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  const post = (path: string, body: unknown) =>
    fetch(`${portal.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, BULK_CLIENT);
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  async function expectError(res: Response, status: number, field?: string): Promise<{ status: number; message: string; field?: string }> {
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(status);
    expect(res.headers.get("content-type")).toContain("application/json");
    const { error } = JSON.parse(text);
    expect(error).toMatchObject({ status, message: expect.any(String) });
    if (field) expect(error.field).toBe(field);
    return error;
  }

  describe("unknown places answer 400 naming the field on every search endpoint", () => {
    const cases: Array<[string, unknown[], string]> = [
      ["a slug", ["milano"], "locations.0"],
      ["an unknown town id", ["IT-99-999999"], "locations.0"],
      ["an unknown id as an object", [{ id: "xx" }], "locations.0"],
      ["an unknown zone after a known town", [MILANO, "IT-03-015146-Z99"], "locations.1"],
    ];
    for (const [endpoint, filters] of searchEndpoints) {
      it.each(cases)(`${endpoint}: %s`, async (_name, locations, field) => {
        await expectError(await post(`${API}/${endpoint}`, { locations, filters }), 400, field);
      });
      it(`${endpoint}: an unknown id in filters.zones`, async () => {
        const error = await expectError(
          await post(`${API}/${endpoint}`, { filters: { ...filters, zones: ["IT-03-015146-Z99"] } }),
          400,
          "filters.zones",
        );
        expect(error.message).toContain("unknown place");
      });
    }
    it("cerca-intorno-a-te and mycasa/hiddentotal too", async () => {
      await expectError(
        await post(`${API}/cerca-intorno-a-te`, { lat: 45.46, lon: 9.19, filters: { zones: ["IT-99-999999"] } }),
        400,
        "filters.zones",
      );
      await expectError(await post(`${API}/mycasa/hiddentotal`, { userDiscardedAds: [1], locations: ["milano"] }), 400, "locations.0");
      await expectError(
        await post(`${API}/apireq/convertApiParamForEncode`, { filtersToEncode: {}, locations: ["IT-99-999999"] }),
        400,
        "locations.0",
      );
    });
  });

  describe("unknown API paths and wrong methods", () => {
    it.each([
      ["POST", `${API}/user/no-such-call`],
      ["GET", `${API}/user/no-such-call`],
      ["POST", "/portal-srp/api/v2/search"],
      ["GET", "/portal-srp/api/"],
      ["DELETE", `${API}/nothing/here`],
      ["POST", "/lh/v2/town/milano/extra"],
    ])("%s %s answers JSON 404", async (method, path) => {
      await expectError(
        await fetch(`${portal.url}${path}`, {
          method,
          headers: { "content-type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        }),
        404,
      );
    });
    it("a wrong method on a known path answers JSON 405 with Allow", async () => {
      const get = await fetch(`${portal.url}${API}/search`);
      await expectError(get, 405);
      expect(get.headers.get("allow")).toBe("POST");
      const postToGet = await fetch(`${portal.url}/lh/v2/town/milano`, { method: "POST", body: "{}" });
      await expectError(postToGet, 405);
      expect(postToGet.headers.get("allow")).toBe("GET");
    });
  });

  describe("JavaScript property names are not keys", () => {
    const names = ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"];
    it.each(names)("GET /lh/v2/%s/milano and the same name as a town slug answer 404", async (name) => {
      await expectError(await fetch(`${portal.url}/lh/v2/${name}/milano`), 404);
      const slug = name.toLowerCase().replace(/_/g, "");
      await expectError(await fetch(`${portal.url}/lh/v2/town/${slug}`), 404);
    });
    it.each(names)("localityChildren with childrenUri /lh/v2/%s/milano answers 404", async (name) => {
      await expectError(
        await post(`${API}/smartsuggest/localityChildren`, { childrenUri: `/lh/v2/${name.replace(/_/g, "")}/milano` }),
        404,
        "childrenUri",
      );
    });
    it.each(names)("vendor file, category page and search filters named %s", async (name) => {
      expect((await fetch(`${portal.url}/vendor/maplibre-gl/6.17.0/${name}`)).status).toBe(404);
      expect((await fetch(`${portal.url}/vendita/residenziale/${name}/`, { redirect: "manual" })).status).toBeLessThan(500);
      for (const filters of [{ propertyTypeGroup: name }, { sortType: name }, { propertyTypes: [name] }, { [name]: 1 }]) {
        const res = await post(`${API}/search`, { filters });
        expect(res.status, JSON.stringify(filters)).toBe(400);
      }
      const form = await fetch(`${portal.url}/cerca/?${name}=1&sortType=${name}&propertyTypeGroup=${name}`, { redirect: "manual" });
      expect(form.status).toBeLessThan(500);
      for (const page of [
        `/vendita/case/milano/?${name}=1&sortType=${name}`,
        `/vendita/case/${name}/`,
        `/vendita/${name}/milano/`,
        `/immobili/${name}/`,
        `/annunci/${name}/`,
        `/media/listing/${name}/0.svg`,
      ]) {
        expect((await fetch(`${portal.url}${page}`, { redirect: "manual" })).status, page).toBeLessThan(500);
      }
    });
  });

  describe("requests refused before the router", () => {
    /** Sends raw HTTP/1.1 (fetch cannot send a malformed Host or TRACE) and returns the status line's code. */
    function raw(lines: string[]): Promise<{ status: number; text: string }> {
      return new Promise((resolve, reject) => {
        const socket = connect(portal.port, "127.0.0.1");
        let text = "";
        socket.on("data", (d) => (text += d.toString("latin1")));
        socket.on("end", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
        socket.on("error", reject);
        socket.write(`${lines.join("\r\n")}\r\nConnection: close\r\n\r\n`);
      });
    }
    it.each(["a b", "[::1", "x:99999", "a@b", ""])("Host %j answers 400", async (host) => {
      const res = await raw(["GET /vendita/case/milano/ HTTP/1.1", `Host: ${host}`]);
      expect(res.status).toBe(400);
    });
    it("a request with no Host answers 400", async () => {
      expect((await raw(["GET / HTTP/1.1"])).status).toBe(400);
    });
    it.each(["TRACE", "CONNECT", "PROPFIND"])("%s answers 405", async (method) => {
      const res = await raw([`${method} ${method === "CONNECT" ? "127.0.0.1:80" : "/"} HTTP/1.1`, "Host: localhost"]);
      expect(res.status).toBe(405);
      expect(res.text).toMatch(/allow: /i);
    });
    it("a normal Host with a port is served", async () => {
      expect((await raw(["GET /healthz HTTP/1.1", `Host: localhost:${portal.port}`])).status).toBe(200);
      expect((await raw(["GET /vendita/case/milano/ HTTP/1.1", "Host: [::1]:3000"])).status).toBe(200);
    });
  });

  describe("numbers and paths read strictly", () => {
    let id: number;
    let publisherId: number;
    beforeAll(async () => {
      const { listings } = (await (await post(`${API}/search`, { filters: { photo: true } })).json()) as {
        listings: Array<{ id: number; publisher: { publisherId: number; publisherType: string } }>;
      };
      id = listings[0]!.id;
      publisherId =
        listings.find((l) => l.publisher.publisherType === "agency")?.publisher.publisherId ?? listings[0]!.publisher.publisherId;
    });
    it("media ids are decimal digits only", async () => {
      expect((await fetch(`${portal.url}/media/listing/${id}/0.svg`)).status).toBe(200);
      for (const alias of [`${id}e0`, `0x${id.toString(16)}`, `${id}.0`, ` ${id}`, `+${id}`, `0${id}`]) {
        expect((await fetch(`${portal.url}/media/listing/${encodeURIComponent(alias)}/0.svg`)).status, alias).toBe(404);
      }
      expect((await fetch(`${portal.url}/media/publisher/${publisherId}/logo.svg`)).status).toBe(200);
      for (const alias of [`${publisherId}e0`, `0x${publisherId.toString(16)}`, `${publisherId}.0`, `0${publisherId}`]) {
        expect((await fetch(`${portal.url}/media/publisher/${encodeURIComponent(alias)}/logo.svg`)).status, alias).toBe(404);
      }
    });
    it("the listing page's back link never leaves the site after normalisation", async () => {
      for (const from of [
        "/x/..//vendita/case/milano/",
        "/vendita/../..//evil.example/",
        "/./vendita/..//x/",
        "/%2F/evil.example/vendita/",
      ]) {
        const html = await (await fetch(`${portal.url}/annunci/${id}/?from=${encodeURIComponent(from)}`)).text();
        expect(html, from).not.toMatch(/href="\/\/[^"]*"/);
      }
      const ok = await (await fetch(`${portal.url}/annunci/${id}/?from=${encodeURIComponent("/x/../vendita/case/milano/")}`)).text();
      expect(ok).toContain('href="/vendita/case/milano/"');
    });
  });

  describe("the search body's uri", () => {
    const total = async (body: unknown) => {
      const res = await post(`${API}/search/availableresults`, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      return ((await res.json()) as { total: number }).total;
    };
    it("is the search when no locations or filters are given", async () => {
      const italy = await total({});
      const milano = await total({ locations: [MILANO] });
      expect(milano).toBeLessThan(italy);
      expect(await total({ uri: "/vendita/case/milano/" })).toBe(milano);
      expect(await total({ uri: "/en/affitto/case/milano/?price_max=1500" })).toBe(
        await total({ locations: [MILANO], filters: { channel: "affitto", price_max: 1500 } }),
      );
      const search = (await (await post(`${API}/search`, { uri: "/vendita/case/milano/?page=2" })).json()) as {
        page: number;
        query: { places: string[] };
      };
      expect(search.page).toBe(2);
      expect(search.query.places).toEqual([MILANO]);
    });
    it("gives the map view to markers", async () => {
      const res = await post(`${API}/search-map/markers`, { uri: "/vendita/case/?geobounds=9.04,45.38,9.28,45.54" });
      expect(res.status).toBe(200);
      const byFilters = await post(`${API}/search-map/markers`, { filters: { geobounds: [9.04, 45.38, 9.28, 45.54] } });
      expect(((await res.json()) as { total: number }).total).toBe(((await byFilters.json()) as { total: number }).total);
    });
    it("agreeing with the locations and filters is accepted", async () => {
      expect(await total({ uri: "/vendita/case/milano/", locations: [MILANO] })).toBe(await total({ locations: [MILANO] }));
      // The current page's uri while asking for another page: the body's page wins.
      const next = (await (
        await post(`${API}/search`, { uri: "/vendita/case/milano/?page=2", locations: [MILANO], filters: { page: 3 } })
      ).json()) as { page: number };
      expect(next.page).toBe(3);
    });
    it("disagreeing with them, or naming no search, answers 400 naming uri", async () => {
      await expectError(await post(`${API}/search`, { uri: "/vendita/case/roma/", locations: [MILANO] }), 400, "uri");
      await expectError(await post(`${API}/search`, { uri: "/vendita/case/milano/", filters: { channel: "affitto" } }), 400, "uri");
      await expectError(await post(`${API}/search`, { uri: "/chi-siamo/" }), 400, "uri");
      await expectError(await post(`${API}/search`, { uri: "/vendita/case/nowhere-town/" }), 400, "uri");
    });
    it("mycasa/hiddentotal reads the search from its apireq's uri", async () => {
      const { listings } = (await (await post(`${API}/search`, { locations: [MILANO] })).json()) as { listings: Array<{ id: number }> };
      const ids = listings.slice(0, 3).map((l) => l.id);
      const res = await post(`${API}/mycasa/hiddentotal`, { userDiscardedAds: ids, apireq: { uri: "/vendita/case/roma/" } });
      expect(await res.json()).toMatchObject({ hiddenTotal: 0 });
      const same = await post(`${API}/mycasa/hiddentotal`, { userDiscardedAds: ids, apireq: { uri: "/vendita/case/milano/" } });
      expect(await same.json()).toMatchObject({ hiddenTotal: 3 });
    });
  });

  describe("inputs that were accepted and ignored", () => {
    it("includeSurrounding adds the nearby listings even when the results are many", async () => {
      const plain = (await (await post(`${API}/search`, { locations: [MILANO] })).json()) as { total: number; fillin: unknown };
      expect(plain.total).toBeGreaterThan(10);
      expect(plain.fillin).toBeNull();
      const around = (await (await post(`${API}/search`, { locations: [MILANO], filters: { includeSurrounding: true } })).json()) as {
        fillin: { total: number; listings: unknown[] } | null;
      };
      expect(around.fillin?.listings.length).toBeGreaterThan(0);
    });
    it("home refuses the fields it cannot use and localises what it can", async () => {
      for (const field of ["apireq", "baseUri", "domain"]) await expectError(await post(`${API}/home`, { [field]: "x" }), 400, field);
      const en = (await (await post(`${API}/home`, { locale: "en" })).json()) as { latest: Array<{ uri: string }> };
      expect(en.latest[0]!.uri).toMatch(/^\/en\/annunci\//);
    });
  });

  describe("bounded request bodies", () => {
    it("a streamed body past 64 KB answers 413 with Connection: close, memory stays flat, the next request works", async () => {
      const before = process.memoryUsage().rss;
      const chunk = Buffer.alloc(64 * 1024, "a");
      const total = 300 * 1024 * 1024;
      let sent = 0;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const { status, connection, body } = await new Promise<{ status: number; connection: string | undefined; body: string }>(
        (resolve, reject) => {
          const req = httpRequest(`${portal.url}${API}/search`, { method: "POST", headers: { "content-type": "application/json" } });
          req.on("response", (res) => {
            let text = "";
            res.on("data", (d) => (text += d));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
          });
          req.on("error", (error) => (sent >= total ? resolve({ status: 0, connection: undefined, body: "" }) : reject(error)));
          const pump = () => {
            while (sent < total) {
              sent += chunk.length;
              if (!req.write(chunk)) return void req.once("drain", pump);
            }
            req.end();
          };
          pump();
        },
      );
      clearInterval(sampler);
      expect(status).toBe(413);
      expect(connection).toBe("close");
      expect(JSON.parse(body).error.status).toBe(413);
      expect(sent).toBeLessThan(total);
      expect(peak - before).toBeLessThan(50 * 1024 * 1024);
      expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
      expect((await post(`${API}/search/availableresults`, {})).status).toBe(200);
    });
  });
});
