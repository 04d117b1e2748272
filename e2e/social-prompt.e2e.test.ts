/**
 * The social login prompt of the home and results pages (seed 001 §2, docs/decisions/069), with Google
 * configured against a local OpenID Connect provider (oidc-provider). The consent wait runs on the
 * browser's clock, which the test holds (Playwright's clock) instead of sleeping five seconds.
 */
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { SOCIAL_PROMPT_DISMISS_MS, SOCIAL_PROMPT_WAIT_MS } from "../core/account/social-prompt.ts";
import { freePort, startOidcProvider } from "../test/oidc-provider.ts";
import { startTestPortal } from "../test/portal.ts";
import { FIRST_VISIT, it, PHONE, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  const port = await freePort();
  idp = await startOidcProvider({
    clients: [
      {
        clientId: "casa-test",
        clientSecret: "casa-test-secret-0123456789",
        redirectUris: [`http://localhost:${port}/client-account/api/v1/social/google/callback`],
      },
    ],
    accounts: { sara: { email: "sara@gmail.example", name: "Sara Neri" } },
  });
  portal = await startTestPortal(
    { url: undefined, dataDir: "memory://" },
    {
      env: {
        PORT: String(port),
        GOOGLE_CLIENT_ID: "casa-test",
        GOOGLE_CLIENT_SECRET: "casa-test-secret-0123456789",
        GOOGLE_ISSUER: idp.issuer,
      },
    },
  );
});
afterAll(async () => {
  await portal?.stop();
  await idp?.close();
});

const START = new Date("2026-11-23T10:00:00+01:00").getTime();

/**
 * A page whose clock stands still from the start: the prompt's timer fires only when the test moves the
 * clock on, however slowly the machine loads the page.
 */
async function holdClock(page: Page): Promise<Page> {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1000);
  return page;
}

/** Opens a page and waits until React has hydrated it (the header's login link then has React's props). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${portal.url}${path}`);
  await page.waitForFunction(() => {
    const link = document.querySelector(".site-user a");
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
}

const prompt = (page: Page) => page.getByRole("dialog", { name: "Accedi in un attimo" });

/** Milliseconds since the page loaded, on the page's (held) clock: what the prompt's wait is counted from. */
const sinceLoad = (page: Page) => page.evaluate(() => performance.now());

/** What the prompt's rule decided on this page view (app/ui/social-prompt-host.tsx): waiting, hidden or shown. */
const decision = (page: Page) => page.locator("body").getAttribute("data-social-prompt");

/** Moves the page's clock just past the consent wait, firing the prompt's timer; the rule then decides. */
async function waitOver(page: Page): Promise<void> {
  await page.clock.runFor(Math.max(0, SOCIAL_PROMPT_WAIT_MS - (await sinceLoad(page))) + 100);
}

/** Waits for what the page shows next (the card, the login modal), moving the held clock along. */
async function untilVisible(page: Page, what: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(100);
        return what.isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** No card: the rule has decided against it (or, before the wait is over, is still waiting). */
async function expectNoPrompt(page: Page, because?: string, state: "hidden" | "waiting" = "hidden"): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(100);
        return decision(page);
      },
      { timeout: 15_000, message: because },
    )
    .toBe(state);
  expect(await prompt(page).count(), because).toBe(0);
}

describe("the social login prompt", () => {
  it("on a first visit waits for the cookie banner's answer, then appears (decision 089)", async ({ openPage }) => {
    const page = await holdClock(await openPage(FIRST_VISIT));
    await open(page, "/");
    await waitOver(page);
    await expectNoPrompt(page, "the cookie banner has not been answered");
    await page.getByRole("button", { name: "Rifiuta", exact: true }).click();
    await untilVisible(page, prompt(page));
    expect(await page.getByRole("region", { name: "Cookie e privacy" }).count()).toBe(0);
  });

  it("appears on the home page after the consent wait, logs in with Google, and does not come back", async ({ page: fresh }) => {
    const page = await holdClock(fresh);
    await open(page, "/");
    // A second and a half before the wait is over: no card yet.
    await page.clock.runFor(SOCIAL_PROMPT_WAIT_MS - (await sinceLoad(page)) - 1500);
    await expectNoPrompt(page, "the wait is not over", "waiting");
    expect(await sinceLoad(page)).toBeLessThan(SOCIAL_PROMPT_WAIT_MS);

    await waitOver(page);
    await untilVisible(page, prompt(page));
    expect(await prompt(page).getAttribute("aria-modal")).toBe("false");
    // It does not take the focus from the page, and offers only the configured provider.
    expect(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") ?? null)).toBeNull();
    expect(await prompt(page).getByRole("link", { name: "Continua con Google" }).count()).toBe(1);
    expect(
      await prompt(page)
        .getByRole("link", { name: /Continua con (Apple|Facebook)/ })
        .count(),
    ).toBe(0);
    expect(await prompt(page).getByRole("button", { name: "Continua con email" }).count()).toBe(1);
    const box = (await prompt(page).boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1200); // bottom right on a desktop
    expect(box.width).toBeLessThan(400);
    await page.clock.resume(); // axe runs on timers of its own
    expect(await seriousViolations(page)).toEqual([]);

    await prompt(page).getByRole("link", { name: "Continua con Google" }).click();
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill("sara");
    await page.locator('input[name="password"]').fill("any");
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((u) => u.href.startsWith(portal.url) && !u.pathname.includes("/social/"));
    expect(new URL(page.url()).pathname).toBe("/");
    await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Sara Neri");

    await open(page, "/");
    await waitOver(page);
    await expectNoPrompt(page, "logged in");
  });

  it("once closed stays away after a reload and on the results page, and comes back after a week", async ({ page: fresh }) => {
    const page = await holdClock(fresh);
    await open(page, "/vendita/case/milano/");
    await waitOver(page);
    await untilVisible(page, prompt(page));
    await prompt(page).getByRole("button", { name: "Chiudi l'invito ad accedere" }).click();
    await prompt(page).waitFor({ state: "detached" });

    await open(page, "/vendita/case/milano/"); // a reload
    await waitOver(page);
    await expectNoPrompt(page, "closed, reloaded");
    await open(page, "/");
    await waitOver(page);
    await expectNoPrompt(page, "closed, home");

    await page.clock.fastForward(SOCIAL_PROMPT_DISMISS_MS);
    await open(page, "/");
    await waitOver(page);
    await untilVisible(page, prompt(page));
    // Escape from inside the card closes it too, and the focus goes back to the page.
    await prompt(page).getByRole("button", { name: "Chiudi l'invito ad accedere" }).focus();
    await page.keyboard.press("Escape");
    await prompt(page).waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("contenuto");
  });

  it("is a bottom sheet on a phone, and never shows on a page view where a modal was open", async ({ openPage }) => {
    const page = await holdClock(await openPage(PHONE));
    await open(page, "/vendita/case/milano/");
    await page.getByRole("link", { name: "Accedi" }).first().click();
    const modal = page.getByRole("dialog", { name: "Accedi o registrati" });
    await untilVisible(page, modal);
    await modal.getByRole("button", { name: "Chiudi" }).click();
    await waitOver(page);
    await expectNoPrompt(page, "a modal was open on this page view");

    await open(page, "/");
    await waitOver(page);
    await untilVisible(page, prompt(page));
    // The sheet slides up (a CSS animation, on real time): its place once it has arrived.
    const bottom = async () => {
      const b = await prompt(page).boundingBox();
      return b ? Math.round(b.y + b.height) : null;
    };
    await expect.poll(bottom).toBe(844);
    const box = (await prompt(page).boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(390);
    await page.clock.resume(); // axe runs on timers of its own
    expect(await seriousViolations(page)).toEqual([]);

    // 'Continua con email' hands over to the login modal, and the card leaves.
    await prompt(page).getByRole("button", { name: "Continua con email" }).click();
    await untilVisible(page, page.getByRole("dialog", { name: "Accedi o registrati" }));
    expect(await prompt(page).count()).toBe(0);
  });

  it("never shows to a logged-in user", async ({ page: fresh }) => {
    const page = await holdClock(fresh);
    await page.goto(`${portal.url}/accedi/`);
    await page.getByLabel("Email", { exact: true }).fill("demo@casa.example");
    await page.getByLabel("Password", { exact: true }).fill("CasaDemo2026");
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Utente Demo");
    for (const path of ["/", "/vendita/case/milano/"]) {
      await open(page, path);
      await waitOver(page);
      await expectNoPrompt(page, path);
    }
  });
});
