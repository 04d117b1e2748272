import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { FeedFetchError, fetchFeed, fetchPhoto, isPublicAddress, refusedAddress } from "./feed-fetch.ts";

describe("feed addresses the portal may fetch", () => {
  it("tells public addresses from private, loopback, link-local and reserved ones, IPv4 and IPv6", () => {
    for (const address of ["8.8.8.8", "151.101.1.69", "2a00:1450:4002:402::200e", "2001:4860:4860::8888"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("refuses other schemes, special addresses written out and local names before any request", () => {
    expect(refusedAddress(new URL("ftp://example.com/feed.xml"), false)).toBe("only http and https addresses");
    expect(refusedAddress(new URL("http://169.254.169.254/latest/meta-data/"), false)).toBe("a private or reserved address");
    expect(refusedAddress(new URL("http://[::1]:8080/feed"), false)).toBe("a private or reserved address");
    expect(refusedAddress(new URL("http://localhost:3000/feed"), false)).toBe("a local name");
    expect(refusedAddress(new URL("https://feeds.agenzia.example/casa.xml"), false)).toBeNull();
    expect(refusedAddress(new URL("http://127.0.0.1:3000/feed"), true)).toBeNull();
  });

  it("does not fetch from a server on loopback unless allowed", async () => {
    const server = createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/xml" }).end("<feed/>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      await expect(fetchFeed(`${origin}/feed.xml`, { allowPrivate: false, timeoutMs: 5000 })).rejects.toThrow(FeedFetchError);
      const allowed = await fetchFeed(`${origin}/feed.xml`, { allowPrivate: true, timeoutMs: 5000 });
      expect(await new Response(allowed.body).text()).toBe("<feed/>");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("fetches a feed's photo under the same rules: loopback refused unless allowed, a byte cap, the server's status", async () => {
    const bytes = Buffer.alloc(2048, 7);
    const seen: Array<[string | undefined, string | undefined]> = [];
    const server = createServer((req, res) => {
      if (req.url === "/a.jpg") {
        // A crawler's conditional request: the same ETag is a 304 with no body.
        if (req.headers["if-none-match"] === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
        seen.push([req.headers["if-none-match"], req.headers["if-modified-since"]]);
        return void res
          .writeHead(200, { "content-type": "image/jpeg", etag: '"v1"', "last-modified": "Tue, 24 Nov 2026 10:00:00 GMT" })
          .end(bytes);
      }
      if (req.url === "/to-loopback") return void res.writeHead(302, { location: "/a.jpg" }).end();
      if (req.url === "/304") return void res.writeHead(304).end();
      if (req.url === "/chunked") {
        // No declared length: the cap is counted as the body arrives.
        res.writeHead(200, { "content-type": "image/jpeg" });
        res.write(bytes);
        return void res.end(bytes);
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const reason = (p: Promise<unknown>) =>
      p.then(
        () => "fetched",
        (e: unknown) => (e instanceof FeedFetchError ? e.reason : String(e)),
      );
    try {
      const o = { allowPrivate: false, timeoutMs: 5000, maxBytes: 4096 };
      expect(await reason(fetchPhoto(`${origin}/a.jpg`, o))).toBe("refused");
      expect(await reason(fetchPhoto("http://169.254.169.254/latest/meta-data/", o))).toBe("refused");
      expect(await reason(fetchPhoto("http://localhost:1/a.jpg", o))).toBe("refused");
      const allowed = { ...o, allowPrivate: true };
      const fetched = await fetchPhoto(`${origin}/to-loopback`, allowed);
      expect(fetched).toEqual({ bytes, etag: '"v1"', lastModified: "Tue, 24 Nov 2026 10:00:00 GMT" });
      // Asked again with what the server said (through the redirect too): not modified; another ETag: the file again.
      const validators = { etag: '"v1"', lastModified: "Tue, 24 Nov 2026 10:00:00 GMT" };
      expect(await fetchPhoto(`${origin}/to-loopback`, { ...allowed, validators })).toBe("not-modified");
      expect(await fetchPhoto(`${origin}/a.jpg`, { ...allowed, validators: { ...validators, etag: '"v0"' } })).toMatchObject({ bytes });
      expect(seen).toEqual([
        [undefined, undefined],
        ['"v0"', "Tue, 24 Nov 2026 10:00:00 GMT"],
      ]);
      // A 304 never answers a request that asked nothing conditional.
      expect(await reason(fetchPhoto(`${origin}/304`, allowed))).toBe("http-304");
      expect(await reason(fetchPhoto(`${origin}/a.jpg`, { ...allowed, maxBytes: 1000 }))).toBe("too-large");
      expect(await reason(fetchPhoto(`${origin}/chunked`, { ...allowed, maxBytes: 3000 }))).toBe("too-large");
      expect(await reason(fetchPhoto(`${origin}/missing.jpg`, allowed))).toBe("http-404");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
