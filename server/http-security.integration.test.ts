/**
 * Security headers on every kind of response, CSP nonces on React Router's inline scripts, links
 * that ignore a forged Host header, and request ids accepted only in a strict format (issue 8 items
 * 2 and 3, issue 14 §4).
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPortal } from "../test/portal.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
const PUBLIC_URL = "https://casa.example";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, because fetch does not let a client choose the Host header. */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const url = new URL(path, portal.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const nonceOf = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
let listingPath = "";
let assetPath = "";

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" }, { env: { PUBLIC_URL } });
  const results = await send("/vendita/case/milano/");
  listingPath = /href="(\/annunci\/\d+\/)/.exec(results.body)![1]!;
  assetPath = /(\/assets\/[^"]+\.js)"/.exec(results.body)![1]!;
});
afterAll(async () => {
  await portal?.stop();
});

describe("security headers", () => {
  it("are on pages, JSON, assets, vendor files, probes and errors", async () => {
    const answers: Array<[string, Answer]> = [
      ["home", await send("/")],
      ["results", await send("/vendita/case/milano/")],
      ["listing", await send(listingPath)],
      ["not found", await send("/non-esiste/")],
      ["json", await send("/portal-srp/api/v1/search", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })],
      ["asset", await send(assetPath)],
      ["vendor", await send("/vendor/maplibre-gl/6.17.0/maplibre-gl.css")],
      ["healthz", await send("/healthz")],
      ["readyz", await send("/readyz")],
    ];
    for (const [kind, answer] of answers) {
      const h = answer.headers;
      expect(answer.status, kind).toBeLessThan(500);
      expect(h["content-security-policy"], kind).toMatch(/frame-ancestors 'none'/);
      expect(h["content-security-policy"], kind).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{22,}'/);
      expect(h["content-security-policy"], kind).toMatch(/style-src 'self'(;|$)/);
      expect(h["content-security-policy"], kind).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(h["x-content-type-options"], kind).toBe("nosniff");
      expect(h["referrer-policy"], kind).toBe("strict-origin-when-cross-origin");
      expect(h["permissions-policy"], kind).toMatch(/geolocation=\(self\)/);
      expect(h["strict-transport-security"], kind).toMatch(/^max-age=\d{7,}/); // PUBLIC_URL is https
    }
  });

  it("sends HTML as UTF-8, with the response's nonce on every inline script and none on others", async () => {
    for (const path of ["/", "/vendita/case/milano/", listingPath, "/non-esiste/", "/en/"]) {
      const answer = await send(path);
      expect(answer.headers["content-type"], path).toBe("text/html; charset=utf-8");
      const nonce = nonceOf(answer)!;
      const scripts = [...answer.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      const executable = scripts.filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
      expect(executable.length, path).toBeGreaterThan(0);
      for (const attrs of executable) expect(attrs, path).toContain(`nonce="${nonce}"`);
      // No style attribute anywhere: the CSP allows none.
      expect(answer.body, path).not.toMatch(/<[a-z][^>]*\sstyle="/i);
    }
    const [a, b] = [nonceOf(await send("/")), nonceOf(await send("/"))];
    expect(a).not.toBe(b);
  });
});

describe("links follow PUBLIC_URL, never the Host header", () => {
  it("renders the same page for a forged Host", async () => {
    for (const path of ["/", "/?tab=affitto", "/vendita/case/milano/", listingPath, "/en/vendita/case/milano/"]) {
      const honest = await send(path, { headers: { host: "casa.example" } });
      const forged = await send(path, {
        headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
      });
      expect(forged.status, path).toBe(honest.status);
      const strip = (a: Answer) => a.body.replaceAll(nonceOf(a)!, "NONCE");
      expect(strip(forged), path).toBe(strip(honest));
      expect(forged.body, path).not.toContain("evil.example");
      expect(forged.body, path).toMatch(/<link rel="canonical" href="https:\/\/casa\.example\//);
    }
    const listing = await send(listingPath, { headers: { host: "evil.example" } });
    const jsonLd = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(listing.body)![1]!;
    expect(jsonLd).toContain(`https://casa.example${listingPath}`);
  });
});

describe("X-Request-Id", () => {
  it("echoes a client's id only in the strict format, else makes a fresh UUID", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect((await send("/healthz", { headers: { "x-request-id": "edge-7f3a.9_B" } })).headers["x-request-id"]).toBe("edge-7f3a.9_B");
    for (const hostile of ["short", "has space inside", "x".repeat(65), "<script>alert(1)</script>", "id;drop=1&a=b"]) {
      const id = (await send("/healthz", { headers: { "x-request-id": hostile } })).headers["x-request-id"];
      expect(id, hostile).toMatch(uuid);
    }
    expect((await send("/healthz")).headers["x-request-id"]).toMatch(uuid);
  });
});
