/**
 * Account pre-hijacking and verification links over HTTP (issue 21 items 1 and 13; docs/decisions/073):
 * someone registers another person's e-mail with a password of their choosing. The password does not log in
 * while the address is unverified; when the owner proves the mailbox (a one-time code, a verified social
 * login, the link's 'Non ho creato io questo account') the registrant's password and sessions die. A used or
 * superseded verification link says so and logs nobody in.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMessages } from "../core/account/messages.ts";
import { mycasaMessages } from "../core/mycasa/records.ts";
import { insertRememberToken } from "../db/sessions.ts";
import { findUserByEmail } from "../db/users.ts";
import { deriveKeys, formatRememberValue, hashSecret, newRememberValue, signSessionToken } from "./account/tokens.server.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { freePort, socialLoginOverHttp, startOidcProvider } from "../test/oidc-provider.ts";
import { startTestPortal } from "../test/portal.ts";

const API = "/portal-srp/api/v1";
const SESSION_SECRET = "account-proof-test-secret-0123456789abcdef";
const MILANO = "IT-03-015146";

describe.each(databaseTargets)("account ownership proofs over HTTP on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let idp: Awaited<ReturnType<typeof startOidcProvider>>;
  let listingId: number;
  let clients = 0;
  const client = () => new CookieClient(portal.url, portal.url, `10.1.${Math.floor(++clients / 250)}.${clients % 250}`);

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    smtp = await startMailCatcher();
    const port = await freePort();
    idp = await startOidcProvider({
      clients: [
        {
          clientId: "casa-test",
          clientSecret: "casa-test-secret-0123456789",
          redirectUris: [`http://localhost:${port}/client-account/api/v1/social/google/callback`],
        },
      ],
      accounts: { owner: { email: "vittima.social@casa.example", name: "Vera Social" } },
    });
    portal = await startTestPortal(provisioned, {
      env: {
        PORT: String(port),
        SMTP_URL: smtp.url,
        TRUST_PROXY: "1",
        SESSION_SECRET,
        GOOGLE_CLIENT_ID: "casa-test",
        GOOGLE_CLIENT_SECRET: "casa-test-secret-0123456789",
        GOOGLE_ISSUER: idp.issuer,
      },
    });
    listingId = Number((await portal.database.db.selectFrom("listings").select("id").limit(1).executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => {
    await portal?.stop();
    await idp?.close();
    await smtp?.close();
    await provisioned?.dispose();
  });

  async function botCheck(c: CookieClient): Promise<string> {
    const challenge = (await (await c.get(`${API}/user/botcheck`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  }

  /** Registers `email` with `password` and returns the verification link the mailbox receives. */
  async function register(c: CookieClient, email: string, password: string, displayName = "Intruso"): Promise<string> {
    const before = smtp.count();
    const res = await c.post(`${API}/user/registration`, {
      displayName,
      email,
      password,
      consent: true,
      type: "marketing",
      botCheck: await botCheck(c),
    });
    expect(res.status).toBe(200);
    const mail = await smtp.next(email, /Conferma il tuo indirizzo email/, before);
    expect(mail.text).toContain("Non ho creato io questo account");
    return /(\/verifica-email\/\?token=[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  }

  /**
   * A session of the registrant made before the owner's proof. A password login can no longer make one for an
   * unverified account, but sessions made before this rule (or by any other way in) must die all the same:
   * the remember-me token is stored and the session token signed as the portal does at a login.
   */
  async function sessionFromBefore(c: CookieClient, email: string): Promise<void> {
    const user = (await findUserByEmail(portal.database.db, email))!;
    const now = Date.now();
    const remember = newRememberValue(now);
    await insertRememberToken(portal.database.db, {
      id: remember.id,
      userId: user.id,
      secretHash: hashSecret(remember.secret),
      issuedAt: new Date(remember.issuedAt * 1000),
      expiresAt: new Date(now + 30 * 24 * 3600_000),
    });
    const iat = now / 1000;
    const claims = { uid: user.id, name: user.displayName, email: user.email, phone: null, ver: false, lt: "email" };
    const token = signSessionToken(
      { ...claims, tc: null, ti: false, iat, exp: Math.floor(iat) + 3600 },
      deriveKeys(SESSION_SECRET).session,
    );
    c.jar.set("casa_session", token);
    c.jar.set("casa_remember", formatRememberValue(remember));
  }

  async function me(c: CookieClient) {
    return ((await (await c.get(`${API}/user`)).json()) as { user: null | { username: string; loginType: string; isNotVerified: boolean } })
      .user;
  }

  async function loginByCode(c: CookieClient, email: string) {
    const before = smtp.count();
    expect((await c.post(`${API}/user/otp/request`, { email })).status).toBe(200);
    const code = /codice di accesso è (\d{6})/.exec((await smtp.next(email, /codice di accesso/, before)).text)![1]!;
    return c.post(`${API}/user/otp/verify`, { email, code });
  }

  /** The owner keeps a favourite, an address and a search: what the registrant must never read. */
  async function keepPrivateThings(owner: CookieClient) {
    expect((await owner.post(`${API}/mycasa/listing/upsert`, { listingType: "bookmark", listingId })).status).toBe(200);
    const address = { name: "Casa mia", lat: 45.4642, lon: 9.1895, address: "Via Segreta", number: "7", town: "Milano" };
    expect((await owner.post(`${API}/mycasa/addresses/add`, { address })).status).toBe(200);
    expect((await owner.post(`${API}/mycasa/searches/upsert`, { searchData: { locations: [MILANO] } })).status).toBe(200);
    const exported = await owner.get(`${API}/mycasa/export`);
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain("Via Segreta");
  }

  /** Replays the registrant's cookies from before the proof (both, or the remember-me alone): nothing is reachable. */
  async function expectLockedOut(attacker: CookieClient) {
    for (const names of [["casa_session", "casa_remember"], ["casa_remember"]]) {
      // A fresh copy each time: a refused request clears the cookies it was sent with.
      const replay = () => {
        const c = new CookieClient(portal.url, portal.url, attacker.ip);
        for (const name of names) c.jar.set(name, attacker.jar.get(name)!);
        return c;
      };
      expect(await me(replay()), names.join()).toBeNull();
      for (const path of ["listings/get/basic", "addresses/get"]) {
        const answer = await replay().post(`${API}/mycasa/${path}`, {});
        expect(answer.status, `${path} ${names.join()}`).toBe(401);
        expect((await answer.json()).error.message).toBe(mycasaMessages.loginRequired);
      }
      const searches = await replay().post(`${API}/mycasa/searches/get`, {});
      expect(searches.status, names.join()).toBe(401);
      expect(await searches.json()).toEqual({ error: { status: 401, message: accountMessages.notLoggedIn } });
      expect((await replay().get(`${API}/mycasa/export`)).status, names.join()).toBe(401);
      expect((await replay().post("/client-account/api/v1/user/getjwt", {})).status, names.join()).toBe(401);
    }
  }

  it("refuses the registrant's password until the address is verified; the owner's one-time code drops it and its sessions", async () => {
    const email = "vittima@casa.example";
    const attacker = client();
    await register(attacker, email, "Attacco123");

    // The registrant's password does not log in an unverified account (after the Argon2 check: no enumeration).
    const refused = await client().post(`${API}/user/login`, { email, password: "Attacco123" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { status: 403, message: accountMessages.emailNotVerified } });
    expect(refused.headers.getSetCookie().some((l) => l.startsWith("casa_session="))).toBe(false);
    expect((await client().post(`${API}/user/login`, { email, password: "Sbagliata123" })).status).toBe(401);

    await sessionFromBefore(attacker, email);
    expect(await me(attacker)).toMatchObject({ username: email, isNotVerified: true }); // it works until the proof

    const owner = client();
    const byCode = await loginByCode(owner, email);
    expect(byCode.status).toBe(200);
    expect(await byCode.json()).toMatchObject({ user: { username: email, loginType: "otp", isNotVerified: false } });
    await keepPrivateThings(owner);

    await expectLockedOut(attacker);
    expect((await client().post(`${API}/user/login`, { email, password: "Attacco123" })).status).toBe(401);
    // The owner's own session, started by the proof, still counts; they choose a password if they want one.
    expect(await me(owner)).toMatchObject({ username: email });
    const silent = { displayName: "Vera Rossi", email, password: "Proprietaria1", consent: true };
    expect((await owner.post(`${API}/user/registrationsilently`, silent)).status).toBe(200);
    expect((await client().post(`${API}/user/login`, { email, password: "Proprietaria1" })).status).toBe(200);
    expect((await client().post(`${API}/user/login`, { email, password: "Attacco123" })).status).toBe(401);
  });

  it("drops the registrant's password and sessions when the owner logs in with a verified social e-mail", async () => {
    const email = "vittima.social@casa.example";
    const attacker = client();
    await register(attacker, email, "Attacco123");
    expect((await client().post(`${API}/user/login`, { email, password: "Attacco123" })).status).toBe(403);
    await sessionFromBefore(attacker, email);
    expect(await me(attacker)).toMatchObject({ username: email });

    const owner = client();
    const back = await socialLoginOverHttp(owner, "google", "owner", "/mycasa/");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/mycasa/");
    expect(await me(owner)).toMatchObject({ username: email, loginType: "google", isNotVerified: false });
    await keepPrivateThings(owner);

    await expectLockedOut(attacker);
    expect((await client().post(`${API}/user/login`, { email, password: "Attacco123" })).status).toBe(401);
    expect(await me(owner)).toMatchObject({ username: email });
  });

  /** Opens a page as a browser would and returns its HTML and form token. */
  async function open(c: CookieClient, path: string) {
    const res = await c.get(path, { accept: "text/html" });
    const html = await res.text();
    return { res, html, csrf: /name="csrf" value="([^"]*)"/.exec(html)?.[1] ?? "" };
  }

  function submit(c: CookieClient, path: string, fields: Record<string, string>) {
    return c.request(path, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
  }

  const tokenOf = (link: string) => new URL(link, "http://x").searchParams.get("token")!;
  const escaped = (text: string) => text.replaceAll("'", "&#x27;");

  it("verifies by the mailed link, whose page offers 'Non ho creato io questo account': it drops the password and every session", async () => {
    // The owner's own registration: the link verifies and logs in; the password then works.
    const mine = client();
    const ownLink = await register(mine, "propria@casa.example", "Giardino-Pensile-64", "Paola Propria");
    const ownPage = await open(mine, ownLink);
    expect(ownPage.html).toContain("Conferma e accedi");
    expect(ownPage.html).toContain("Non ho creato io questo account");
    const welcome = await submit(mine, ownLink, { csrf: ownPage.csrf, token: tokenOf(ownLink), intent: "confirm" });
    expect(welcome.status).toBe(200);
    expect(await welcome.text()).toContain("Benvenuto, Paola Propria!");
    expect(await me(mine)).toMatchObject({ username: "propria@casa.example", isNotVerified: false });
    expect((await client().post(`${API}/user/login`, { email: "propria@casa.example", password: "Giardino-Pensile-64" })).status).toBe(200);

    // Someone else's registration with the owner's address: the owner disowns it from the same page.
    const email = "disconosciuta@casa.example";
    const attacker = client();
    const link = await register(attacker, email, "Attacco123");
    await sessionFromBefore(attacker, email);
    expect(await me(attacker)).toMatchObject({ username: email });
    const owner = client();
    const page = await open(owner, link);
    const disowned = await submit(owner, link, { csrf: page.csrf, token: tokenOf(link), intent: "disown" });
    expect(disowned.status).toBe(200);
    expect(await disowned.text()).toContain(escaped(accountMessages.registrationDisowned));
    expect(owner.jar.has("casa_session")).toBe(false); // nobody is logged in
    await expectLockedOut(attacker);
    expect((await client().post(`${API}/user/login`, { email, password: "Attacco123" })).status).toBe(401);
    // The marketing consent the registrant gave is withdrawn; the owner can use the account by code.
    const byCode = client();
    expect((await loginByCode(byCode, email)).status).toBe(200);
    expect(await (await byCode.get(`${API}/user`)).json()).toMatchObject({ user: { consents: { privacy: true, marketing: false } } });
    expect((await open(client(), link)).html).toContain(escaped(accountMessages.linkUsed));
  });

  it("says a used link was used, and logs nobody in with it", async () => {
    const c = client();
    const link = await register(c, "usato@casa.example", "Segreta123");
    expect((await c.post(`${API}/user/verify-email`, { token: tokenOf(link) })).status).toBe(200);

    const other = client();
    const page = await open(other, link);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(escaped(accountMessages.linkUsed));
    expect(page.html).not.toContain("Conferma e accedi");
    const english = await open(other, `/en${link}`);
    expect(english.html).toContain("This link has already been used");
    expect(english.html).not.toContain("Confirm and log in");

    const byApi = await other.post(`${API}/user/verify-email`, { token: tokenOf(link) });
    expect(byApi.status).toBe(400);
    expect(await byApi.json()).toEqual({ error: { status: 400, message: accountMessages.linkUsed, field: "token" } });
    expect(byApi.headers.getSetCookie().some((l) => l.startsWith("casa_session="))).toBe(false);
    // A browser that kept the form from before: the page itself no longer offers one.
    const csrf = (await open(other, "/accedi/")).csrf;
    const byForm = await submit(other, link, { csrf, token: tokenOf(link), intent: "confirm" });
    expect(byForm.status).toBe(400);
    expect(await byForm.text()).toContain(escaped(accountMessages.linkUsed));
    expect(await me(other)).toBeNull();
    const disown = await other.post(`${API}/user/verify-email`, { token: tokenOf(link), intent: "disown" });
    expect(await disown.json()).toEqual({ error: { status: 400, message: accountMessages.linkUsed, field: "token" } });
    expect((await client().post(`${API}/user/login`, { email: "usato@casa.example", password: "Segreta123" })).status).toBe(200);
  });

  it("says a link superseded by a code login and a password reset no longer works, and logs nobody in", async () => {
    const email = "superato@casa.example";
    const link = await register(client(), email, "Segreta123");
    expect((await loginByCode(client(), email)).status).toBe(200);
    const before = smtp.count();
    expect((await client().post(`${API}/user/password/forgot`, { email })).status).toBe(200);
    const reset = /reimposta-password\/\?token=([A-Za-z0-9_-]{43})/.exec(
      (await smtp.next(email, /Reimposta la password/, before)).text,
    )![1]!;
    expect((await client().post(`${API}/user/password/reset`, { token: reset, password: "Nuova-Chiave-93" })).status).toBe(200);

    const c = client();
    const page = await open(c, link);
    expect(page.html).toContain(escaped(accountMessages.linkSuperseded));
    expect(page.html).not.toContain("Conferma e accedi");
    expect((await open(c, `/en${link}`)).html).toContain("This link no longer works");
    const byApi = await c.post(`${API}/user/verify-email`, { token: tokenOf(link) });
    expect(await byApi.json()).toEqual({ error: { status: 400, message: accountMessages.linkSuperseded, field: "token" } });
    const byForm = await submit(c, link, { csrf: (await open(c, "/accedi/")).csrf, token: tokenOf(link) });
    expect(byForm.status).toBe(400);
    expect(await byForm.text()).toContain(escaped(accountMessages.linkSuperseded));
    expect(c.jar.has("casa_session")).toBe(false);
    expect(await me(c)).toBeNull();
    // Disowning through a superseded link is refused too: the new password stays.
    expect((await c.post(`${API}/user/verify-email`, { token: tokenOf(link), intent: "disown" })).status).toBe(400);
    expect((await client().post(`${API}/user/login`, { email, password: "Nuova-Chiave-93" })).status).toBe(200);
  });
});
