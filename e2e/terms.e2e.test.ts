/**
 * The terms-and-conditions modal (seed 001 §4): the demo user accepted the terms in May 2025, before the
 * 1750402800 threshold, so after logging in the modal asks again; accepting records it and it stays away.
 */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { it, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
// The portal starts on 1 May 2025 (the demo account and its consent are made then), then time runs on today.
let offset = Date.UTC(2025, 4, 1) - Date.now();

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" }, { clock: () => Date.now() + offset });
  offset = 0;
});
afterAll(async () => {
  await portal?.stop();
});

describe("terms-and-conditions consent", () => {
  it("asks a user who accepted before the threshold, records the acceptance, and does not ask again", async ({ page }) => {
    await page.goto(`${portal.url}/accedi/`);
    await page.getByLabel("Email", { exact: true }).fill("demo@casa.example");
    await page.getByLabel("Password", { exact: true }).fill("CasaDemo2026");
    await page.getByRole("button", { name: "Accedi" }).click();
    const terms = page.getByRole("dialog", { name: "Abbiamo aggiornato le condizioni d'uso" });
    await expect.poll(() => terms.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    const user = await page.evaluate(async () => (await (await fetch("/portal-srp/api/v1/user")).json()).user);
    expect(user).toMatchObject({ hasToShowTCModalConsent: true });
    expect(user.lastPrivacyAcceptanceDt).toBeLessThan(1750402800);

    await terms.getByRole("button", { name: "Accetto" }).click();
    await expect.poll(() => terms.count()).toBe(0);
    const after = await page.evaluate(async () => (await (await fetch("/portal-srp/api/v1/user")).json()).user);
    expect(after).toMatchObject({ hasToShowTCModalConsent: false, consents: { privacy: true } });
    expect(after.lastPrivacyAcceptanceDt).toBeGreaterThan(1750402800);
    await page.reload();
    await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Utente Demo");
    expect(await terms.count()).toBe(0);
  });
});
