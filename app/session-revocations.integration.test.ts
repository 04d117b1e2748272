/**
 * A logout everywhere reaches every process within seconds, not when the hour-long session token expires:
 * a session token is checked without a database read, so each process follows the session_revocations
 * written by any other (decision 042). On PostgreSQL two portals share the database: a browser logged in
 * on both is logged out of both by a logout everywhere on one. On either database, a revocation written by
 * another process (plain SQL here) logs the session out of a portal that did not write it. A logout ends its
 * own session the same way (docs/decisions/074): its cookies, kept and replayed, no longer log anyone in.
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
function sameBrowserOn(portal: Portal, c: Pick<CookieClient, "jar">): CookieClient {
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

/**
 * Waits until the browser `c` is shown logged out. How fast a revocation reaches a process is a benchmark's
 * (bench:scale-out); `ms` only bounds the wait before calling the revocation lost (decision 114).
 */
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
    await loggedOutWithin(c, 30_000);
  });
});

/** The session id (`sid`) inside the browser's session token (its body is base64url JSON). */
function sessionIdOf(c: CookieClient): string {
  const token = decodeURIComponent(c.jar.get("casa_session")!);
  return (JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8")) as { sid: string }).sid;
}

async function logOut(c: CookieClient): Promise<void> {
  const res = await c.get("/logout?redirect=false");
  expect(res.status).toBe(200);
  expect(c.jar.has("casa_session")).toBe(false);
}

describe.each(databaseTargets)("a logout ends its session on %s", (target) => {
  const portals = withPortals(target, 1);
  it("replaying the cookies kept from before a logout is not logged in; another device stays logged in", async () => {
    const portal = portals[0]!;
    const c = await logIn(portal);
    const kept = new Map(c.jar); // the cookies as they are now, replayed after the logout
    const replay = () => sameBrowserOn(portal, { jar: kept });
    const otherDevice = await logIn(portal);
    expect(await showsUser(replay())).toBe(true);
    await logOut(c);
    await expect.poll(() => showsUser(replay()), { timeout: 30_000 }).toBe(false);
    expect(await (await replay().get("/portal-srp/api/v1/user")).json()).toMatchObject({ user: null });
    const replayed = replay();
    await replayed.get("/", { accept: "text/html" });
    expect(replayed.jar.has("casa_remember")).toBe(false); // cleared, not renewed from the revoked remember-me token
    expect(await showsUser(otherDevice)).toBe(true);
  });

  it("a logout written by another process ends that session here within seconds, and only that one", async () => {
    const portal = portals[0]!;
    const c = await logIn(portal);
    const otherDevice = await logIn(portal);
    // Another process's logout as it lands in the database: the remember-me token revoked, the session's revocation.
    const db = portal.database.db;
    const user = await sql<{ id: number }>`SELECT id FROM users WHERE email = ${DEMO.email}`.execute(db);
    await sql`UPDATE remember_tokens SET revoked_at = now() WHERE id = ${sessionIdOf(c)}`.execute(db);
    await sql`INSERT INTO session_revocations (user_id, revoked_at, session_id) VALUES (${user.rows[0]!.id}, now(), ${sessionIdOf(c)})`.execute(
      db,
    );
    await expect.poll(() => showsUser(c), { timeout: 30_000 }).toBe(false);
    expect(await showsUser(otherDevice)).toBe(true);
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
    await loggedOutWithin(elsewhere, 30_000);
    await loggedOutWithin(onB, 30_000);
  });

  it("a logout on one portal ends the session on the other: the kept cookies replayed there are not logged in", async () => {
    const [a, b] = portals as [Portal, Portal];
    const onA = await logIn(a);
    const kept = new Map(onA.jar);
    const replayOnB = () => sameBrowserOn(b, { jar: kept });
    const elsewhere = await logIn(b);
    expect(await showsUser(replayOnB())).toBe(true);
    await logOut(onA);
    await expect.poll(() => showsUser(replayOnB()), { timeout: 30_000 }).toBe(false);
    expect(await showsUser(elsewhere)).toBe(true);
  });
});
