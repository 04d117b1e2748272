/** Builds the account services from the configuration: keys, mailer, rate-limit store, bot check. */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { AccountService } from "./account-service.ts";
import { BotCheck } from "./bot-check.ts";
import { createMailer, type Mailer } from "./mailer.ts";
import { AccountLimits } from "./rate-limits.ts";
import { configuredProviders, SocialLogin } from "./social.ts";
import { deriveKeys } from "./tokens.ts";

/** The demo account of the demo data (README): log in at once on a fresh checkout. */
export const DEMO_USER = { email: "demo@casa.example", displayName: "Utente Demo", password: "CasaDemo2026" } as const;
/** Every demo agency logs in as agenzia{id}@casa.example with this password and reads its leads (README). */
export const DEMO_PUBLISHER_PASSWORD = "CasaAgenzia2026";

export async function createAccountService(
  config: Config,
  db: Kysely<Database>,
  logger: Logger,
  now: () => number,
  options: { mailer?: Mailer } = {},
) {
  let secret = config.SESSION_SECRET;
  if (!secret) {
    secret = randomBytes(32).toString("base64url");
    logger.warn(
      "SESSION_SECRET is not set: using a random key for this process; set it (32+ characters) in production and on every instance",
    );
  }
  let redis: { quit(): Promise<unknown> } | null = null;
  let limits: AccountLimits;
  if (config.REDIS_URL) {
    const { Redis } = await import("ioredis");
    const client = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on("error", (error: Error) => logger.warn({ err: error.message }, "redis (rate limits) unavailable"));
    redis = client;
    limits = new AccountLimits(client, undefined, now);
  } else {
    limits = new AccountLimits(undefined, undefined, now);
  }
  const keys = deriveKeys(secret);
  // Account mail goes through the durable queue when the host gives one (server/lifecycle.ts).
  const mailer = options.mailer ?? createMailer(config, db);
  const service = new AccountService({
    db,
    logger,
    keys,
    mailer,
    limits,
    botCheck: new BotCheck(keys.botCheck, config.BOT_CHECK_COST, now),
    now,
    publicUrl: config.publicOrigin ?? undefined,
    social: new SocialLogin(configuredProviders(config), keys.social, now),
  });
  return {
    service,
    async close() {
      mailer.close();
      await redis?.quit().catch(() => {});
    },
  };
}
