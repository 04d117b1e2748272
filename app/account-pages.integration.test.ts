/** The account pages without JavaScript: forms with a CSRF token, the shared messages, and the header's account corner. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMessages, passwordGuessableMessage } from "../core/account/messages.ts";
import { CookieClient } from "../test/http-client.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { startTestPortal } from "../test/portal.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let smtp: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  smtp = await startMailCatcher();
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" }, { env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
});

/** Opens a page as a browser would (Accept: text/html) and returns its HTML and form token. */
async function open(c: CookieClient, path: string) {
  const res = await c.get(path, { accept: "text/html" });
  const html = await res.text();
  return { res, html, csrf: /name="csrf" value="([^"]*)"/.exec(html)?.[1] ?? "" };
}

function submit(c: CookieClient, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return c.request(path, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", ...headers },
  });
}

describe("account pages without JavaScript", () => {
  it("logs in through the plain form, shows the name in the header, and logs out", async () => {
    const c = new CookieClient(portal.url);
    const page = await open(c, "/accedi/?redirect=/preferiti/");
    expect(page.html).toContain("<h1>Accedi</h1>");
    expect(page.html).toContain('<a href="/accedi/" data-login-link="">Accedi</a>');
    expect(page.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(c.jar.has("casa_csrf")).toBe(true);

    const wrong = await submit(c, "/accedi/?redirect=/preferiti/", {
      csrf: page.csrf,
      email: "demo@casa.example",
      password: "Sbagliata1",
      redirect: "/preferiti/",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(accountMessages.credentialsInvalid);

    const empty = await submit(c, "/accedi/", { csrf: page.csrf, email: "nonvalida", password: "x" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Devi inserire un indirizzo email valido");

    const ok = await submit(c, "/accedi/", {
      csrf: page.csrf,
      email: "demo@casa.example",
      password: "CasaDemo2026",
      redirect: "/preferiti/",
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/preferiti/");
    const home = await open(c, "/");
    expect(home.html).toContain('<span data-testid="site-user-name">Utente Demo</span>');
    expect(home.html).toMatch(/<form action="\/logout" method="post"><button type="submit" class="link-button">Esci<\/button><\/form>/);

    const out = await c.request("/logout", { method: "POST", headers: { accept: "text/html" } });
    expect(out.status).toBe(303);
    expect((await open(c, "/")).html).toContain("data-login-link");
  });

  it("refuses a form without its CSRF token or from another site", async () => {
    const c = new CookieClient(portal.url);
    const page = await open(c, "/accedi/");
    const noToken = await submit(c, "/accedi/", { email: "demo@casa.example", password: "CasaDemo2026" });
    expect(noToken.status).toBe(403);
    expect(await noToken.text()).toContain(accountMessages.formExpired);
    const otherBrowser = new CookieClient(portal.url);
    await open(otherBrowser, "/accedi/");
    expect((await submit(otherBrowser, "/accedi/", { csrf: page.csrf, email: "demo@casa.example", password: "CasaDemo2026" })).status).toBe(
      403,
    );
    const crossSite = await submit(
      c,
      "/accedi/",
      { csrf: page.csrf, email: "demo@casa.example", password: "CasaDemo2026" },
      { origin: "https://evil.example" },
    );
    // React Router itself aborts a cross-origin form action (400) before ours would (403): refused either way.
    expect([400, 403]).toContain(crossSite.status);
    expect(c.jar.has("casa_session")).toBe(false);
  });

  it("registers without JavaScript, verifies by the mailed link, resets the password and logs in with a code", async () => {
    const c = new CookieClient(portal.url);
    const page = await open(c, "/registrati/");
    expect(page.html).toContain("Premendo il pulsante accetti le condizioni d&#x27;uso");
    const bad = await submit(c, "/registrati/", {
      csrf: page.csrf,
      displayName: "Elena 3",
      email: "elena@casa.example",
      password: "debole",
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Il nome inserito non è valido");
    expect(badHtml).toContain("Inserisci una password valida");
    expect(badHtml).toContain('value="elena@casa.example"'); // the e-mail is kept, the password never echoed
    const before = smtp.count();
    const sent = await submit(c, "/registrati/", {
      csrf: page.csrf,
      displayName: "Elena Bianchi",
      email: "elena@casa.example",
      password: "Segreta123",
    });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(accountMessages.registrationSent);

    const link = /(\/verifica-email\/\?token=[A-Za-z0-9_-]+)/.exec((await smtp.next("elena@casa.example", /Conferma/, before)).text)![1]!;
    const verifyPage = await open(c, link);
    expect(verifyPage.html).toContain("Conferma e accedi");
    const token = new URL(link, portal.url).searchParams.get("token")!;
    const welcome = await submit(c, link, { csrf: verifyPage.csrf, token });
    expect(welcome.status).toBe(200);
    expect(await welcome.text()).toContain("Benvenuto, Elena Bianchi!");
    expect((await open(c, "/")).html).toContain("Elena Bianchi</span>");

    const forgot = await open(c, "/password-dimenticata/");
    const asked = smtp.count();
    expect(await (await submit(c, "/password-dimenticata/", { csrf: forgot.csrf, email: "elena@casa.example" })).text()).toContain(
      accountMessages.resetSent,
    );
    const resetLink = /(\/reimposta-password\/\?token=[A-Za-z0-9_-]+)/.exec(
      (await smtp.next("elena@casa.example", /Reimposta/, asked)).text,
    )![1]!;
    const resetPage = await open(c, resetLink);
    const resetToken = new URL(resetLink, portal.url).searchParams.get("token")!;
    const weak = await submit(c, resetLink, { csrf: resetPage.csrf, token: resetToken, password: "Password1" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain(passwordGuessableMessage.split(":")[0]); // the page escapes its apostrophe
    const done = await submit(c, resetLink, { csrf: resetPage.csrf, token: resetToken, password: "Nuova-Chiave-93" });
    expect(await done.text()).toContain(accountMessages.passwordChanged);
    expect((await open(c, "/")).html).toContain("data-login-link"); // logged out everywhere, here too

    const codePage = await open(c, "/accedi/codice/");
    const codeAsked = smtp.count();
    const step2 = await submit(c, "/accedi/codice/", { csrf: codePage.csrf, intent: "request", email: "elena@casa.example" });
    expect(await step2.text()).toContain(accountMessages.codeSent);
    const code = /(\d{6})/.exec((await smtp.next("elena@casa.example", /codice di accesso/, codeAsked)).subject)![1]!;
    const wrong = await submit(c, "/accedi/codice/", {
      csrf: codePage.csrf,
      intent: "verify",
      email: "elena@casa.example",
      code: code === "111111" ? "222222" : "111111",
    });
    expect(await wrong.text()).toContain(accountMessages.codeInvalid);
    const ok = await submit(c, "/accedi/codice/", { csrf: codePage.csrf, intent: "verify", email: "elena@casa.example", code });
    expect(ok.status).toBe(303);
    expect((await open(c, "/")).html).toContain("Elena Bianchi</span>");
  });

  it("lets a user log out everywhere and delete the account from /account/", async () => {
    const c = new CookieClient(portal.url);
    expect((await c.get("/account/", { accept: "text/html" })).headers.get("location")).toBe("/accedi/?redirect=%2Faccount%2F");
    const page = await open(c, "/registrati/");
    const before = smtp.count();
    await submit(c, "/registrati/", {
      csrf: page.csrf,
      displayName: "Franco Gialli",
      email: "franco@casa.example",
      password: "Segreta123",
    });
    const link = /(\/verifica-email\/\?token=[A-Za-z0-9_-]+)/.exec((await smtp.next("franco@casa.example", /Conferma/, before)).text)![1]!;
    const verify = await open(c, link);
    await submit(c, link, { csrf: verify.csrf, token: new URL(link, portal.url).searchParams.get("token")! });
    const other = new CookieClient(portal.url);
    const login = await open(other, "/accedi/");
    expect((await submit(other, "/accedi/", { csrf: login.csrf, email: "franco@casa.example", password: "Segreta123" })).status).toBe(303);

    const account = await open(c, "/account/");
    expect(account.html).toContain("Franco Gialli · franco@casa.example");
    const everywhere = await submit(c, "/account/", { csrf: account.csrf, intent: "logout-everywhere" });
    expect(everywhere.headers.get("location")).toBe("/accedi/?avviso=uscito");
    expect((await open(c, "/accedi/?avviso=uscito")).html).toContain("Sei uscito da tutti i dispositivi.");
    expect((await open(other, "/")).html).toContain("data-login-link"); // the other browser is out too

    expect((await submit(other, "/accedi/", { csrf: login.csrf, email: "franco@casa.example", password: "Segreta123" })).status).toBe(303);
    const mine = await open(other, "/account/");
    const wrong = await submit(other, "/account/", { csrf: mine.csrf, intent: "delete", password: "Sbagliata1" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(accountMessages.credentialsInvalid);
    const gone = await submit(other, "/account/", { csrf: mine.csrf, intent: "delete", password: "Segreta123" });
    expect(gone.headers.get("location")).toBe("/accedi/?avviso=eliminato");
    expect((await open(other, "/accedi/?avviso=eliminato")).html).toContain("Il tuo account è stato eliminato.");
    expect(other.jar.has("casa_session")).toBe(false);
    expect((await submit(other, "/accedi/", { csrf: login.csrf, email: "franco@casa.example", password: "Segreta123" })).status).toBe(401);
  });

  it("serves the English twins", async () => {
    const c = new CookieClient(portal.url);
    const page = await open(c, "/en/accedi/");
    expect(page.res.status).toBe(200);
    expect(page.html).toContain("<h1>Log in</h1>");
    expect((await open(c, "/en/registrati/")).html).toContain("<h1>Sign up</h1>");
  });

  it("hides the development outbox when mail goes over SMTP", async () => {
    expect((await new CookieClient(portal.url).get("/sviluppo/posta/", { accept: "text/html" })).status).toBe(404);
  });
});
