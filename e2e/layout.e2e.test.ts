/**
 * Layout on phones, tablets and desktops (issue 21 §9, §10; issue 27 §6): every page type at 360, 390, 768 and
 * 1366 px is no wider than the screen (the logged-in header once pushed every page to 417 px and cut 'Esci' off),
 * shows no button in the browser's default look and no control whose class has no CSS (the contact 'Invia' had
 * one), logged out and logged in; the contact form's 'Invia' is styled like 'Chiama' beside it. One browser, each
 * page loaded once per kind of device and measured at each of its widths.
 */
import { type Kysely, sql } from "kysely";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { Database } from "../db/schema.ts";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser } from "../test/users.ts";
import { DESKTOP, type Device, hydrated, it, PHONE, SMALL_PHONE } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let db: Kysely<Database>;
let listing: { id: number };
let agencyPath: string;
let agentProPath: string | null;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  db = portal.database.db as unknown as Kysely<Database>;
  // A listing of an agency that shows its phone: its contact form has 'Chiama' beside 'Invia'.
  const l = await sql<{ id: number; publisher: number; slug: string }>`
    SELECT l.id::int AS id, p.id::int AS publisher, p.slug FROM listings l JOIN publishers p ON p.id = l.publisher_id
    WHERE p.kind = 'agency' AND p.email IS NOT NULL AND p.show_phone_number AND NOT l.is_auction AND l.agent_id IS NULL
    ORDER BY l.id LIMIT 1`.execute(db);
  listing = { id: l.rows[0]!.id };
  agencyPath = `/agenzie/${l.rows[0]!.publisher}-${l.rows[0]!.slug}/`;
  const pro = await sql<{ id: number; slug: string }>`
    SELECT id::int AS id, slug FROM publishers WHERE kind = 'agent' AND is_agent_pro ORDER BY id LIMIT 1`.execute(db);
  agentProPath = pro.rows[0] ? `/agenti/${pro.rows[0].id}-${pro.rows[0].slug}/` : null;
});
afterAll(async () => {
  await portal?.stop();
});

/** One page of each kind a visitor or a user reaches (app/routes.ts), and an English twin of the main ones. */
function walk(): string[] {
  return [
    "/",
    "/vendita/case/milano/",
    "/vendita/case/milano/mappa/",
    `/annunci/${listing.id}/`,
    agencyPath,
    `${agencyPath}agenti/`,
    ...(agentProPath ? [agentProPath] : []),
    "/trova-agenzia/",
    "/preferiti/",
    "/mycasa/",
    "/mycasa/nascosti/",
    "/mycasa/indirizzi/",
    "/mycasa/cronologia/",
    "/mycasa/ricerche/",
    "/accedi/",
    "/accedi/codice/",
    "/registrati/",
    "/password-dimenticata/",
    "/valutazione-immobile/",
    `/contatta/?annuncio=${listing.id}`,
    `/telefono/?annuncio=${listing.id}`,
    "/immobili/lombardia/",
    "/immobili/lombardia/milano/",
    "/come-ordiniamo-i-risultati/",
    "/cerca-intorno-a-te/",
    "/cerca-casa/",
    "/preferenze-cookie/",
    "/pagina-che-non-esiste/",
    "/en/",
    "/en/vendita/case/milano/",
    `/en/annunci/${listing.id}/`,
  ];
}

async function logIn(page: Page, email: string): Promise<void> {
  const user = await createTestUser(db, email, "Segreta123", "Mariangela Bevilacqua");
  await page.goto(`${portal.url}/accedi/`);
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect.poll(() => page.getByTestId("site-user-name").count()).toBe(1);
}

/** Computed properties that tell a styled button from the browser's own. */
const BUTTON_LOOK = [
  "backgroundColor",
  "borderTopColor",
  "borderTopStyle",
  "borderTopWidth",
  "borderTopLeftRadius",
  "paddingTop",
  "paddingLeft",
] as const;

/** How this browser draws a <button> no CSS touches, on a blank page of the same device. */
async function defaultButtonLook(page: Page): Promise<Record<string, string>> {
  const blank = await page.context().newPage();
  await blank.setContent("<button>x</button>");
  const look = await blank.locator("button").evaluate((b, props) => {
    const s = getComputedStyle(b) as unknown as Record<string, string>;
    return Object.fromEntries(props.map((p) => [p, s[p]!]));
  }, BUTTON_LOOK);
  await blank.close();
  return look;
}

/**
 * What is wrong with the page as it is now at this width: wider than the screen (on a phone the browser widens its
 * layout viewport to a page that is too wide and zooms out, so both are compared with the screen), a visible button
 * in the browser's default look, a control (button, link, field) carrying a class no stylesheet of the page names.
 */
async function layoutProblems(page: Page, path: string, width: number, defaults: Record<string, string>): Promise<string[]> {
  const found = await page.evaluate(
    ({ defaults, props, width }) => {
      const problems: string[] = [];
      const scroll = document.documentElement.scrollWidth;
      if (scroll > window.innerWidth || window.innerWidth > width) problems.push(`${scroll} px wide in ${window.innerWidth}`);
      const name = (el: Element) =>
        `<${el.tagName.toLowerCase()} class="${el.getAttribute("class")}"> ${(el.textContent ?? "").trim().slice(0, 30)}`;
      for (const b of document.querySelectorAll("button, input[type=submit], input[type=button]")) {
        if (!b.checkVisibility({ visibilityProperty: true }) || b.getBoundingClientRect().width === 0) continue;
        const s = getComputedStyle(b) as unknown as Record<string, string>;
        if (props.every((p) => s[p] === defaults[p])) problems.push(`unstyled button ${name(b)}`);
      }
      const styled = new Set<string>();
      const read = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule) for (const m of rule.selectorText.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) styled.add(m[1]!);
          if ("cssRules" in rule && rule.cssRules) read(rule.cssRules as CSSRuleList);
        }
      };
      for (const sheet of document.styleSheets) read(sheet.cssRules);
      for (const el of document.querySelectorAll("button[class], a[class], input[class], select[class], textarea[class], summary[class]")) {
        const missing = [...el.classList].filter((c) => !styled.has(c));
        if (missing.length > 0) problems.push(`no CSS for .${missing.join(", .")} on ${name(el)}`);
      }
      return problems;
    },
    { defaults, props: BUTTON_LOOK, width },
  );
  return found.map((problem) => `${path} at ${width} px: ${problem}`);
}

/** Walks every page once on this device and measures it at each width (the screen resized, the page kept). */
async function walkProblems(page: Page, widths: number[]): Promise<string[]> {
  const defaults = await defaultButtonLook(page);
  const problems: string[] = [];
  for (const path of walk()) {
    await page.setViewportSize({ width: widths[0]!, height: 844 });
    await page.goto(`${portal.url}${path}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 });
      problems.push(...(await layoutProblems(page, path, width, defaults)));
    }
  }
  return problems;
}

describe("every page type fits the screen and has no unstyled control", () => {
  it("at 360, 390 and 768 px on touch devices and at 1366 px on a desktop, logged out", async ({ openPage }) => {
    const touch = await openPage(SMALL_PHONE);
    const desktop = await openPage(DESKTOP);
    expect([...(await walkProblems(touch, [360, 390, 768])), ...(await walkProblems(desktop, [1366]))]).toEqual([]);
  }, 600_000);

  it("at 360 and 390 px logged in, with 'Esci' on the screen", async ({ openPage }) => {
    const page = await openPage(SMALL_PHONE);
    await logIn(page, "larghezza@casa.example");
    expect(await walkProblems(page, [360, 390])).toEqual([]);
    for (const device of [SMALL_PHONE, PHONE]) {
      await page.setViewportSize(device.viewport);
      await page.goto(`${portal.url}/`);
      const logout = await page.getByRole("button", { name: "Esci" }).boundingBox();
      expect(logout!.x).toBeGreaterThanOrEqual(0);
      expect(logout!.x + logout!.width).toBeLessThanOrEqual(device.viewport.width);
    }
  }, 600_000);
});

/** What tells a styled button from the browser's default one. */
function looks(page: Page, name: string, scope: string) {
  return page
    .locator(scope)
    .getByRole("button", { name, exact: true })
    .evaluate((button) => {
      const s = getComputedStyle(button);
      const box = button.getBoundingClientRect();
      return { className: button.className, background: s.backgroundColor, radius: s.borderRadius, height: Math.round(box.height) };
    });
}

describe("the contact form's 'Invia' is styled like 'Chiama'", () => {
  for (const [name, device] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as Array<[string, Device]>) {
    it(`in the listing's contact modal and on /contatta/, on a ${name}`, async ({ openPage }) => {
      const page = await openPage(device);
      await page.goto(`${portal.url}/annunci/${listing.id}/`);
      const contact = page.getByTestId("contact-button");
      await hydrated(contact);
      await contact.click();
      await expect.poll(() => page.getByTestId("lead-form").isVisible()).toBe(true);
      const send = await looks(page, "Invia", "[data-testid=lead-form]");
      const call = await looks(page, "Chiama", "[data-testid=lead-form]");
      expect(send).toEqual({ className: "primary-button", background: "rgb(11, 110, 79)", radius: "6px", height: call.height });
      expect(call).toMatchObject({ className: "secondary-button", background: "rgb(255, 255, 255)", radius: "6px" });
      expect(send.height).toBeGreaterThanOrEqual(44);

      await page.goto(`${portal.url}/contatta/?annuncio=${listing.id}`);
      expect(await looks(page, "Invia", "form.contact-form")).toEqual(send);
    });
  }
});
