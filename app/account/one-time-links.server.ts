/** The single-use links of account mails (e-mail verification, password reset): issued, and used up once. */
import { AccountError } from "../../core/account/account-error.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { consumeSecret, findSecretByHash, issueOneTimeSecret, type SecretPurpose } from "../../db/sessions.ts";
import { findUserById, type UserRecord } from "../../db/users.ts";
import type { AccountContext } from "./context.server.ts";
import { hashSecret, newLinkToken } from "./tokens.server.ts";

const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Could this be a link token at all? (Anything else is refused without a database read.) */
export function isLinkToken(token: string): boolean {
  return LINK_TOKEN_PATTERN.test(token);
}

/** A new link token for the user, valid for `ttlMs`; only its hash is stored. */
export async function issueLinkToken(ctx: AccountContext, userId: number, purpose: SecretPurpose, ttlMs: number): Promise<string> {
  const token = newLinkToken();
  await issueOneTimeSecret(
    ctx.db,
    { userId, purpose, secretHash: hashSecret(token), expiresAt: new Date(ctx.now() + ttlMs) },
    new Date(ctx.now()),
  );
  return token;
}

/** Uses a link token up and returns its user; 400 'link not valid' on the token field otherwise. */
export async function consumeLinkToken(ctx: AccountContext, token: string, purpose: SecretPurpose): Promise<UserRecord> {
  if (!isLinkToken(token)) throw new AccountError(400, accountMessages.linkInvalid, "token");
  const secret = await findSecretByHash(ctx.db, hashSecret(token), purpose);
  if (!secret || secret.usedAt || secret.expiresAt.getTime() <= ctx.now())
    throw new AccountError(400, accountMessages.linkInvalid, "token");
  if (!(await consumeSecret(ctx.db, secret.id, new Date(ctx.now())))) throw new AccountError(400, accountMessages.linkInvalid, "token");
  const user = await findUserById(ctx.db, secret.userId);
  if (!user) throw new AccountError(400, accountMessages.linkInvalid, "token");
  return user;
}
