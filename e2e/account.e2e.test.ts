/**
 * A new user in Chromium: signs up (the ALTCHA bot check solves in the browser), receives the
 * verification mail on a real SMTP server, confirms, logs out, logs in with the password, logs out,
 * and logs in with a one-time code from a second mail.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { startTestPortal } from "../test/portal.ts";
import { hydrated, it, NO_JAVASCRIPT, PHONE, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
/** The portal's clock runs this far ahead of real time (tests move it). */
let offset = 0;

beforeAll(async () => {
  smtp = await startMailCatcher();
  portal = await startTestPortal(
    { url: undefined, dataDir: "memory://" },
    { env: { SMTP_URL: smtp.url }, clock: () => Date.now() + offset },
  );
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
});

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Esci" }).click();
  await expect.poll(() => page.getByRole("link", { name: "Accedi" }).count()).toBe(1);
}

describe("a new user's account", () => {
  it("signs up, verifies by mail, logs in with the password and with a one-time code", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const email = "giulia@casa.example";

    await page.goto(`${portal.url}/registrati/`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Registrati");
    // With JavaScript the proof-of-work runs in the browser and fills the hidden botCheck field.
    await expect
      .poll(
        () =>
          page
            .locator('input[name="botCheck"]')
            .inputValue()
            .catch(() => ""),
        { timeout: 20_000 },
      )
      .not.toBe("");
    await page.getByLabel("Nome", { exact: true }).fill("Giulia Verdi");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("debole");
    await page.getByRole("button", { name: "Registrati" }).click();
    await expect.poll(() => page.getByText("Inserisci una password valida").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Password", { exact: true }).fill("Segreta123");
    const before = smtp.count();
    await page.getByRole("button", { name: "Registrati" }).click();
    await expect
      .poll(
        () =>
          page
            .locator(".form-notice")
            .textContent()
            .catch((e: Error) => e.message),
        { timeout: 15_000 },
      )
      .toContain("Ti abbiamo inviato un'email");

    const mail = await smtp.next(email, /Conferma il tuo indirizzo email/, before);
    const link = /(http:\/\/\S+\/verifica-email\/\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    await page.goto(link);
    await page.getByRole("button", { name: "Conferma e accedi" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Benvenuto, Giulia Verdi!");
    expect(await page.getByTestId("site-user-name").textContent()).toBe("Giulia Verdi");
    await logOut(page);

    // Log in with the password in the modal (a returning user: 'welcomeback').
    const dialog = page.getByRole("dialog");
    await hydrated(page.getByRole("link", { name: "Accedi" })); // 'Esci' reloaded the page
    await page.getByRole("link", { name: "Accedi" }).click();
    await dialog.getByRole("button", { name: "Continua con email" }).click();
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await dialog.getByRole("button", { name: "Continua" }).click();
    await dialog.getByLabel("Password", { exact: true }).fill("Segreta123");
    await dialog.getByRole("button", { name: "Accedi", exact: true }).click();
    await expect.poll(() => dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Bentornato, Giulia Verdi!");
    await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Giulia Verdi");
    await dialog.getByRole("button", { name: "Chiudi" }).first().click();
    await logOut(page);

    // Log in with a one-time code: the modal remembers the last e-mail (lastLogin flow).
    await hydrated(page.getByRole("link", { name: "Accedi" }));
    await page.getByRole("link", { name: "Accedi" }).click();
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Inserisci la password");
    const beforeCode = smtp.count();
    await dialog.getByRole("button", { name: "Accedi con un codice via email" }).click();
    const code = /(\d{6})/.exec((await smtp.next(email, /codice di accesso/, beforeCode)).subject)![1]!;
    await dialog.getByLabel("Codice", { exact: true }).fill(code);
    await dialog.getByRole("button", { name: "Accedi con il codice" }).click();
    await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Giulia Verdi");
    expect(errors).toEqual([]);
  });

  it("works without JavaScript too", async ({ openPage }) => {
    const page = await openPage(NO_JAVASCRIPT);
    await page.goto(`${portal.url}/accedi/`);
    await page.getByLabel("Email", { exact: true }).fill("demo@casa.example");
    await page.getByLabel("Password", { exact: true }).fill("CasaDemo2026");
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Utente Demo");
    await logOut(page);
  });
});

describe("the login modal", () => {
  it("opens from the header at 430 px, closes with Escape and with the browser's back, and logs in", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // The demo user has logged in before (elsewhere): this login is a returning one.
    await fetch(`${portal.url}/portal-srp/api/v1/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@casa.example", password: "CasaDemo2026" }),
    });
    await page.goto(`${portal.url}/affitto/case/`);
    const url = page.url();
    const dialog = page.getByRole("dialog");

    await hydrated(page.getByRole("link", { name: "Accedi" })); // before, the link leads to the login page
    await page.getByRole("link", { name: "Accedi" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.evaluate((d) => Math.round(d.getBoundingClientRect().width))).toBe(430);
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Accedi o registrati");
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(page.url()).toBe(url);

    // Back closes the modal first and keeps the page.
    await page.getByRole("link", { name: "Accedi" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(page.url()).toBe(url);

    await page.getByRole("link", { name: "Accedi" }).click();
    await dialog.getByRole("button", { name: "Continua con email" }).click();
    await dialog.getByLabel("Email", { exact: true }).fill("demo@casa.example");
    await dialog.getByRole("button", { name: "Continua" }).click();
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Inserisci la password");
    // The header's back returns to the e-mail, the e-mail kept.
    await dialog.getByRole("button", { name: "Indietro" }).click();
    expect(await dialog.getByLabel("Email", { exact: true }).inputValue()).toBe("demo@casa.example");
    await dialog.getByRole("button", { name: "Continua" }).click();
    await dialog.getByLabel("Password", { exact: true }).fill("Sbagliata1");
    await dialog.getByRole("button", { name: "Accedi", exact: true }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("Email o password non corretti");
    await dialog.getByLabel("Password", { exact: true }).fill("CasaDemo2026");
    await dialog.getByRole("button", { name: "Accedi", exact: true }).click();
    await expect.poll(() => dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Bentornato, Utente Demo!");
    await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Utente Demo");
    const last = await page.evaluate(() => JSON.parse(localStorage.getItem("casa.lastSession") ?? "null"));
    expect(last).toMatchObject({ email: "demo@casa.example", lastLoginMedium: "email", hasVerifiedPassword: true, verified: true });
    await dialog.getByRole("button", { name: "Chiudi" }).first().click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("staying logged in, and a password reset", () => {
  it("stays logged in after the session token expires, and is logged out everywhere by a password reset", async ({ openPage }) => {
    const logIn = async (page: Page) => {
      await page.goto(`${portal.url}/accedi/`);
      await page.getByLabel("Email", { exact: true }).fill("giulia@casa.example");
      await page.getByLabel("Password", { exact: true }).fill("Segreta123");
      await page.getByRole("button", { name: "Accedi" }).click();
      await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Giulia Verdi");
    };
    const onLaptop = await openPage();
    const onPhone = await openPage(PHONE);
    await logIn(onLaptop);
    await logIn(onPhone);

    // Two hours later the 1-hour session token has expired: the remember-me token renews it.
    offset += 2 * 60 * 60 * 1000;
    await onLaptop.reload();
    expect(await onLaptop.getByTestId("site-user-name").textContent()).toBe("Giulia Verdi");

    // A password reset from the laptop logs the phone out too.
    await onLaptop.goto(`${portal.url}/password-dimenticata/`);
    await onLaptop.getByLabel("Email", { exact: true }).fill("giulia@casa.example");
    const before = smtp.count();
    await onLaptop.getByRole("button", { name: "Inviami il link" }).click();
    const link = /(http:\/\/\S+\/reimposta-password\/\?token=[A-Za-z0-9_-]+)/.exec(
      (await smtp.next("giulia@casa.example", /Reimposta la password/, before)).text,
    )![1]!;
    await onLaptop.goto(link);
    await onLaptop.getByLabel("Nuova password", { exact: true }).fill("Nuovissima1");
    await onLaptop.getByRole("button", { name: "Salva la password" }).click();
    await expect.poll(() => onLaptop.getByRole("status").first().textContent()).toContain("Password cambiata");
    await onPhone.reload();
    expect(await onPhone.getByRole("link", { name: "Accedi" }).count()).toBe(1);
    expect(await onPhone.getByTestId("site-user-name").count()).toBe(0);
    // Even once the session token would have expired, the phone's remember-me no longer works.
    offset += 2 * 60 * 60 * 1000;
    await onPhone.reload();
    expect(await onPhone.getByTestId("site-user-name").count()).toBe(0);
  });
});
