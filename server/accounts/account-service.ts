/**
 * Accounts and sessions: the commands behind the account endpoints and the per-request session check.
 * Routes stay thin: they validate with core/account/validation.ts and call one method here.
 */
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import type { Kysely } from "kysely";
import { TERMS_THRESHOLD_SECONDS } from "../../core/account/consent.ts";
import { decideSession, REMEMBER_ME_TTL_MS, SESSION_TOKEN_TTL_MS } from "../../core/account/session-check.ts";
import { accountMessages, CONSENT_TYPES, passwordGuessableMessage, type RegistrationInput } from "../../core/account/validation.ts";
import type { Database } from "../../db/schema.ts";
import {
  consumeSecret,
  countFailedAttempt,
  findLatestSecret,
  findRememberToken,
  findSecretByHash,
  insertRememberToken,
  issueOneTimeSecret,
  pruneSessionRevocations,
  recordSessionRevocation,
  revokeAllSessions,
  revokeRememberToken,
  rotateRememberToken,
  sessionRevocationsSince,
  type SecretPurpose,
} from "../../db/sessions.ts";
import {
  claimUnverifiedAccount,
  countAgenciesWithoutAccount,
  createDemoPublisherAccounts,
  createUser,
  deleteUser,
  findConsents,
  findUserByEmail,
  findUserById,
  findUserByIdentity,
  linkIdentity,
  markEmailVerified,
  recordConsents,
  recordLogin,
  setPasswordAndRevokeSessions,
  setProfile,
  type UserRecord,
} from "../../db/users.ts";
import type { Logger } from "../logger.ts";
import type { BotCheck } from "./bot-check.ts";
import type { SocialIdentity, SocialLogin } from "./social.ts";
import {
  clearCookie,
  CSRF_COOKIE,
  parseCookies,
  REMEMBER_COOKIE,
  rewriteCookieHeader,
  serializeCookie,
  SESSION_COOKIE,
  type CookieTarget,
} from "./cookies.ts";
import {
  alreadyRegisteredMail,
  CODE_TTL_MINUTES,
  oneTimeCodeMail,
  passwordResetMail,
  RESET_TTL_MINUTES,
  VERIFY_TTL_HOURS,
  verificationMail,
  type MailContent,
} from "./mail-templates.tsx";
import type { Mailer } from "./mailer.ts";
import { isGuessablePassword } from "./password-strength.ts";
import type { AccountLimits, LimitName } from "./rate-limits.ts";
import {
  codeMatches,
  formatRememberValue,
  hashCode,
  hashSecret,
  newCsrfCookie,
  newLinkToken,
  newOneTimeCode,
  newRememberValue,
  parseRememberValue,
  secretMatches,
  signSessionToken,
  verifySessionToken,
  type AccountKeys,
  type SessionClaims,
} from "./tokens.ts";

/** A refusal the user can act on: status and Italian message (and the field, for forms). */
export class AccountError extends Error {
  override name = "AccountError";
  readonly status: number;
  readonly field?: string;
  constructor(status: number, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/** What became of a verification link: only a "valid" one confirms the address (or disowns the account). */
export type VerificationLinkState = "valid" | "used" | "superseded" | "invalid";

const verificationLinkRefusals: Record<Exclude<VerificationLinkState, "valid">, string> = {
  used: accountMessages.linkUsed,
  superseded: accountMessages.linkSuperseded,
  invalid: accountMessages.linkInvalid,
};

const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A remember-me token rotated this recently was probably raced by a parallel request, not stolen. */
const ROTATION_GRACE_MS = 60_000;
const MAX_CODE_ATTEMPTS = 5;

export interface SessionIssue {
  claims: SessionClaims;
  setCookies: string[];
  rememberExpires: Date;
  /** The account's first login (seed 001 §4 "After login": 'welcome' rather than 'welcomeback'). */
  firstLogin?: boolean;
}

export interface AccountServiceOptions {
  db: Kysely<Database>;
  logger: Logger;
  keys: AccountKeys;
  mailer: Mailer;
  limits: AccountLimits;
  botCheck: BotCheck;
  social: SocialLogin;
  now: () => number;
  /** Where mail links point (PUBLIC_URL), else the request's own origin. */
  publicUrl?: string;
}

/** How far back each read of the revocations reaches behind the newest one seen (late commits, clock skew). */
const REVOCATION_READ_OVERLAP_MS = 30_000;

export class AccountService {
  readonly db: Kysely<Database>;
  readonly keys: AccountKeys;
  readonly mailer: Mailer;
  readonly botCheck: BotCheck;
  readonly limits: AccountLimits;
  readonly social: SocialLogin;
  readonly now: () => number;
  private readonly logger: Logger;
  private readonly publicUrl?: string;
  /**
   * Users logged out everywhere, reset or deleted: their session tokens issued up to this time (seconds) no
   * longer count. Set at once by this process, and by followRevocations() for what other processes did.
   */
  private readonly revokedBefore = new Map<number, number>();
  /** Sessions ended by a logout (a session token's `sid` → when, ms), here or in another process (followRevocations). */
  private readonly revokedSessions = new Map<string, number>();
  /** The newest revocation read from the database (ms); the next read starts a little before it. */
  private revocationsReadUpTo = 0;
  private dummyHash: Promise<string> | null = null;
  /** PUBLIC_URL's origin, also accepted as a same-origin Origin header. */
  readonly publicOrigin?: string;

  constructor(options: AccountServiceOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.keys = options.keys;
    this.mailer = options.mailer;
    this.limits = options.limits;
    this.botCheck = options.botCheck;
    this.social = options.social;
    this.now = options.now;
    this.publicUrl = options.publicUrl;
    this.publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  }

  // ─── Per request ──────────────────────────────────────────────────────────────────────────────

  /** The user a session token vouches for (HMAC only, no database read), or null. */
  readSession(cookieHeader: string | null | undefined): SessionClaims | null {
    const cookies = parseCookies(cookieHeader);
    if (!cookies[REMEMBER_COOKIE] || cookies[REMEMBER_COOKIE] === "undefined") return null; // §4 step 1–2
    const claims = verifySessionToken(cookies[SESSION_COOKIE], this.keys.session, this.now());
    if (!claims) return null;
    if (claims.sid !== undefined && this.revokedSessions.has(claims.sid)) return null;
    const revoked = this.revokedBefore.get(claims.uid);
    return revoked !== undefined && claims.iat <= revoked ? null : claims;
  }

  /**
   * The session check of seed 001 §4, run before a request reaches the routes: renews the session from
   * the remember-me token when needed (rotating it), clears unusable cookies, and gives a browser
   * without one its CSRF cookie. Returns the cookies to set and the Cookie header routes should see.
   */
  async checkRequest(
    cookieHeader: string | undefined,
    target: CookieTarget,
    wantsCsrf: boolean,
  ): Promise<{ setCookies: string[]; cookieHeader: string | undefined }> {
    const cookies = parseCookies(cookieHeader);
    const now = this.now();
    const remember = cookies[REMEMBER_COOKIE];
    const parsed = parseRememberValue(remember, now);
    const setCookies: string[] = [];
    const changes: Record<string, string | null> = {};
    const decision = decideSession({
      rememberMe: remember,
      rememberIssuedAt: parsed ? parsed.issuedAt * 1000 : null,
      sessionTokenValid: this.readSession(cookieHeader) !== null,
      now,
    });
    if (decision.action === "clear") {
      setCookies.push(clearCookie(REMEMBER_COOKIE, target), clearCookie(SESSION_COOKIE, target));
      changes[REMEMBER_COOKIE] = null;
      changes[SESSION_COOKIE] = null;
    } else if (decision.action === "renew") {
      const renewed = await this.renew(remember, target).catch((error: unknown) => {
        this.logger.error(error, "session renewal failed"); // §8: logged, the user is unauthenticated
        return { outcome: "keep" as const };
      });
      if (renewed.outcome === "renewed") {
        setCookies.push(...renewed.issue.setCookies);
        changes[SESSION_COOKIE] = renewed.sessionToken;
        changes[REMEMBER_COOKIE] = renewed.rememberValue;
      } else if (renewed.outcome === "clear") {
        setCookies.push(clearCookie(REMEMBER_COOKIE, target), clearCookie(SESSION_COOKIE, target));
        changes[REMEMBER_COOKIE] = null;
        changes[SESSION_COOKIE] = null;
      } else {
        changes[SESSION_COOKIE] = null; // this request is anonymous; the cookies stay for the racing one
      }
    }
    if (wantsCsrf && !cookies[CSRF_COOKIE]) {
      const value = newCsrfCookie();
      setCookies.push(serializeCookie(CSRF_COOKIE, value, target, 200 * 24 * 60 * 60));
      changes[CSRF_COOKIE] = value;
    }
    return { setCookies, cookieHeader: Object.keys(changes).length ? rewriteCookieHeader(cookieHeader, changes) : cookieHeader };
  }

  /**
   * Renews the session from a remember-me value: checks it against its stored hash, rotates it
   * (the old one stops working) and issues a new session token. A rotated token presented again
   * after the grace period looks stolen: every session of that user is revoked.
   */
  async renew(
    rememberRaw: string | undefined,
    target: CookieTarget,
  ): Promise<
    | { outcome: "renewed"; issue: SessionIssue; sessionToken: string; rememberValue: string; user: UserRecord }
    | { outcome: "clear" }
    | { outcome: "keep" }
  > {
    const now = this.now();
    const parsed = parseRememberValue(rememberRaw, now);
    if (!parsed) return { outcome: "clear" };
    const stored = await findRememberToken(this.db, parsed.id);
    if (!stored || !secretMatches(parsed.secret, stored.secretHash) || stored.expiresAt.getTime() <= now) return { outcome: "clear" };
    if (stored.revokedAt) {
      if (stored.replacedBy && now - stored.revokedAt.getTime() < ROTATION_GRACE_MS) return { outcome: "keep" };
      if (stored.replacedBy) {
        this.logger.warn({ userId: stored.userId }, "rotated remember-me token reused: revoking every session of the user");
        await this.logoutEverywhere(stored.userId);
      }
      return { outcome: "clear" };
    }
    const user = await findUserById(this.db, stored.userId);
    if (!user) return { outcome: "clear" };
    const next = newRememberValue(now);
    const rotated = await rotateRememberToken(
      this.db,
      stored.id,
      {
        id: next.id,
        userId: user.id,
        secretHash: hashSecret(next.secret),
        issuedAt: new Date(next.issuedAt * 1000),
        expiresAt: stored.expiresAt,
      },
      new Date(now),
    );
    if (!rotated) return { outcome: "keep" };
    const issue = this.sessionCookies(user, next, stored.expiresAt, target);
    return {
      outcome: "renewed",
      issue,
      sessionToken: signSessionToken(issue.claims, this.keys.session),
      rememberValue: formatRememberValue(next),
      user,
    };
  }

  /** `sessionId`: the remember-me token id the browser holds with this session token (a logout revokes it). */
  private claimsFor(user: UserRecord, sessionId: string | undefined): SessionClaims {
    // Fractional seconds: a login right after a logout-everywhere in the same second must still count.
    const iat = this.now() / 1000;
    return {
      uid: user.id,
      name: user.displayName,
      email: user.email,
      phone: user.phone,
      ver: user.emailVerifiedAt !== null,
      lt: user.loginType,
      tc: user.lastPrivacyAcceptanceAt ? Math.floor(user.lastPrivacyAcceptanceAt.getTime() / 1000) : null,
      ti: user.trustedIdentity,
      ...(sessionId !== undefined ? { sid: sessionId } : {}),
      iat,
      exp: Math.floor(iat) + SESSION_TOKEN_TTL_MS / 1000,
    };
  }

  private sessionCookies(
    user: UserRecord,
    remember: ReturnType<typeof newRememberValue>,
    rememberExpires: Date,
    target: CookieTarget,
  ): SessionIssue {
    const claims = this.claimsFor(user, remember.id);
    return {
      claims,
      rememberExpires,
      setCookies: [
        serializeCookie(SESSION_COOKIE, signSessionToken(claims, this.keys.session), target, SESSION_TOKEN_TTL_MS / 1000),
        serializeCookie(REMEMBER_COOKIE, formatRememberValue(remember), target, (rememberExpires.getTime() - this.now()) / 1000),
      ],
    };
  }

  /** A fresh session (new tokens at every login: no fixation). Any remember-me the browser held is revoked. */
  private async startSession(user: UserRecord, medium: string, target: CookieTarget, previousRemember?: string): Promise<SessionIssue> {
    const now = this.now();
    const old = parseRememberValue(previousRemember, now);
    if (old) await revokeRememberToken(this.db, old.id, new Date(now));
    await recordLogin(this.db, user.id, medium, new Date(now));
    const remember = newRememberValue(now);
    const expires = new Date(now + REMEMBER_ME_TTL_MS);
    await insertRememberToken(this.db, {
      id: remember.id,
      userId: user.id,
      secretHash: hashSecret(remember.secret),
      issuedAt: new Date(remember.issuedAt * 1000),
      expiresAt: expires,
    });
    return { ...this.sessionCookies({ ...user, loginType: medium }, remember, expires, target), firstLogin: user.lastLoginAt === null };
  }

  // ─── Commands ─────────────────────────────────────────────────────────────────────────────────

  private async limited(names: [LimitName, string][]): Promise<void> {
    for (const [name, key] of names) await this.limits.assertAllowed(name, key);
  }

  private link(origin: string, path: string): string {
    return `${this.publicUrl ?? origin}${path}`;
  }

  /** Sends without making the caller wait: answers take the same time whether or not a mail goes out. */
  private sendLater(to: string, content: MailContent): void {
    this.mailer.send(to, content).catch((error: unknown) => this.logger.error({ err: error, subject: content.subject }, "mail not sent"));
  }

  /** Refuses a common or guessable password (registration, reset, completing a registration): 400 on the field. */
  private async assertStrongPassword(password: string, user: { email: string; displayName: string } | null): Promise<void> {
    if (await isGuessablePassword(password, user ? [user.email, user.displayName] : []))
      throw new AccountError(400, passwordGuessableMessage, "password");
  }

  private passwordVerifier(): Promise<string> {
    this.dummyHash ??= argon2Hash(newLinkToken());
    return this.dummyHash;
  }

  /**
   * Registration. The answer is the same whether or not the e-mail already has an account (no
   * enumeration): a new account gets a verification mail, an existing one a "you already have an
   * account" mail.
   */
  /**
   * `botCheck: "fallback"` is the plain-HTML form without JavaScript, which cannot do the proof of
   * work: it gets a much lower per-address allowance instead (docs/decisions/043).
   */
  async register(input: RegistrationInput, ip: string, origin: string, botCheck: "required" | "fallback"): Promise<void> {
    await this.limits.take("registrationsByAddress", ip);
    if (botCheck === "fallback") await this.limits.take("registrationsWithoutBotCheckByAddress", ip);
    else if (!(await this.botCheck.verify(input.botCheck))) throw new AccountError(400, accountMessages.botCheckFailed, "botCheck");
    await this.assertStrongPassword(input.password, input);
    const passwordHash = await argon2Hash(input.password);
    const consents: Record<string, boolean> = { privacy: true, ...(input.type !== "privacy" ? { [input.type]: true } : {}) };
    const user = await createUser(this.db, {
      email: input.email,
      displayName: input.displayName,
      passwordHash,
      consents,
      now: new Date(this.now()),
    });
    if (!user) {
      const existing = await findUserByEmail(this.db, input.email);
      if (existing)
        this.sendLater(
          existing.email,
          alreadyRegisteredMail(existing.displayName, this.link(origin, "/accedi/"), this.link(origin, "/password-dimenticata/")),
        );
      return;
    }
    const token = await this.issueLinkToken(user.id, "verify-email", VERIFY_TTL_HOURS * 60 * 60 * 1000);
    this.sendLater(user.email, verificationMail(user.displayName, this.link(origin, `/verifica-email/?token=${token}`)));
  }

  private async issueLinkToken(userId: number, purpose: SecretPurpose, ttlMs: number): Promise<string> {
    const token = newLinkToken();
    await issueOneTimeSecret(
      this.db,
      { userId, purpose, secretHash: hashSecret(token), expiresAt: new Date(this.now() + ttlMs) },
      new Date(this.now()),
    );
    return token;
  }

  private async consumeLinkToken(token: string, purpose: SecretPurpose): Promise<UserRecord> {
    if (!LINK_TOKEN_PATTERN.test(token)) throw new AccountError(400, accountMessages.linkInvalid, "token");
    const secret = await findSecretByHash(this.db, hashSecret(token), purpose);
    if (!secret || secret.usedAt || secret.expiresAt.getTime() <= this.now())
      throw new AccountError(400, accountMessages.linkInvalid, "token");
    if (!(await consumeSecret(this.db, secret.id, new Date(this.now())))) throw new AccountError(400, accountMessages.linkInvalid, "token");
    const user = await findUserById(this.db, secret.userId);
    if (!user) throw new AccountError(400, accountMessages.linkInvalid, "token");
    return user;
  }

  /**
   * What a verification link can still do, read without using it (the page shows its buttons only for a
   * usable link). A link works while its account is unverified: once the address was confirmed another
   * way (a code, a social login, a reset) the link is superseded and logs nobody in.
   */
  async verificationLinkState(token: string): Promise<VerificationLinkState> {
    return (await this.readVerificationLink(token)).state;
  }

  private async readVerificationLink(token: string): Promise<{ state: VerificationLinkState; secretId?: number; user?: UserRecord }> {
    if (!LINK_TOKEN_PATTERN.test(token)) return { state: "invalid" };
    const secret = await findSecretByHash(this.db, hashSecret(token), "verify-email");
    const user = secret ? await findUserById(this.db, secret.userId) : null;
    if (!secret || !user) return { state: "invalid" };
    // An account gets one verification link (at registration), so a used one was used by its own click.
    if (secret.usedAt) return { state: "used" };
    if (user.emailVerifiedAt) return { state: "superseded" };
    if (secret.expiresAt.getTime() <= this.now()) return { state: "invalid" };
    return { state: "valid", secretId: secret.id, user };
  }

  /** Uses a verification link once, or refuses with what became of it. */
  private async spendVerificationLink(token: string): Promise<UserRecord> {
    const link = await this.readVerificationLink(token);
    if (link.state !== "valid") throw new AccountError(400, verificationLinkRefusals[link.state], "token");
    if (!(await consumeSecret(this.db, link.secretId!, new Date(this.now()))))
      throw new AccountError(400, accountMessages.linkUsed, "token");
    return link.user!;
  }

  /** The verification link: marks the e-mail verified and logs the browser in (it proved the mailbox). */
  async verifyEmail(token: string, target: CookieTarget, previousRemember?: string): Promise<SessionIssue> {
    const user = await this.spendVerificationLink(token);
    await markEmailVerified(this.db, user.id, new Date(this.now()));
    return this.startSession({ ...user, emailVerifiedAt: user.emailVerifiedAt ?? new Date(this.now()) }, "email", target, previousRemember);
  }

  /**
   * 'Non ho creato io questo account' on the verification page: the mailbox's owner disowns a registration
   * someone else made with their address. The registrant's password, sessions and optional consents go; the
   * account stays, verified and without a password, for the owner to use by code if they want. Nobody is
   * logged in.
   */
  async disownRegistration(token: string): Promise<void> {
    const user = await this.spendVerificationLink(token);
    await this.claimByMailboxProof(user);
    const withdrawn = Object.fromEntries(CONSENT_TYPES.filter((kind) => kind !== "privacy").map((kind) => [kind, false]));
    await recordConsents(this.db, user.id, withdrawn, new Date(this.now()));
  }

  /**
   * The mailbox was proved (a one-time code, a verified social e-mail, 'not me') on an account nobody had
   * verified: whoever registered the address may not own it (pre-hijacking), so their password and sessions
   * are dropped before the owner's session starts. The owner sets a password afterwards if they want one.
   */
  private async claimByMailboxProof(user: UserRecord): Promise<UserRecord> {
    if (user.emailVerifiedAt) return user;
    const now = this.now();
    // One millisecond before the proof, so the session the proof starts (issued at `now` or later) counts.
    const sessionsBefore = now - 1;
    if (await claimUnverifiedAccount(this.db, user.id, new Date(now), new Date(sessionsBefore))) {
      this.revokedBefore.set(user.id, Math.max(this.revokedBefore.get(user.id) ?? 0, sessionsBefore / 1000));
      this.logger.info({ userId: user.id }, "unverified account claimed by its mailbox: earlier password and sessions dropped");
    }
    return (await findUserById(this.db, user.id)) ?? { ...user, emailVerifiedAt: new Date(now), passwordHash: null };
  }

  /** Password login; wrong e-mail and wrong password answer alike and cost the same Argon2id verify. */
  async loginWithPassword(
    email: string,
    password: string,
    ip: string,
    target: CookieTarget,
    previousRemember?: string,
  ): Promise<{ issue: SessionIssue; user: UserRecord }> {
    await this.limited([
      ["loginByAddress", ip],
      ["loginFailuresByAccount", email],
    ]);
    await this.limits.count("loginByAddress", ip);
    const user = await findUserByEmail(this.db, email);
    const ok = user?.passwordHash
      ? await argon2Verify(user.passwordHash, password).catch(() => false)
      : await argon2Verify(await this.passwordVerifier(), password).then(
          () => false,
          () => false,
        );
    if (!user || !ok) {
      await this.limits.count("loginFailuresByAccount", email);
      throw new AccountError(401, accountMessages.credentialsInvalid);
    }
    await this.limits.reset("loginFailuresByAccount", email);
    // Whoever registers an address chooses its password: it counts only once the mailbox has been proved.
    if (user.emailVerifiedAt === null) throw new AccountError(403, accountMessages.emailNotVerified);
    return { issue: await this.startSession(user, "email", target, previousRemember), user };
  }

  /** Sends a one-time login code when the e-mail has an account; answers the same either way. */
  async requestLoginCode(email: string, ip: string): Promise<void> {
    await this.limited([
      ["codeRequestsByAddress", ip],
      ["codeRequestsByAccount", email],
    ]);
    await this.limits.count("codeRequestsByAddress", ip);
    await this.limits.count("codeRequestsByAccount", email);
    const user = await findUserByEmail(this.db, email);
    if (!user) return;
    const code = newOneTimeCode();
    await issueOneTimeSecret(
      this.db,
      {
        userId: user.id,
        purpose: "login-code",
        secretHash: hashCode(code, user.id, this.keys.code),
        expiresAt: new Date(this.now() + CODE_TTL_MINUTES * 60_000),
      },
      new Date(this.now()),
    );
    this.sendLater(user.email, oneTimeCodeMail(user.displayName, code));
  }

  /** Logs in with a one-time code: short-lived, single use, compared in constant time; proves the mailbox. */
  async loginWithCode(
    email: string,
    code: string,
    ip: string,
    target: CookieTarget,
    previousRemember?: string,
  ): Promise<{ issue: SessionIssue; user: UserRecord }> {
    await this.limited([
      ["loginByAddress", ip],
      ["loginFailuresByAccount", email],
    ]);
    await this.limits.count("loginByAddress", ip);
    const user = await findUserByEmail(this.db, email);
    const secret = user ? await findLatestSecret(this.db, user.id, "login-code") : null;
    const now = this.now();
    const ok = !!user && !!secret && secret.expiresAt.getTime() > now && codeMatches(code, user.id, secret.secretHash, this.keys.code);
    if (!ok || !(await consumeSecret(this.db, secret!.id, new Date(now)))) {
      if (secret) await countFailedAttempt(this.db, secret.id, MAX_CODE_ATTEMPTS, new Date(now));
      await this.limits.count("loginFailuresByAccount", email);
      throw new AccountError(401, accountMessages.codeInvalid, "code");
    }
    await this.limits.reset("loginFailuresByAccount", email);
    const fresh = await this.claimByMailboxProof(user!);
    return { issue: await this.startSession(fresh, "otp", target, previousRemember), user: fresh };
  }

  async requestPasswordReset(email: string, ip: string, origin: string): Promise<void> {
    await this.limited([
      ["resetRequestsByAddress", ip],
      ["resetRequestsByAccount", email],
    ]);
    await this.limits.count("resetRequestsByAddress", ip);
    await this.limits.count("resetRequestsByAccount", email);
    const user = await findUserByEmail(this.db, email);
    if (!user) return;
    const token = await this.issueLinkToken(user.id, "reset-password", RESET_TTL_MINUTES * 60_000);
    this.sendLater(user.email, passwordResetMail(user.displayName, this.link(origin, `/reimposta-password/?token=${token}`)));
  }

  /** New password from a reset link: every remember-me token is revoked and older session tokens stop. */
  async resetPassword(token: string, password: string): Promise<void> {
    // Judged before the link is used up, so a refused password leaves the link working for a better one.
    const pending = LINK_TOKEN_PATTERN.test(token) ? await findSecretByHash(this.db, hashSecret(token), "reset-password") : null;
    await this.assertStrongPassword(password, pending ? await findUserById(this.db, pending.userId) : null);
    const user = await this.consumeLinkToken(token, "reset-password");
    const now = this.now();
    await setPasswordAndRevokeSessions(this.db, user.id, await argon2Hash(password), new Date(now));
    await markEmailVerified(this.db, user.id, new Date(now)); // the link proved the mailbox
    this.revokedBefore.set(user.id, now / 1000);
  }

  async logoutEverywhere(userId: number): Promise<void> {
    const now = this.now();
    await revokeAllSessions(this.db, userId, new Date(now));
    this.revokedBefore.set(userId, now / 1000);
  }

  /**
   * Reads the revocations written by any process since the last read (a window that overlaps the previous
   * one, so a transaction that committed late is still seen) and forgets those older than a token's life.
   * Run every few seconds by server/lifecycle.ts: another process's logout everywhere stops this one's
   * copies of the tokens within that time instead of an hour.
   */
  async followRevocations(): Promise<void> {
    const now = this.now();
    const oldestThatMatters = now - SESSION_TOKEN_TTL_MS;
    const since = Math.max(oldestThatMatters, this.revocationsReadUpTo - REVOCATION_READ_OVERLAP_MS);
    for (const { userId, revokedAt, sessionId } of await sessionRevocationsSince(this.db, new Date(since))) {
      const at = revokedAt.getTime();
      if (sessionId !== null) this.revokedSessions.set(sessionId, at);
      else if ((this.revokedBefore.get(userId) ?? 0) < at / 1000) this.revokedBefore.set(userId, at / 1000);
      if (at > this.revocationsReadUpTo) this.revocationsReadUpTo = at;
    }
    for (const [userId, at] of this.revokedBefore) if (at * 1000 < oldestThatMatters) this.revokedBefore.delete(userId);
    // A session's tokens were all issued before its logout, so they have all expired an hour after it.
    for (const [sessionId, at] of this.revokedSessions) if (at < oldestThatMatters) this.revokedSessions.delete(sessionId);
    if (now - this.revocationsPrunedAt > SESSION_TOKEN_TTL_MS) {
      this.revocationsPrunedAt = now;
      await pruneSessionRevocations(this.db, new Date(oldestThatMatters - SESSION_TOKEN_TTL_MS));
    }
  }
  private revocationsPrunedAt = 0;

  /**
   * Logout of this browser: its remember-me token is revoked, its session ended in every process (the
   * session token's `sid`, followed like a logout everywhere, docs/decisions/074) and both cookies cleared.
   */
  async logout(cookieHeader: string | null | undefined, target: CookieTarget): Promise<string[]> {
    const now = this.now();
    const cookies = parseCookies(cookieHeader);
    const ended = new Map<string, number>(); // session id → user id
    const parsed = parseRememberValue(cookies[REMEMBER_COOKIE], now);
    if (parsed) {
      const stored = await findRememberToken(this.db, parsed.id);
      if (stored && secretMatches(parsed.secret, stored.secretHash)) {
        await revokeRememberToken(this.db, parsed.id, new Date(now));
        ended.set(parsed.id, stored.userId);
      }
    }
    const claims = verifySessionToken(cookies[SESSION_COOKIE], this.keys.session, now);
    if (claims?.sid !== undefined) ended.set(claims.sid, claims.uid);
    for (const [sessionId, userId] of ended) {
      this.revokedSessions.set(sessionId, now);
      await recordSessionRevocation(this.db, userId, new Date(now), sessionId);
    }
    return [clearCookie(SESSION_COOKIE, target), clearCookie(REMEMBER_COOKIE, target)];
  }

  /**
   * The logged-in user read from the database, or null when the account is gone or was logged out
   * everywhere after this token was issued (for endpoints that may afford the read).
   */
  async currentUser(claims: SessionClaims | null): Promise<UserRecord | null> {
    if (!claims) return null;
    const user = await findUserById(this.db, claims.uid);
    if (!user || user.tokensValidAfter.getTime() / 1000 > claims.iat) return null;
    return user;
  }

  /**
   * Deletes the account and everything hanging on it; a password account must confirm with it. The password
   * is a login attempt: the login's limits and lockout, on the same counters (docs/decisions/074).
   */
  async deleteAccount(user: UserRecord, password: string | undefined, ip: string): Promise<void> {
    if (user.passwordHash) {
      const account = user.email.toLowerCase(); // the key password login counts under
      await this.limited([
        ["loginByAddress", ip],
        ["loginFailuresByAccount", account],
      ]);
      await this.limits.count("loginByAddress", ip);
      const ok = password ? await argon2Verify(user.passwordHash, password).catch(() => false) : false;
      if (!ok) {
        await this.limits.count("loginFailuresByAccount", account);
        throw new AccountError(401, accountMessages.credentialsInvalid, "password");
      }
    }
    const now = this.now();
    await deleteUser(this.db, user.id, new Date(now));
    this.revokedBefore.set(user.id, now / 1000);
  }

  /** Records consents (the terms modal, §4) and re-issues the session token with the new date. */
  async acceptConsents(
    user: UserRecord,
    consents: Record<string, boolean>,
    target: CookieTarget,
    session: SessionClaims,
  ): Promise<{ setCookie: string; claims: SessionClaims }> {
    await recordConsents(this.db, user.id, consents, new Date(this.now()));
    const fresh = (await findUserById(this.db, user.id))!;
    const claims = this.claimsFor(fresh, session.sid); // the same session: a logout must still end it
    return {
      claims,
      setCookie: serializeCookie(SESSION_COOKIE, signSessionToken(claims, this.keys.session), target, SESSION_TOKEN_TTL_MS / 1000),
    };
  }

  consents(userId: number): Promise<Record<string, boolean>> {
    return findConsents(this.db, userId);
  }

  /**
   * Logs in with a verified social identity: the linked account, else the account with the same verified
   * e-mail (linked now), else a new account (trusted identity, terms accepted by the button's consent text).
   * An identity without a verified e-mail cannot create or link an account.
   */
  async loginWithSocial(identity: SocialIdentity, target: CookieTarget, previousRemember?: string): Promise<SessionIssue | null> {
    const now = new Date(this.now());
    let user = await findUserByIdentity(this.db, identity.provider, identity.subject);
    if (!user) {
      if (!identity.email || !identity.emailVerified) return null;
      user = await findUserByEmail(this.db, identity.email);
      if (!user) {
        const name =
          (identity.name ?? identity.email.split("@")[0]!)
            .replace(/[^\p{L}\p{M} ]/gu, " ")
            .replace(/\s+/g, " ")
            .trim()
            .slice(0, 60) || "Utente";
        user = await createUser(this.db, {
          email: identity.email,
          displayName: name,
          passwordHash: null,
          consents: { privacy: true },
          loginType: identity.provider,
          emailVerified: true,
          now,
        });
        if (!user) return null;
      }
      await linkIdentity(this.db, identity.provider, identity.subject, user.id, now);
      user = await this.claimByMailboxProof(user);
    }
    return this.startSession({ ...user, trustedIdentity: true }, identity.provider, target, previousRemember);
  }

  /**
   * registrationsilently (§7): a logged-in account that has no password yet (made by social login or a
   * one-time code) completes its registration with a name, a password and consents — no bot check and no
   * new verification, since the session already proves the mailbox. Refused for accounts with a password.
   */
  async completeRegistration(user: UserRecord, input: RegistrationInput): Promise<void> {
    if (input.email !== user.email.toLowerCase()) throw new AccountError(400, accountMessages.emailInvalid, "email");
    if (user.passwordHash) throw new AccountError(409, accountMessages.alreadyRegistered);
    await this.assertStrongPassword(input.password, { email: user.email, displayName: input.displayName });
    const now = new Date(this.now());
    await setProfile(this.db, user.id, input.displayName, await argon2Hash(input.password));
    await recordConsents(this.db, user.id, { privacy: true, ...(input.type !== "privacy" ? { [input.type]: true } : {}) }, now);
  }

  /** Creates the documented demo user when missing (README), verified and with the terms accepted. */
  /** Demo agencies' accounts (README): one password for all, hashed once, only for agencies still without one. */
  async ensureDemoPublisherAccounts(password: string): Promise<number> {
    if ((await countAgenciesWithoutAccount(this.db)) === 0) return 0;
    return createDemoPublisherAccounts(this.db, await argon2Hash(password), new Date(this.now()));
  }

  async ensureDemoUser(email: string, displayName: string, password: string): Promise<void> {
    if (await findUserByEmail(this.db, email)) return;
    await createUser(this.db, {
      email,
      displayName,
      passwordHash: await argon2Hash(password),
      consents: { privacy: true },
      emailVerified: true,
      now: new Date(this.now()),
    });
  }
}

/** §3 User as the API presents it, from the session token's claims (plus consents when read). */
export function presentUser(claims: SessionClaims, consents?: Record<string, boolean>) {
  return {
    id: claims.uid,
    displayName: claims.name,
    displayname: claims.name,
    username: claims.email,
    isAuthenticated: true,
    checked: true,
    isNotVerified: !claims.ver,
    lastPrivacyAcceptanceDt: claims.tc,
    hasToShowTCModalConsent: claims.tc !== null && claims.tc < TERMS_THRESHOLD_SECONDS && !claims.ti,
    trusted_identity: claims.ti,
    isPublisherBlacklisted: false,
    loginType: claims.lt,
    phone: claims.phone,
    ...(consents ? { consents } : {}),
  };
}
