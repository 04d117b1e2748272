/** The one place that reads the environment. Every setting is optional; .env.example documents them. */
import { z } from "zod";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
  .optional();

const schema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default("0.0.0.0")),
  DATABASE_URL: z.preprocess(emptyAsUndefined, postgresUrl),
  /** Earlier name of a single DATABASE_REPLICA_URL; still read. */
  DATABASE_READ_URL: z.preprocess(emptyAsUndefined, postgresUrl),
  /** Streaming replicas that pages, searches and the listing facts read (comma-separated; docs/decisions/106). */
  DATABASE_REPLICA_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/[^,\s]+(\s*,\s*postgres(ql)?:\/\/[^,\s]+)*$/, "must be postgres:// URLs separated by commas")
      .optional(),
  ),
  /** A replica whose replay lags more than this is not read from until it catches up; reads go to the primary. */
  REPLICA_MAX_LAG_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(600_000).default(1000)),
  /** How often each process measures every replica's lag. */
  REPLICA_CHECK_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(60_000).default(500)),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default("var/db")),
  DEMO_COUNT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(5_000_000).default(30_000)),
  DEMO_SEED: z.preprocess(emptyAsUndefined, z.string().min(1).max(100).default("casa")),
  DEMO_REFERENCE_DATE: z.preprocess(emptyAsUndefined, z.iso.date().optional()),
  // Replace a dataset made with another DEMO_SEED or DEMO_COUNT (and every change made to its listings since).
  DEMO_RELOAD: z.preprocess(emptyAsUndefined, z.enum(["0", "1"]).default("0")),
  /** A MapLibre style for the search map in production (docs/decisions/057); unset: the built-in offline style. */
  MAP_STYLE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  ISOCHRONE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  SEARCH_FACTS: z.preprocess(emptyAsUndefined, z.enum(["auto", "on", "off"]).default("auto")),
  /** After a lead, offer to save the search the seeker came from (seed 001 §4 "Favourites": it can be disabled). */
  SAVE_SEARCH_PROPOSAL_AFTER_LEAD: z.preprocess(emptyAsUndefined, z.enum(["on", "off"]).default("on")),
  /** How often each process reads other processes' logouts everywhere (app/account/session-revocations.server.ts, decision 042). */
  SESSION_REVOCATIONS_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(60_000).default(2000)),
  LISTING_CHANGES_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(60_000).default(1000)),
  // Accounts and sessions (docs/decisions/042): the key that signs session tokens (at least 32
  // characters; unset: a random one per process, with a warning), where mail links point, SMTP.
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  /**
   * The development outbox page /sviluppo/posta/ (login codes and reset links of every account), served only
   * to this machine's own connections (docs/decisions/074). `npm start` turns it on for the demo; refused in production.
   */
  DEV_OUTBOX: z.preprocess(emptyAsUndefined, z.enum(["on", "off"]).default("off")),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).default("casa.it <noreply@casa.example>")),
  // The mail queue (server/mail-queue.ts): how often each process looks for due mail, and the first retry delay (doubling, at most 10 min).
  MAIL_QUEUE_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(60_000).default(1000)),
  // Alerts (server/alert-matcher.ts): how often each process looks for listing events to match.
  ALERTS_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(60_000).default(1000)),
  // Publishers' listings not confirmed for 30 days expire (server/listing-expiry.ts): how often each process looks.
  LISTING_EXPIRY_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(3_600_000).default(60_000)),
  // Feed imports (docs/decisions/097): the largest feed accepted, in bytes after decompression.
  FEED_MAX_BYTES: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(1024)
      .max(4 * 1024 ** 3)
      .default(300 * 1024 * 1024),
  ),
  // Scheduled feed pulls (server/feed-puller.ts, docs/decisions/135): how often each process looks for due sources,
  // how long a feed's server may stay silent, and whether a source may be on a private network (tests; never on the web).
  FEED_PULL_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(3_600_000).default(60_000)),
  FEED_PULL_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(30_000)),
  FEED_PULL_ALLOW_PRIVATE: z.preprocess(emptyAsUndefined, z.enum(["on", "off"]).default("off")),
  // Feed photos by address (server/feed-photo-downloader.ts, docs/decisions/141): how often each process looks for
  // addresses to download, how long one download may take, and the first wait after a failed try (doubled each time).
  // Private addresses follow FEED_PULL_ALLOW_PRIVATE.
  FEED_PHOTO_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(3_600_000).default(30_000)),
  // off: this process records a feed's photo addresses but downloads none (other processes do; bench:publishing
  // measures an import alone with it).
  FEED_PHOTO_DOWNLOADS: z.preprocess(emptyAsUndefined, z.enum(["on", "off"]).default("on")),
  FEED_PHOTO_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(30_000)),
  FEED_PHOTO_RETRY_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(1000)
      .max(86_400_000)
      .default(15 * 60_000),
  ),
  // A downloaded feed photo whose address a feed lists again this long after it was fetched or confirmed is asked
  // again with its HTTP validators, and replaced when its file changed (docs/decisions/145).
  FEED_PHOTO_RECHECK_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(60_000)
      .max(365 * 86_400_000)
      .default(7 * 86_400_000),
  ),
  // `npm run demo:live` (server/demo-live.ts): generated listings and price drops per minute, from one process; 0 = off.
  DEMO_LIVE_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(6000).default(0)),
  // How long the mail queue and the alert matcher hold what they claimed before another process may take it
  // (a process killed mid-batch: its work is due again then). Tests of crashes shorten it.
  WORK_LEASE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(500).max(3_600_000).default(120_000)),
  // How often each process looks for daily alert digests that are due (docs/decisions/092).
  ALERTS_DIGEST_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(600_000).default(30_000)),
  MAIL_RETRY_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(600_000).default(5000)),
  // After this many refusals for good (5xx at RCPT or DATA) an address gets no more alert mails (docs/decisions/118).
  MAIL_BOUNCE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(3)),
  // Bounce reports mailed back later (DSNs, docs/decisions/131): the port of the portal's own inbound SMTP listener
  // (unset: none, and mail keeps MAIL_FROM as its envelope sender; 0: any free port, for tests), and the domain of
  // the signed per-mail bounce addresses (its MX must reach that port; default: MAIL_FROM's domain).
  BOUNCE_SMTP_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65_535).optional()),
  BOUNCE_DOMAIN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(253)
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i, "must be a domain name")
      .optional(),
  ),
  // STARTTLS on that listener (decision 131): the certificate and private key files (PEM) for BOUNCE_DOMAIN, both or
  // neither; without them the listener offers no STARTTLS and reports arrive in clear, as many servers still send them.
  BOUNCE_TLS_CERT_FILE: z.preprocess(emptyAsUndefined, z.string().max(4096).optional()),
  BOUNCE_TLS_KEY_FILE: z.preprocess(emptyAsUndefined, z.string().max(4096).optional()),
  // Web push alerts (docs/decisions/116): how often each process looks for due pushes, how long a push service
  // may take to answer, the first retry delay (doubling), and after how many attempts a push is given up.
  PUSH_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(60_000).default(1000)),
  PUSH_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(120_000).default(10_000)),
  PUSH_RETRY_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).max(600_000).default(5000)),
  PUSH_MAX_ATTEMPTS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(30).default(5)),
  // Origins besides the browsers' push services that subscriptions may name (comma-separated, e.g. a test's
  // loopback push service http://127.0.0.1:9000). Never needed in production.
  PUSH_EXTRA_ORIGINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(2000)
      .default("")
      .transform((s) =>
        s
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/ })))
      .transform((origins) => origins.map((o) => new URL(o).origin)),
  ),
  // Social login (OpenID Connect): a provider appears only when its client id and secret are set.
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().max(500).optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().max(2000).optional()),
  GOOGLE_ISSUER: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  APPLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().max(500).optional()),
  APPLE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().max(2000).optional()),
  APPLE_ISSUER: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  FACEBOOK_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().max(500).optional()),
  FACEBOOK_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().max(2000).optional()),
  // Facebook's web login is OAuth 2 with the Graph API's /me, not an OpenID Connect code flow (decision 044).
  FACEBOOK_AUTHORIZATION_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/ }).default("https://www.facebook.com/v21.0/dialog/oauth"),
  ),
  FACEBOOK_TOKEN_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/ }).default("https://graph.facebook.com/v21.0/oauth/access_token"),
  ),
  FACEBOOK_ME_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/ }).default("https://graph.facebook.com/v21.0/me?fields=id,name,email"),
  ),
  FACEBOOK_SCOPE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w ]{1,200}$/)
      .default("email public_profile"),
  ),
  BOT_CHECK_COST: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(1000)),
  /** Shared rate-limit counters across processes (server/rate-limit.ts); unset: counted in memory. */
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// URL")
      .optional(),
  ),
  RATE_LIMIT_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w:.-]{1,60}$/, "letters, digits, : . - _")
      .default("casa:rl"),
  ),
  /** Scales every per-client limit (2 doubles them); 0 turns rate limiting off. */
  RATE_LIMIT_MULTIPLIER: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(10_000).default(1)),
  /** Proxies in front of the portal whose X-Forwarded-For is believed (0: the socket address is the client). */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10).default(0)),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  // The origin of every absolute link (canonical, hreflang, JSON-LD, mails) and the only one forms are accepted
  // from. Unset: pages and same-origin checks use the Host the client used, mails http://localhost:PORT (decision 078).
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  // PostgreSQL statement_timeout of every pooled connection: a slow query fails (503) instead of holding a connection.
  STATEMENT_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(600_000).default(5000)),
  // GET and HEAD requests each process serves at once; more wait their turn in order (server/request-queue.ts).
  REQUEST_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(2)),
  // Requests that may wait for a turn in each process; past that a read is answered 503 with Retry-After.
  REQUEST_QUEUE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(100_000).default(256)),
  // Pages and search APIs running at once in each process, with a turn or past it (default 4 × REQUEST_CONCURRENCY):
  // when the database is slow, admission stops here instead of piling up work (docs/decisions/087).
  REQUEST_MAX_IN_FLIGHT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000).optional()),
  // The longest a request waits for its turn; then it is answered 503 "overloaded" with Retry-After.
  REQUEST_QUEUE_WAIT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(600_000).default(3000)),
  // Worker processes on PostgreSQL (default: one per core); the embedded database always runs one.
  WEB_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(256).optional()),
});

export type Config = Omit<z.infer<typeof schema>, "PUBLIC_URL"> & {
  referenceDate: Date;
  /** DATABASE_REPLICA_URL's URLs (and DATABASE_READ_URL's), in order. */
  replicaUrls: string[];
  /** PUBLIC_URL as an origin with no trailing slash; null when unset (the server then uses http://localhost:<its port>). */
  publicOrigin: string | null;
  /** True when PUBLIC_URL is https: pages then send Strict-Transport-Security. */
  publicHttps: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * True when the environment declares a production deployment: NODE_ENV=production set by the operator (not
 * the default scripts/ensure-build.ts gives React, marked by NODE_ENV_DEFAULTED) or an https PUBLIC_URL.
 */
export function declaresProduction(env: Record<string, string | undefined>): boolean {
  const operatorNodeEnv = env.NODE_ENV_DEFAULTED === "1" ? undefined : env.NODE_ENV;
  return operatorNodeEnv === "production" || /^https:/i.test(env.PUBLIC_URL?.trim() ?? "");
}

/** The demo start (`npm start`, README) shows mail in the local outbox unless DEV_OUTBOX is given or the environment is production. */
export function demoStartTurnsOutboxOn(env: Record<string, string | undefined>): boolean {
  return !env.DEV_OUTBOX && !declaresProduction(env);
}

/** Parses the environment; throws ConfigError naming every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const today = new Date();
  const referenceDate = result.data.DEMO_REFERENCE_DATE
    ? new Date(`${result.data.DEMO_REFERENCE_DATE}T00:00:00Z`)
    : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (result.data.DEV_OUTBOX === "on" && declaresProduction(env)) {
    throw new ConfigError(
      "invalid configuration: DEV_OUTBOX: the development outbox shows every account's login codes and links; it cannot be on with NODE_ENV=production or an https PUBLIC_URL",
    );
  }
  const { PUBLIC_URL, ...settings } = result.data;
  const publicUrl = PUBLIC_URL ? new URL(PUBLIC_URL) : null;
  if (publicUrl && (publicUrl.pathname !== "/" || publicUrl.search || publicUrl.hash || publicUrl.username)) {
    throw new ConfigError("invalid configuration: PUBLIC_URL: must be an origin such as https://casa.example (no path, query or user)");
  }
  const replicaUrls = [
    ...(settings.DATABASE_REPLICA_URL ?? "")
      .split(",")
      .map((u) => u.trim())
      .filter((u) => u !== ""),
    ...(settings.DATABASE_READ_URL ? [settings.DATABASE_READ_URL] : []),
  ];
  if (Boolean(settings.BOUNCE_TLS_CERT_FILE) !== Boolean(settings.BOUNCE_TLS_KEY_FILE)) {
    throw new ConfigError(
      "invalid configuration: BOUNCE_TLS_CERT_FILE and BOUNCE_TLS_KEY_FILE: set both (STARTTLS needs the certificate and its key) or neither",
    );
  }
  if (replicaUrls.length > 0 && !settings.DATABASE_URL) {
    throw new ConfigError("invalid configuration: DATABASE_REPLICA_URL: replicas need DATABASE_URL, their primary");
  }
  return {
    ...settings,
    referenceDate,
    replicaUrls,
    publicOrigin: publicUrl?.origin ?? null,
    publicHttps: publicUrl?.protocol === "https:",
  };
}
