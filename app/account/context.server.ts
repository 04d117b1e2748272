/**
 * What every account command works with (app/account/accounts.server.ts builds it once per process), and the
 * two things several commands do with it: a link for a mail, and a mail sent without making the answer wait.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Logger } from "../../server/logger.ts";
import type { Mailer, MailContent } from "../mail/mailer.ts";
import type { AccountLimits } from "./rate-limits.server.ts";
import type { SessionRevocations } from "./session-revocations.server.ts";
import type { Sessions } from "./sessions.server.ts";
import type { AccountKeys } from "./tokens.server.ts";

export interface AccountContext {
  db: Kysely<Database>;
  logger: Logger;
  keys: AccountKeys;
  mailer: Mailer;
  limits: AccountLimits;
  /** Sessions that no longer count, in this process (followed from the others). */
  revocations: SessionRevocations;
  now: () => number;
  /** Where mail links point (PUBLIC_URL), else the request's own origin. */
  publicUrl?: string;
}

/** A part of the accounts feature that works with the shared context and starts or reissues sessions. */
export abstract class AccountPart {
  protected readonly ctx: AccountContext;
  protected readonly sessions: Sessions;

  constructor(ctx: AccountContext, sessions: Sessions) {
    this.ctx = ctx;
    this.sessions = sessions;
  }
}

/** A link in an account mail: on PUBLIC_URL when set, else on the origin the request came to. */
export function mailLink(ctx: AccountContext, origin: string, path: string): string {
  return `${ctx.publicUrl ?? origin}${path}`;
}

/**
 * Sends without making the caller wait: answers take the same time whether or not a mail goes out. The
 * process's mailer queues account mail durably (server/mailer.ts queuedMailer), so only queuing can fail here.
 */
export function sendLater(ctx: AccountContext, to: string, content: MailContent): void {
  ctx.mailer.send(to, content).catch((error: unknown) => ctx.logger.error({ err: error, subject: content.subject }, "mail not sent"));
}
