/** The demo data's accounts (README), made at start when missing: log in at once on a fresh checkout. */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { countAgenciesWithoutAccount, createDemoPublisherAccounts, createUser, findUserByEmail } from "../../db/users.ts";
import { hashPassword } from "./passwords.server.ts";

/** The demo user, verified and with the terms accepted. */
export const DEMO_USER = { email: "demo@casa.example", displayName: "Utente Demo", password: "CasaDemo2026" } as const;
/** Every demo agency logs in as agenzia{id}@casa.example with this password and reads its leads (README). */
export const DEMO_PUBLISHER_PASSWORD = "CasaAgenzia2026";

export async function ensureDemoUser(db: Kysely<Database>, now: Date): Promise<void> {
  if (await findUserByEmail(db, DEMO_USER.email)) return;
  await createUser(db, {
    email: DEMO_USER.email,
    displayName: DEMO_USER.displayName,
    passwordHash: await hashPassword(DEMO_USER.password),
    consents: { privacy: true },
    emailVerified: true,
    now,
  });
}

/** Accounts for the demo agencies still without one: one password for all, hashed once. */
export async function ensureDemoPublisherAccounts(db: Kysely<Database>, now: Date): Promise<number> {
  if ((await countAgenciesWithoutAccount(db)) === 0) return 0;
  return createDemoPublisherAccounts(db, await hashPassword(DEMO_PUBLISHER_PASSWORD), now);
}
