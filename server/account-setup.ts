/**
 * The host's part of the accounts feature (app/account/): the process makes its one Accounts object from the
 * configuration — keys from SESSION_SECRET, the rate-limit store (Redis when REDIS_URL is set), the mailer,
 * the bot check's cost and the configured social providers.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { Accounts } from "../app/account/accounts.server.ts";
import { BotCheck } from "../app/account/bot-check.server.ts";
import { AccountLimits } from "../app/account/rate-limits.server.ts";
import { SocialProviders, type ProviderSettings } from "../app/account/social-providers.server.ts";
import { deriveKeys } from "../app/account/tokens.server.ts";
import type { Mailer } from "../app/mail/mailer.ts";
import type { Database } from "../db/schema.ts";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import { createMailer } from "./mailer.ts";

export async function createAccounts(
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
  const accounts = new Accounts({
    db,
    logger,
    keys,
    mailer,
    limits,
    botCheck: new BotCheck(keys.botCheck, config.BOT_CHECK_COST, now),
    now,
    publicUrl: config.publicOrigin ?? undefined,
    socialProviders: new SocialProviders(configuredProviders(config), keys.social, now),
  });
  return {
    accounts,
    async close() {
      mailer.close();
      await redis?.quit().catch(() => {});
    },
  };
}

/** The providers with both a client id and a secret in the configuration. */
export function configuredProviders(config: Config): ProviderSettings[] {
  // Google and Apple by OpenID Connect discovery on their issuer; Facebook by its plain OAuth 2 endpoints.
  const openIdConnect = [
    {
      provider: "google",
      id: config.GOOGLE_CLIENT_ID,
      secret: config.GOOGLE_CLIENT_SECRET,
      issuer: config.GOOGLE_ISSUER ?? "https://accounts.google.com",
    },
    {
      provider: "apple",
      id: config.APPLE_CLIENT_ID,
      secret: config.APPLE_CLIENT_SECRET,
      issuer: config.APPLE_ISSUER ?? "https://appleid.apple.com",
    },
  ] as const;
  const out: ProviderSettings[] = [];
  for (const { provider, id, secret, issuer } of openIdConnect)
    if (id && secret) out.push({ provider, issuer, clientId: id, clientSecret: secret });
  if (config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET) {
    out.push({
      provider: "facebook",
      clientId: config.FACEBOOK_CLIENT_ID,
      clientSecret: config.FACEBOOK_CLIENT_SECRET,
      oauth: {
        authorization: config.FACEBOOK_AUTHORIZATION_URL,
        token: config.FACEBOOK_TOKEN_URL,
        me: config.FACEBOOK_ME_URL,
        scope: config.FACEBOOK_SCOPE,
      },
    });
  }
  return out;
}
