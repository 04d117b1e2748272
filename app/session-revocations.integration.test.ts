/**
 * A logout everywhere reaches every process within seconds, not when the hour-long session token expires:
 * a session token is checked without a database read, so each process follows the session_revocations
 * written by any other (decision 042). On PostgreSQL two portals share the database: a browser logged in
 * on both is logged out of both by a logout everywhere on one. On either database, a revocation written by
 * another process (plain SQL here) logs the session out of a portal that did not write it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { startTestPortal } from "../test/portal.ts";

type Portal = Awaited<ReturnType<typeof startTestPortal>>;
const env = { SESSION_SECRET: "a-shared-session-secret-of-every-instance-0123", SESSION_REVOCATIONS_POLL_MS: "200" };
const DEMO = { email: "demo@casa.example", password: "CasaDemo2026" };

async function logIn(portal: Portal): Promise<CookieClient> {
  const c = new CookieClient(portal.url);
  await c.get("/", { accept: "text/html" }); // the CSRF cookie, as a browser's first visit
  const res = await c.request("/portal-srp/api/v1/user/login", { method: "POST", json: DEMO });
  expect(res.status, await res.clone().text()).toBe(200);
  return c;
}

/** The same browser's cookies sent to another portal (one site behind a load balancer). */
function sameBrowserOn(portal: Portal, c: CookieClient): CookieClient {
  const other = new CookieClient(portal.url);
  for (const [k, v] of c.jar) other.jar.set(k, v);
  return other;
}

async function showsUser(c: CookieClient): Promise<boolean> {
  const html = await (await c.get("/", { accept: "text/html" })).text();
  if (html.includes('data-testid="site-user-name"')) return true;
  expect(html).toContain("data-login-link");
  return false;
}

async function loggedOutWithin(c: CookieClient, ms: number): Promise<number> {
  const started = performance.now();
  while (await showsUser(c)) {
    if (performance.now() - started > ms) throw new Error(`still logged in after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return performance.now() - started;
}

function withPortals(target: (typeof databaseTargets)[number], count: number): Portal[] {
  const portals: Portal[] = [];
  let provisioned: ProvisionedDatabase;
  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    for (let i = 0; i < count; i++) portals.push(await startTestPortal(provisioned, { env }));
  }, 300_000);
  afterAll(async () => {
    for (const p of portals) await p.stop();
    await provisioned?.dispose();
  });
  return portals;
}

describe.each(databaseTargets)("session revocations followed by a process on %s", (target) => {
  const portals = withPortals(target, 1);
  it("a revocation written by another process logs the session out here within seconds", async () => {
    const c = await logIn(portals[0]!);
    expect(await showsUser(c)).toBe(true);
    const user = await sql<{ id: number }>`SELECT id FROM users WHERE email = ${DEMO.email}`.execute(portals[0]!.database.db);
    // Another process's logout everywhere, as it lands in the database (a second after the login).
    await sql`INSERT INTO session_revocations (user_id, revoked_at) VALUES (${user.rows[0]!.id}, now() + interval '1 second')`.execute(
      portals[0]!.database.db,
    );
    await loggedOutWithin(c, 3000);
  });
});

// Two processes share only a database server (PGlite lives inside one process).
describe.each(databaseTargets.filter((t) => t === "postgres"))("session revocations between two portals on %s", (target) => {
  const portals = withPortals(target, 2);
  it("a logout everywhere on one portal logs the same browser out on the other", async () => {
    const [a, b] = portals as [Portal, Portal];
    const onA = await logIn(a);
    const onB = sameBrowserOn(b, onA);
    const elsewhere = await logIn(b); // another device, logged in on B
    expect(await showsUser(onB)).toBe(true);
    expect(await showsUser(elsewhere)).toBe(true);
    const res = await onA.request("/portal-srp/api/v1/user/logout-everywhere", { method: "POST", json: {} });
    expect(res.status).toBe(200);
    await loggedOutWithin(elsewhere, 3000);
    await loggedOutWithin(onB, 3000);
  });
});
