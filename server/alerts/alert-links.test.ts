import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ALERT_LINK_TTL_DAYS, alertLinkUrls, listUnsubscribeHeaders } from "../../core/alerts/alert-links.ts";
import { signSessionToken } from "../../app/account/tokens.server.ts";
import { AlertLinks } from "./alert-links.ts";

const DAY = 86_400_000;

describe("alert mail links", () => {
  const key = randomBytes(32);
  let now = Date.UTC(2026, 10, 26, 12);
  const links = new AlertLinks(key, () => now);

  it("reads back what it signed, each link with its own id", () => {
    const a = links.sign(7, 42, "mail");
    const b = links.sign(7, 42, "mail");
    expect(links.read(a)).toEqual({ u: 7, s: 42, c: "mail", j: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), exp: expect.any(Number) });
    expect(links.read(a)!.j).not.toBe(links.read(b)!.j);
  });

  it("refuses forged, altered, foreign-key, session and expired tokens", () => {
    const token = links.sign(7, 42, "mail");
    const [body, sig] = token.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as Record<string, unknown>;
    const otherUser = Buffer.from(JSON.stringify({ ...claims, u: 8 })).toString("base64url");
    expect(links.read(`${otherUser}.${sig}`)).toBeNull();
    expect(links.read(`${body}.${sig.slice(0, -2)}xx`)).toBeNull();
    expect(new AlertLinks(randomBytes(32), () => now).read(token)).toBeNull();
    expect(links.read(signSessionToken({ uid: 7, exp: now / 1000 + 60 } as never, key))).toBeNull();
    expect(links.read("")).toBeNull();
    expect(links.read("not a token")).toBeNull();
    now += (ALERT_LINK_TTL_DAYS - 1) * DAY;
    expect(links.read(token)).not.toBeNull();
    now += 2 * DAY;
    expect(links.read(token)).toBeNull();
  });

  it("makes the mail's links and its RFC 8058 headers", () => {
    const urls = alertLinkUrls("https://casa.example", "a.b", "en", (p, l) => (l === "en" ? `/en${p}` : p));
    expect(urls).toEqual({
      deactivate: "https://casa.example/en/deactivation-alerts/?t=a.b",
      manage: "https://casa.example/en/deactivation-alerts/manage-consents/?t=a.b",
      remove: "https://casa.example/en/remove-mail-and-consents/?t=a.b",
      oneClick: "https://casa.example/deactivation-alerts/one-click?t=a.b",
    });
    expect(listUnsubscribeHeaders(urls.oneClick)).toEqual({
      "List-Unsubscribe": "<https://casa.example/deactivation-alerts/one-click?t=a.b>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});
