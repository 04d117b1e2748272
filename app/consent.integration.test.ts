/**
 * The cookie choice over HTTP (issue 25 item 3, docs/decisions/089): the banner on a first visit, none once
 * the choice is made, a forged or expired value counted as no choice, the form endpoint's answers (303 back
 * without JavaScript, JSON for the banner's script, 4xx for bad input and other sites) and the choice
 * recorded with a logged-in user's consents.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_MAX_AGE_S } from "../core/consent/cookie-consent.ts";
import { findConsents } from "../db/users.ts";
import { CookieClient } from "../test/http-client.ts";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser, loggedInClient } from "../test/users.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" }, { env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await portal?.stop();
});

const BANNER = 'aria-labelledby="cookie-banner-title"';
const html = { accept: "text/html" };
const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

async function pageHtml(cookie?: string, path = "/"): Promise<string> {
  const res = await fetch(`${portal.url}${path}`, { headers: { ...html, ...(cookie ? { cookie } : {}) } });
  expect(res.status).toBe(200);
  return res.text();
}

describe("cookie consent", () => {
  it("shows the banner until a valid choice is in the cookie; forged, future or expired values are no choice", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await pageHtml()).toContain(BANNER);
    expect(await pageHtml(`casa_consent=1.00.${now}`)).not.toContain(BANNER);
    expect(await pageHtml(`casa_consent=1.11.${now}`, "/en/")).not.toContain(BANNER);
    for (const forged of ["yes", "1.21.1764150000", `1.11.${now + 86_400}`, `1.11.${now - CONSENT_MAX_AGE_S}`, "%E0%A4%A"])
      expect(await pageHtml(`casa_consent=${forged}`), forged).toContain(BANNER);
    // The footer links to the preferences page in both languages, and that page answers in both.
    expect(await pageHtml()).toContain('href="/preferenze-cookie/"');
    expect(await pageHtml(undefined, "/en/")).toContain('href="/en/preferenze-cookie/"');
    expect(await pageHtml(undefined, "/en/preferenze-cookie/")).toContain("<h1>Cookie preferences</h1>");
  });

  it("sets the choice and goes back without JavaScript, answers JSON to the banner's script", async () => {
    const c = new CookieClient(portal.url);
    const back = await c.request("/consenso-cookie", form({ scelta: "rifiuta", ritorno: "/vendita/case/milano/?prezzoMassimo=200000" }));
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/vendita/case/milano/?prezzoMassimo=200000");
    const set = back.headers.getSetCookie().find((l) => l.startsWith("casa_consent="))!;
    expect(set).toMatch(/^casa_consent=1\.00\.\d{10}; Path=\/; Max-Age=15811200; HttpOnly; SameSite=Lax$/);
    expect(await pageHtml(c.cookieHeader())).not.toContain(BANNER);

    const js = await c.request("/consenso-cookie", {
      ...form({ scelta: "personalizza", statistiche: "on" }),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    });
    expect(js.status).toBe(200);
    expect(await js.json()).toMatchObject({ consent: { statistiche: true, profilazione: false } });
    expect(c.jar.get("casa_consent")).toMatch(/^1\.10\./);
  });

  it("refuses bad input with a 4xx and never sends the browser to another site", async () => {
    const c = new CookieClient(portal.url);
    const bad = await c.request("/consenso-cookie", form({ scelta: "forse" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { status: 400, message: "Scelta non valida: accetta, rifiuta o personalizza.", field: "scelta" },
    });
    expect(c.jar.has("casa_consent")).toBe(false);
    const away = await c.request("/consenso-cookie", form({ scelta: "accetta", ritorno: "//evil.example/" }));
    expect(away.headers.get("location")).toBe("/");
    const crossSite = await new CookieClient(portal.url, "https://evil.example").request("/consenso-cookie", form({ scelta: "accetta" }));
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);
  });

  it("records a logged-in user's choice with their consents", async () => {
    const user = await createTestUser(portal.database.db, "consenso@casa.example");
    const c = await loggedInClient(portal.url, user);
    expect((await c.request("/consenso-cookie", form({ scelta: "accetta" }))).status).toBe(303);
    expect(await findConsents(portal.database.db, user.id)).toEqual({
      privacy: true,
      marketing: false,
      "cookie-statistiche": true,
      "cookie-profilazione": true,
    });
    expect((await c.request("/consenso-cookie", form({ scelta: "rifiuta" }))).status).toBe(303);
    expect(await findConsents(portal.database.db, user.id)).toMatchObject({ "cookie-statistiche": false, "cookie-profilazione": false });
  });
});
