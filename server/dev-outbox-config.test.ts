/** DEV_OUTBOX (docs/decisions/074): off unless asked for, refused in production, and shown only to this machine's own connections. */
import { describe, expect, it } from "vitest";
import { isLoopbackPeer, mayReadDevOutbox } from "../app/account/dev-outbox.server.ts";
import { ConfigError, demoStartTurnsOutboxOn, loadConfig } from "./config.ts";

describe("DEV_OUTBOX", () => {
  it("is off unless set, also when no SMTP_URL is set", () => {
    expect(loadConfig({}).DEV_OUTBOX).toBe("off");
    expect(loadConfig({ DEV_OUTBOX: "" }).DEV_OUTBOX).toBe("off");
    expect(loadConfig({ DEV_OUTBOX: "on" }).DEV_OUTBOX).toBe("on");
    expect(() => loadConfig({ DEV_OUTBOX: "yes" })).toThrow(/DEV_OUTBOX/);
  });

  it("refuses to start with an https PUBLIC_URL or NODE_ENV=production", () => {
    expect(() => loadConfig({ DEV_OUTBOX: "on", PUBLIC_URL: "https://casa.example" })).toThrow(ConfigError);
    expect(() => loadConfig({ DEV_OUTBOX: "on", NODE_ENV: "production" })).toThrow(/DEV_OUTBOX: .*NODE_ENV=production/);
    expect(loadConfig({ DEV_OUTBOX: "off", NODE_ENV: "production", PUBLIC_URL: "https://casa.example" }).DEV_OUTBOX).toBe("off");
    expect(loadConfig({ DEV_OUTBOX: "on", PUBLIC_URL: "http://casa.test:8080" }).DEV_OUTBOX).toBe("on");
    // The NODE_ENV that `npm start` gives React when none was set declares nothing.
    expect(loadConfig({ DEV_OUTBOX: "on", NODE_ENV: "production", NODE_ENV_DEFAULTED: "1" }).DEV_OUTBOX).toBe("on");
  });

  it("is turned on by the demo start only when the operator left it unset and is not in production", () => {
    expect(demoStartTurnsOutboxOn({})).toBe(true);
    expect(demoStartTurnsOutboxOn({ NODE_ENV: "development", PUBLIC_URL: "http://localhost:3000" })).toBe(true);
    expect(demoStartTurnsOutboxOn({ DEV_OUTBOX: "off" })).toBe(false);
    expect(demoStartTurnsOutboxOn({ NODE_ENV: "production" })).toBe(false);
    expect(demoStartTurnsOutboxOn({ PUBLIC_URL: "https://casa.example" })).toBe(false);
  });
});

describe("who may read the development outbox", () => {
  const none = new Headers();
  it.each([
    ["127.0.0.1", true],
    ["127.10.0.3", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["192.0.2.2", false],
    ["::ffff:192.0.2.2", false],
    ["fd00::2", false],
    ["127.0.0.1.evil.example", false],
    ["", false],
    [undefined, false],
  ])("judges the TCP peer %s: loopback %s", (address, loopback) => {
    expect(isLoopbackPeer(address)).toBe(loopback);
    expect(mayReadDevOutbox(address, none)).toBe(loopback);
  });

  it("never lets forwarded headers in, and keeps out what came through a proxy", () => {
    const forged = new Headers({ "x-forwarded-for": "127.0.0.1" });
    expect(mayReadDevOutbox("192.0.2.2", forged)).toBe(false);
    expect(mayReadDevOutbox("192.0.2.2", new Headers({ forwarded: "for=127.0.0.1" }))).toBe(false);
    // A proxy on this machine connects from loopback for every visitor.
    expect(mayReadDevOutbox("127.0.0.1", new Headers({ "x-forwarded-for": "203.0.113.9" }))).toBe(false);
    expect(mayReadDevOutbox("127.0.0.1", new Headers({ forwarded: "for=203.0.113.9" }))).toBe(false);
  });
});
