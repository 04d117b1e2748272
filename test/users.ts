/**
 * Test users: created straight in the portal's database (verified, privacy accepted), then logged in
 * through the public login endpoint, so a test gets a client with a real session in one step.
 */
import { hash } from "@node-rs/argon2";
import type { Kysely } from "kysely";
import { createUser } from "../db/users.ts";
import type { Database } from "../db/schema.ts";
import { CookieClient } from "./http-client.ts";

let clients = 0;

export async function createTestUser(
  db: Kysely<Database>,
  email: string,
  password = "Segreta123",
  displayName = "Utente Prova",
): Promise<{ id: number; email: string; password: string }> {
  const user = await createUser(db, {
    email,
    displayName,
    passwordHash: await hash(password),
    consents: { privacy: true, marketing: false },
    emailVerified: true,
    now: new Date(),
  });
  if (!user) throw new Error(`test user ${email} exists already`);
  return { id: Number(user.id), email, password };
}

/** A cookie client logged in as this user (each from its own address, for portals with TRUST_PROXY=1). */
export async function loggedInClient(base: string, user: { email: string; password: string }): Promise<CookieClient> {
  clients += 1;
  const c = new CookieClient(base, base, `10.9.${Math.floor(clients / 250)}.${clients % 250}`);
  const res = await c.post("/portal-srp/api/v1/user/login", { email: user.email, password: user.password });
  if (res.status !== 200) throw new Error(`login of ${user.email}: HTTP ${res.status} ${await res.text()}`);
  return c;
}
