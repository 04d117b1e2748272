/**
 * Issue 21 over HTTP: deleting an account takes the login's limits (a logged-in session cannot guess
 * passwords without end, docs/decisions/074).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser, loggedInClient } from "../test/users.ts";

const API = "/portal-srp/api/v1/user";

describe.each(databaseTargets)("account hardening over HTTP on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  // Each client from its own address (TRUST_PROXY), so per-address limits do not add up across tests.
  let clients = 0;
  const client = () => new CookieClient(portal.url, portal.url, `10.21.${Math.floor(++clients / 250)}.${clients % 250}`);

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, { env: { TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  async function me(c: CookieClient) {
    return ((await (await c.get(API)).json()) as { user: null | { username: string } }).user;
  }

  it("deleting the account takes the login's limit and lockout: five wrong passwords, then 429 even with the right one", async () => {
    const user = await createTestUser(portal.database.db, "elsa@casa.example");
    const c = await loggedInClient(portal.url, user);
    for (let i = 0; i < 5; i++) expect((await c.post(`${API}/delete`, { password: `Sbagliata${i}x` })).status).toBe(401);
    const blocked = await c.post(`${API}/delete`, { password: user.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await blocked.json()).error.message).toMatch(/^Troppi tentativi: riprova tra \d+ minut[oi]$/);
    expect(await me(c)).toMatchObject({ username: user.email }); // not deleted
    // The same lockout as the login's: password login of that account waits too.
    expect((await client().post(`${API}/login`, { email: user.email, password: user.password })).status).toBe(429);
  });
});
