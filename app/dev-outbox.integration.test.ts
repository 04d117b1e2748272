/**
 * The development outbox /sviluppo/posta/ holds every account's login codes and reset links (docs/decisions/074):
 * a 404 unless DEV_OUTBOX=on, and then only for a connection whose TCP peer is this machine; a forged
 * X-Forwarded-For through TRUST_PROXY never gets in. The non-loopback peer is this machine reached on its
 * network address (the portal listens on every interface), so the socket's address is not 127.0.0.1.
 */
import { request } from "node:http";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTexts } from "./i18n/account.ts";
import { startTestPortal } from "../test/portal.ts";

type Portal = Awaited<ReturnType<typeof startTestPortal>>;
const OUTBOX = "/sviluppo/posta/";

/** This machine's first non-loopback IPv4 address: connecting to it makes the peer address non-loopback. */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a !== undefined && a.family === "IPv4" && !a.internal)?.address;
  if (!address) throw new Error("this test needs a network interface besides loopback");
  return address;
}

/** GET over plain node:http (fetch would not send our own X-Forwarded-For unchanged on every runtime). */
function get(host: string, port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path, headers: { accept: "text/html", ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the development outbox", () => {
  let off: Portal;
  let on: Portal;
  beforeAll(async () => {
    // No SMTP_URL in either: mail goes to the outbox table; only DEV_OUTBOX decides whether the page exists.
    off = await startTestPortal({ url: undefined, dataDir: "memory://" }, { env: { TRUST_PROXY: "1" } });
    on = await startTestPortal({ url: undefined, dataDir: "memory://" }, { env: { DEV_OUTBOX: "on", TRUST_PROXY: "1", HOST: "0.0.0.0" } });
  });
  afterAll(async () => {
    await off?.stop();
    await on?.stop();
  });

  it("is a 404 when DEV_OUTBOX is not on, also from this machine", async () => {
    expect((await get("127.0.0.1", off.port, OUTBOX)).status).toBe(404);
    expect((await get("127.0.0.1", off.port, OUTBOX, { "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
  });

  it("with DEV_OUTBOX=on, lists the mail to a connection from this machine", async () => {
    const page = await get("127.0.0.1", on.port, OUTBOX);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<h1>${accountTexts.it.outboxTitle}</h1>`);
  });

  it("with DEV_OUTBOX=on, refuses a peer that is not loopback even with a forged X-Forwarded-For through TRUST_PROXY", async () => {
    const address = networkAddress();
    expect((await get(address, on.port, OUTBOX)).status).toBe(404);
    expect((await get(address, on.port, OUTBOX, { "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
    expect((await get(address, on.port, OUTBOX, { "x-forwarded-for": "::1", forwarded: "for=127.0.0.1" })).status).toBe(404);
    // The same portal answers that peer otherwise: the 404 is the outbox's, not an unreachable server's.
    expect((await get(address, on.port, "/")).status).toBe(200);
  });

  it("with DEV_OUTBOX=on, refuses what a proxy on this machine forwards (every visitor would be loopback)", async () => {
    expect((await get("127.0.0.1", on.port, OUTBOX, { "x-forwarded-for": "203.0.113.9" })).status).toBe(404);
  });
});
