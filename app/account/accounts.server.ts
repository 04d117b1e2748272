/**
 * The accounts feature as the routes get it (app/services.ts `accounts`): one object per process, made by the
 * host (server/account-setup.ts), whose parts each own one line of work. Routes authorise (app/api/policies.server.ts),
 * validate with core/account/validation.ts and call one command of one part (the chain of app/api/endpoint.server.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Logger } from "../../server/logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { AccountDeletion } from "./account-deletion.server.ts";
import type { BotCheck } from "./bot-check.server.ts";
import { Consents } from "./consents.server.ts";
import type { AccountContext } from "./context.server.ts";
import { Credentials } from "./credentials.server.ts";
import type { AccountLimits } from "./rate-limits.server.ts";
import { Registration } from "./registration.server.ts";
import { SessionRevocations } from "./session-revocations.server.ts";
import { Sessions } from "./sessions.server.ts";
import { SocialLogin } from "./social-login.server.ts";
import type { SocialProviders } from "./social-providers.server.ts";
import type { AccountKeys } from "./tokens.server.ts";

export interface AccountsOptions {
  db: Kysely<Database>;
  logger: Logger;
  keys: AccountKeys;
  mailer: Mailer;
  limits: AccountLimits;
  botCheck: BotCheck;
  socialProviders: SocialProviders;
  now: () => number;
  /** Where mail links point (PUBLIC_URL), else the request's own origin. */
  publicUrl?: string;
}

export class Accounts {
  /** Session tokens, renewal, logout; `revocations.follow()` reads other processes' logouts. */
  readonly sessions: Sessions;
  readonly revocations: SessionRevocations;
  /** Password and one-time code logins, password resets. */
  readonly credentials: Credentials;
  /** Registration, the verification link, completing a registration. */
  readonly registration: Registration;
  /** Google, Apple, Facebook: the providers' flows and the login they end in. */
  readonly socialProviders: SocialProviders;
  readonly socialLogin: SocialLogin;
  readonly consents: Consents;
  readonly deletion: AccountDeletion;
  readonly keys: AccountKeys;
  readonly mailer: Mailer;
  readonly botCheck: BotCheck;
  /** PUBLIC_URL's origin, also accepted as a same-origin Origin header. */
  readonly publicOrigin?: string;

  constructor(options: AccountsOptions) {
    const revocations = new SessionRevocations(options.db, options.now);
    const ctx: AccountContext = {
      db: options.db,
      logger: options.logger,
      keys: options.keys,
      mailer: options.mailer,
      limits: options.limits,
      revocations,
      now: options.now,
      publicUrl: options.publicUrl,
    };
    this.revocations = revocations;
    this.sessions = new Sessions(ctx);
    this.credentials = new Credentials(ctx, this.sessions);
    this.registration = new Registration(ctx, this.sessions, options.botCheck);
    this.socialProviders = options.socialProviders;
    this.socialLogin = new SocialLogin(ctx, this.sessions);
    this.consents = new Consents(ctx, this.sessions);
    this.deletion = new AccountDeletion(ctx);
    this.keys = options.keys;
    this.mailer = options.mailer;
    this.botCheck = options.botCheck;
    this.publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  }
}
