/**
 * Accounts and sessions over HTTP, on each database, with a real SMTP server on loopback: register,
 * verify by the mailed link, log in by password and by one-time code, renew after the session token
 * expires (clock moved), reset the password and be logged out everywhere; every validation message,
 * rate limits, cross-site refusal, tampered and expired cookies, and one user never reaching another's.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMessages } from "../core/account/messages.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { startTestPortal } from "../test/portal.ts";
import { LOGIN_FAILURE_WINDOW_MS, msUntilClearOfWindowEdge } from "../test/rate-windows.ts";

const API = "/portal-srp/api/v1/user";
const MINUTE = 60_000;

describe.each(databaseTargets)("accounts over HTTP on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let offset = 0;
  // Each client comes from its own address (TRUST_PROXY), so per-address limits do not add up across tests.
  let clients = 0;
  const client = () => new CookieClient(portal.url, portal.url, `10.0.${Math.floor(++clients / 250)}.${clients % 250}`);

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    smtp = await startMailCatcher();
    portal = await startTestPortal(provisioned, { env: { SMTP_URL: smtp.url, TRUST_PROXY: "1" }, clock: () => Date.now() + offset });
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.close();
    await provisioned?.dispose();
  });

  async function botCheck(c: CookieClient): Promise<string> {
    const challenge = (await (await c.get(`${API}/botcheck`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  }

  async function register(c: CookieClient, email: string, password = "Segreta123", name = "Mario Rossi") {
    const res = await c.post(`${API}/registration`, {
      displayName: name,
      email,
      password,
      consent: true,
      type: "marketing",
      botCheck: await botCheck(c),
    });
    expect(res.status).toBe(200);
    return res;
  }

  /** Registers and verifies through the mailed link: the returned client is logged in. */
  async function registeredUser(email: string, password = "Segreta123") {
    const c = client();
    const before = smtp.count();
    await register(c, email, password);
    const mail = await smtp.next(email, /Conferma/, before);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const res = await c.post(`${API}/verify-email`, { token });
    expect(res.status).toBe(200);
    return c;
  }

  async function me(c: CookieClient) {
    return (
      (await (await c.get(API)).json()) as {
        user: null | { id: number; username: string; displayName: string; isNotVerified: boolean; consents?: Record<string, boolean> };
      }
    ).user;
  }

  it("registers, mails a verification link over SMTP, verifies, logs in and out", async () => {
    const c = client();
    const res = await register(c, "anna@casa.example", "Segreta123", "Anna Maria Lòpez");
    expect(await res.json()).toEqual({ error: false, msg: expect.stringContaining("Ti abbiamo inviato un'email") });
    expect(await me(c)).toBeNull(); // not logged in before verifying
    const mail = await smtp.next("anna@casa.example", /Conferma il tuo indirizzo email/);
    expect(mail.text).toContain("Ciao Anna Maria Lòpez");
    expect(mail.html).toContain("Conferma l&#x27;indirizzo email");
    const token = /\/verifica-email\/\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;

    const verified = await c.post(`${API}/verify-email`, { token });
    expect(verified.status).toBe(200);
    const body = await verified.json();
    expect(body).toMatchObject({
      error: false,
      rememberMe: true,
      isNewAccount: true,
      user: { displayName: "Anna Maria Lòpez", isAuthenticated: true, isNotVerified: false, loginType: "email" },
    });
    const cookies = verified.headers.getSetCookie();
    expect(cookies.some((l) => /^casa_session=.+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/.test(l))).toBe(true);
    expect(cookies.some((l) => /^casa_remember=.+; Path=\/; Max-Age=259\d{4}; HttpOnly; SameSite=Lax$/.test(l))).toBe(true);
    expect(await me(c)).toMatchObject({ username: "anna@casa.example", consents: { privacy: true, marketing: true } });
    // The link works once.
    expect((await client().post(`${API}/verify-email`, { token })).status).toBe(400);

    const out = await c.get("/logout?redirect=false");
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ error: false });
    expect(c.jar.has("casa_session")).toBe(false);
    expect(await me(c)).toBeNull();

    const again = await c.post(`${API}/login`, { email: "Anna@Casa.example", password: "Segreta123", path: "/preferiti/" });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ redirect: "/preferiti/", isNewAccount: false, user: { username: "anna@casa.example" } });
    expect(await me(c)).toMatchObject({ username: "anna@casa.example" });
  });

  it("answers a registration with a taken e-mail exactly like a new one, and mails the owner instead", async () => {
    const before = smtp.count();
    const res = await register(client(), "anna@casa.example", "Altra-Porta-58", "Intruso");
    expect(await res.json()).toEqual({ error: false, msg: expect.stringContaining("Ti abbiamo inviato un'email") });
    expect((await smtp.next("anna@casa.example", /Hai già un account/, before)).text).toContain("Hai dimenticato la password?");
    // The password did not change.
    expect((await client().post(`${API}/login`, { email: "anna@casa.example", password: "Altra-Porta-58" })).status).toBe(401);
  });

  it("gives the §5 message of each invalid registration field", async () => {
    const c = client();
    const good = { displayName: "Mario Rossi", email: "mario@casa.example", password: "Segreta123", consent: true, type: "privacy" };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ displayName: "" }, "displayName", accountMessages.nameRequired],
      [{ displayName: "R2D2" }, "displayName", "Il nome inserito non è valido"],
      [{ email: "" }, "email", "Devi inserire un indirizzo email valido"],
      [{ email: "mario@" }, "email", "Devi inserire un indirizzo email valido"],
      [{ email: "abc@privaterelay.appleid.com" }, "email", accountMessages.emailAppleRelay],
      [{ password: "segreta123" }, "password", "Inserisci una password valida"],
      [{ password: "Seg1" }, "password", "Inserisci una password valida"],
      [{ password: `Segreta123${"x".repeat(23)}` }, "password", "Inserisci una password valida"],
      [{ consent: false }, "consent", accountMessages.consentRequired],
    ];
    for (const [over, field, message] of cases) {
      const res = await c.post(`${API}/registration`, { ...good, ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(await res.json()).toEqual({ error: { status: 400, message, field } });
    }
    // A missing or forged bot check.
    const noCheck = await c.post(`${API}/registration`, good);
    expect(await noCheck.json()).toEqual({ error: { status: 400, message: accountMessages.botCheckFailed, field: "botCheck" } });
    const forged = await c.post(`${API}/registration`, {
      ...good,
      botCheck: Buffer.from('{"challenge":{},"solution":{}}').toString("base64"),
    });
    expect(forged.status).toBe(400);
    // A solved challenge works once.
    const solved = await botCheck(c);
    expect((await c.post(`${API}/registration`, { ...good, email: "once@casa.example", botCheck: solved })).status).toBe(200);
    expect((await c.post(`${API}/registration`, { ...good, email: "twice@casa.example", botCheck: solved })).status).toBe(400);
    // Login needs both fields; bad JSON and oversized bodies are refused clearly.
    expect(await (await c.post(`${API}/login`, { email: "", password: "x" })).json()).toEqual({
      error: { status: 400, message: "Devi inserire un indirizzo email valido", field: "email" },
    });
    expect(await (await c.post(`${API}/login`, { email: "a@casa.example", password: "" })).json()).toEqual({
      error: { status: 400, message: "Inserisci una password valida", field: "password" },
    });
    expect(
      (await c.request(`${API}/login`, { method: "POST", body: "{nope", headers: { "content-type": "application/json" } })).status,
    ).toBe(400);
    expect((await c.post(`${API}/login`, { email: "a@casa.example", password: "x".repeat(70_000) })).status).toBe(413);
    expect(await (await c.post(`${API}/otp/verify`, { email: "a@casa.example", code: "12ab" })).json()).toEqual({
      error: { status: 400, message: accountMessages.codeInvalid, field: "code" },
    });
    expect((await c.get(`${API}/login`)).status).toBe(405);
  });

  it("answers a wrong password and an unknown e-mail alike, in similar time", async () => {
    const c = client();
    const time = async (email: string) => {
      const started = performance.now();
      const res = await c.post(`${API}/login`, { email, password: "Sbagliata123" });
      return { ms: performance.now() - started, status: res.status, body: await res.json() };
    };
    await time("warm-up@casa.example"); // the first unknown e-mail also makes the dummy hash
    const known: Awaited<ReturnType<typeof time>>[] = [];
    const unknown: Awaited<ReturnType<typeof time>>[] = [];
    // Interleaved, so both see the same load on this shared machine; anna stays under 5 failures.
    for (let i = 0; i < 3; i++) {
      known.push(await time("anna@casa.example"));
      unknown.push(await time(`nessuno${i}@casa.example`));
    }
    for (const r of [...known, ...unknown])
      expect(r).toMatchObject({ status: 401, body: { error: { status: 401, message: accountMessages.credentialsInvalid } } });
    const median = (rs: { ms: number }[]) => rs.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(rs.length / 2)]!;
    // Both pay one Argon2id verify: neither is several times faster than the other.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.25);
    expect(median(unknown) / median(known)).toBeLessThan(4);
  });

  it("refuses state-changing requests from another site", async () => {
    const evil = new CookieClient(portal.url, "https://evil.example");
    const res = await evil.post(`${API}/login`, { email: "anna@casa.example", password: "Segreta123" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { status: 403, message: accountMessages.crossSite } });
    const noOrigin = new CookieClient(portal.url, null);
    expect(
      (await noOrigin.post(`${API}/login`, { email: "anna@casa.example", password: "Segreta123" }, { "sec-fetch-site": "cross-site" }))
        .status,
    ).toBe(403);
    // A logged-in browser lured into a cross-site logout stays logged in.
    const c = client();
    expect((await c.post(`${API}/login`, { email: "anna@casa.example", password: "Segreta123" })).status).toBe(200);
    expect((await c.get("/logout?redirect=false", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(await me(c)).not.toBeNull();
    expect((await c.post(`${API}/logout-everywhere`, {}, { origin: "https://evil.example" })).status).toBe(403);
  });

  it("ignores tampered cookies and clears unusable remember-me values", async () => {
    const c = client();
    await c.post(`${API}/login`, { email: "anna@casa.example", password: "Segreta123" });
    const session = c.jar.get("casa_session")!;
    const [body, signature] = session.split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString());
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, uid: claims.uid + 1 })).toString("base64url");

    const forged = new CookieClient(portal.url);
    forged.jar.set("casa_session", `${forgedBody}.${signature}`);
    forged.jar.set("casa_remember", "undefined");
    const res = await forged.get(API);
    expect(await res.json()).toEqual({ user: null });
    expect(res.headers.getSetCookie().some((l) => l.startsWith("casa_remember=;") && l.includes("Max-Age=0"))).toBe(true);

    const badRemember = new CookieClient(portal.url);
    badRemember.jar.set("casa_session", `${forgedBody}.${signature}`);
    badRemember.jar.set("casa_remember", `${c.jar.get("casa_remember")!.slice(0, -3)}AAA`);
    expect(await me(badRemember)).toBeNull();
    expect(badRemember.jar.has("casa_remember")).toBe(false);

    // A valid remember-me with a session token signed by someone else: renewed from the remember-me, not trusted.
    const stolenShape = new CookieClient(portal.url);
    stolenShape.jar.set("casa_session", `${forgedBody}.${signature}`);
    stolenShape.jar.set("casa_remember", c.jar.get("casa_remember")!);
    expect(await me(stolenShape)).toMatchObject({ id: claims.uid });
  });

  it("renews the session from remember-me after the session token expires, rotating it", async () => {
    const c = client();
    await c.post(`${API}/login`, { email: "anna@casa.example", password: "Segreta123" });
    const firstRemember = c.jar.get("casa_remember")!;
    const firstSession = c.jar.get("casa_session")!;
    offset += 61 * MINUTE; // the 1-hour session token has expired
    const renewed = await c.get(API);
    expect(await renewed.json()).toMatchObject({ user: { username: "anna@casa.example" } });
    expect(c.jar.get("casa_session")).not.toBe(firstSession);
    expect(c.jar.get("casa_remember")).not.toBe(firstRemember);

    // The explicit renewal call rotates again.
    const explicit = await c.post("/client-account/api/v1/user/getjwt", {});
    expect(explicit.status).toBe(200);
    expect(await explicit.json()).toMatchObject({ user: { username: "anna@casa.example" }, expiresDateRememberMe: expect.any(String) });

    // The first remember-me, replayed after the grace period, looks stolen: every session of the user ends.
    offset += 2 * MINUTE;
    const thief = new CookieClient(portal.url);
    thief.jar.set("casa_remember", firstRemember);
    expect(await me(thief)).toBeNull();
    offset += 61 * MINUTE;
    expect(await me(c)).toBeNull();
    expect((await c.post("/client-account/api/v1/user/getjwt", {})).status).toBe(401);

    // Remember-me lasts 30 days.
    const d = client();
    await d.post(`${API}/login`, { email: "anna@casa.example", password: "Segreta123" });
    offset += 31 * 24 * 60 * MINUTE;
    expect(await me(d)).toBeNull();
  });

  it("logs in with a one-time code: short-lived, single use", async () => {
    const c = client();
    let before = smtp.count();
    const sent = await c.post(`${API}/otp/request`, { email: "anna@casa.example" });
    const sentBody = await sent.json();
    expect(sentBody).toMatchObject({ error: false });
    const code = /codice di accesso è (\d{6})/.exec((await smtp.next("anna@casa.example", /codice di accesso/, before)).text)![1]!;
    // Unknown addresses get the same answer and no mail.
    const mailsBefore = smtp.count();
    expect(await (await c.post(`${API}/otp/request`, { email: "ghost@casa.example" })).json()).toEqual(sentBody);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.slice(mailsBefore).filter((m) => m.to === "ghost@casa.example")).toEqual([]);

    const wrong = code === "000000" ? "000001" : "000000";
    expect((await c.post(`${API}/otp/verify`, { email: "anna@casa.example", code: wrong })).status).toBe(401);
    const ok = await c.post(`${API}/otp/verify`, { email: "anna@casa.example", code });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { loginType: "otp" } });
    expect((await client().post(`${API}/otp/verify`, { email: "anna@casa.example", code })).status).toBe(401); // used

    before = smtp.count();
    await c.post(`${API}/otp/request`, { email: "anna@casa.example" });
    const late = /codice di accesso è (\d{6})/.exec((await smtp.next("anna@casa.example", /codice di accesso/, before)).text)![1]!;
    offset += 11 * MINUTE;
    const expired = await client().post(`${API}/otp/verify`, { email: "anna@casa.example", code: late });
    expect(await expired.json()).toEqual({ error: { status: 401, message: accountMessages.codeInvalid, field: "code" } });
  });

  it("resets the password by mail and logs out everywhere", async () => {
    const email = "bruno@casa.example";
    const laptop = await registeredUser(email, "Vecchia123");
    const phone = client();
    expect((await phone.post(`${API}/login`, { email, password: "Vecchia123" })).status).toBe(200);
    expect(await me(phone)).toMatchObject({ username: email });

    const before = smtp.count();
    expect(await (await client().post(`${API}/password/forgot`, { email })).json()).toMatchObject({ error: false });
    const token = /reimposta-password\/\?token=([A-Za-z0-9_-]{43})/.exec(
      (await smtp.next(email, /Reimposta la password/, before)).text,
    )![1]!;
    expect(await (await client().post(`${API}/password/reset`, { token, password: "debole" })).json()).toEqual({
      error: { status: 400, message: "Inserisci una password valida", field: "password" },
    });
    expect((await client().post(`${API}/password/reset`, { token, password: "Nuova-Chiave-93" })).status).toBe(200);
    expect((await client().post(`${API}/password/reset`, { token, password: "Nuova-Chiave-93" })).status).toBe(400); // single use

    // Both devices are out at once, and cannot renew.
    expect(await me(laptop)).toBeNull();
    expect(await me(phone)).toBeNull();
    expect((await phone.post("/client-account/api/v1/user/getjwt", {})).status).toBe(401);
    expect((await client().post(`${API}/login`, { email, password: "Vecchia123" })).status).toBe(401);
    expect((await client().post(`${API}/login`, { email, password: "Nuova-Chiave-93" })).status).toBe(200);
  });

  it("keeps each user to their own account", async () => {
    const carla = await registeredUser("carla@casa.example");
    const dario = await registeredUser("dario@casa.example");
    expect((await me(carla))!.username).toBe("carla@casa.example");
    expect((await me(dario))!.username).toBe("dario@casa.example");
    // Carla's consents change only Carla's.
    expect((await carla.post(`${API}/consents`, { profiling: true })).status).toBe(200);
    expect((await me(dario))!.consents).toEqual({ privacy: true, marketing: true });
    // Carla cannot delete with Dario's password, and deleting Carla leaves Dario.
    expect((await carla.post(`${API}/delete`, { password: "wrong" })).status).toBe(401);
    expect((await carla.post(`${API}/delete`, { password: "Segreta123" })).status).toBe(200);
    expect(await me(carla)).toBeNull();
    expect((await client().post(`${API}/login`, { email: "carla@casa.example", password: "Segreta123" })).status).toBe(401);
    expect((await me(dario))!.username).toBe("dario@casa.example");
    // registrationsilently completes only a password-less account of the logged-in user.
    const silent = { displayName: "Dario Blu", email: "dario@casa.example", password: "Altra12345", consent: true, jwt: "x", jti: "y" };
    expect((await client().post(`${API}/registrationsilently`, silent)).status).toBe(401);
    expect(await (await dario.post(`${API}/registrationsilently`, silent)).json()).toEqual({
      error: { status: 409, message: accountMessages.alreadyRegistered },
    });
    expect((await dario.post(`${API}/registrationsilently`, { ...silent, email: "carla@casa.example" })).status).toBe(400);
    // Without a session nothing personal is reachable.
    expect((await client().post(`${API}/delete`, { password: "Segreta123" })).status).toBe(401);
    expect((await client().post(`${API}/consents`, { privacy: true })).status).toBe(401);
  });

  it("logs the demo user in", async () => {
    const res = await client().post(`${API}/login`, { email: "demo@casa.example", password: "CasaDemo2026" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { displayName: "Utente Demo", isNotVerified: false } });
  });

  it("rate-limits wrong passwords per account with back-off, and code requests, with 429 and Retry-After", async () => {
    const c = client();
    offset += msUntilClearOfWindowEdge(LOGIN_FAILURE_WINDOW_MS, Date.now() + offset);
    for (let i = 0; i < 5; i++)
      expect((await c.post(`${API}/login`, { email: "dario@casa.example", password: "Sbagliata1" })).status).toBe(401);
    const blocked = await c.post(`${API}/login`, { email: "dario@casa.example", password: "Segreta123" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await blocked.json()).error.message).toMatch(/^Troppi tentativi: riprova tra \d+ minut[oi]$/);
    // Other accounts are unaffected.
    expect((await c.post(`${API}/login`, { email: "demo@casa.example", password: "CasaDemo2026" })).status).toBe(200);

    for (let i = 0; i < 3; i++) expect((await c.post(`${API}/otp/request`, { email: "demo@casa.example" })).status).toBe(200);
    const flood = await c.post(`${API}/otp/request`, { email: "demo@casa.example" });
    expect(flood.status).toBe(429);
    expect(Number(flood.headers.get("retry-after"))).toBeGreaterThanOrEqual(15 * 60 - 5);
  });

  it("rate-limits registrations per address", async () => {
    let status = 200;
    for (let i = 0; i < 8 && status !== 429; i++) {
      const c = new CookieClient(portal.url, portal.url, "10.9.9.9");
      const res = await c.post(`${API}/registration`, {
        displayName: "Bot",
        email: `bot${i}@casa.example`,
        password: "Segreta123",
        consent: true,
        botCheck: await botCheck(c),
      });
      status = res.status;
      if (status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(status).toBe(429);
  });
});
