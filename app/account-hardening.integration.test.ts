/**
 * Issue 21 over HTTP: deleting an account takes the login's limits (a logged-in session cannot guess
 * passwords without end), and registration, password reset and completing a registration refuse common and
 * guessable passwords with one message (docs/decisions/074, 075).
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordGuessableMessage } from "../core/account/messages.ts";
import { createUser } from "../db/users.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { startTestPortal } from "../test/portal.ts";
import { clearOfWindowEdge, LOGIN_FAILURE_WINDOW_MS } from "../test/rate-windows.ts";
import { createTestUser, loggedInClient } from "../test/users.ts";

const API = "/portal-srp/api/v1/user";
const guessable = { error: { status: 400, message: passwordGuessableMessage, field: "password" } };

describe.each(databaseTargets)("account hardening over HTTP on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  // Each client from its own address (TRUST_PROXY), so per-address limits do not add up across tests.
  let clients = 0;
  const client = () => new CookieClient(portal.url, portal.url, `10.21.${Math.floor(++clients / 250)}.${clients % 250}`);

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    smtp = await startMailCatcher();
    portal = await startTestPortal(provisioned, { env: { SMTP_URL: smtp.url, TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.close();
    await provisioned?.dispose();
  });

  async function me(c: CookieClient) {
    return ((await (await c.get(API)).json()) as { user: null | { username: string } }).user;
  }

  async function botCheck(c: CookieClient): Promise<string> {
    const challenge = (await (await c.get(`${API}/botcheck`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  }

  it("deleting the account takes the login's limit and lockout: five wrong passwords, then 429 even with the right one", async () => {
    const user = await createTestUser(portal.database.db, "elsa@casa.example");
    const c = await loggedInClient(portal.url, user);
    await clearOfWindowEdge(LOGIN_FAILURE_WINDOW_MS);
    for (let i = 0; i < 5; i++) expect((await c.post(`${API}/delete`, { password: `Sbagliata${i}x` })).status).toBe(401);
    const blocked = await c.post(`${API}/delete`, { password: user.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await blocked.json()).error.message).toMatch(/^Troppi tentativi: riprova tra \d+ minut[oi]$/);
    expect(await me(c)).toMatchObject({ username: user.email }); // not deleted
    // The same lockout as the login's: password login of that account waits too.
    expect((await client().post(`${API}/login`, { email: user.email, password: user.password })).status).toBe(429);
  });

  it("registration refuses a common or guessable password, and accepts a strong one", async () => {
    // A client per attempt: every attempt counts against the registrations allowed per address.
    const register = async (password: string, email = "nadia@casa.example", displayName = "Nadia Conti") => {
      const c = client();
      return c.post(`${API}/registration`, { displayName, email, password, consent: true, botCheck: await botCheck(c) });
    };
    for (const password of ["Password1", "Qwerty123", "Giuseppe1990", "Nadia2026", "Conti2025!"]) {
      const res = await register(password);
      expect(await res.json(), password).toEqual(guessable);
    }
    expect((await register("Tetto-Giallo-Lontano-7")).status).toBe(200);
    expect(await (await register("Password1", "elsa@casa.example", "Elsa Neri")).json()).toEqual(guessable); // before any look-up
  });

  it("a password reset refuses a guessable password and leaves the link working for a strong one", async () => {
    const user = await createTestUser(portal.database.db, "olga@casa.example");
    const before = smtp.count();
    expect((await client().post(`${API}/password/forgot`, { email: user.email })).status).toBe(200);
    const token = /reimposta-password\/\?token=([A-Za-z0-9_-]{43})/.exec(
      (await smtp.next(user.email, /Reimposta la password/, before)).text,
    )![1]!;
    expect(await (await client().post(`${API}/password/reset`, { token, password: "Password1" })).json()).toEqual(guessable);
    expect(await (await client().post(`${API}/password/reset`, { token, password: "Olga12345" })).json()).toEqual(guessable);
    expect((await client().post(`${API}/password/reset`, { token, password: "Scala-Mobile-93" })).status).toBe(200);
    expect((await client().post(`${API}/login`, { email: user.email, password: "Scala-Mobile-93" })).status).toBe(200);
  });

  it("completing a registration (an account without a password) refuses a guessable password", async () => {
    await createUser(portal.database.db, {
      email: "pia@casa.example",
      displayName: "Pia Serra",
      passwordHash: null,
      consents: { privacy: true },
      emailVerified: true,
      now: new Date(),
    });
    const c = client();
    const before = smtp.count();
    await c.post(`${API}/otp/request`, { email: "pia@casa.example" });
    const code = /codice di accesso è (\d{6})/.exec((await smtp.next("pia@casa.example", /codice di accesso/, before)).text)![1]!;
    expect((await c.post(`${API}/otp/verify`, { email: "pia@casa.example", code })).status).toBe(200);
    const silent = { displayName: "Pia Serra", email: "pia@casa.example", consent: true };
    expect(await (await c.post(`${API}/registrationsilently`, { ...silent, password: "Iloveyou1" })).json()).toEqual(guessable);
    expect((await c.post(`${API}/registrationsilently`, { ...silent, password: "Fiume-Lento-408" })).status).toBe(200);
  });
});
