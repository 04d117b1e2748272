/**
 * Who may run an account command: the `authorise` step of every account endpoint (app/account/api.server.ts).
 * A policy answers with the actor the command acts for, or refuses with 401 'not logged in'.
 */
import { AccountError } from "../../core/account/account-error.ts";
import { accountMessages } from "../../core/account/messages.ts";
import type { UserRecord } from "../../db/users.ts";
import type { RequestInfo, Services } from "../services.ts";
import type { SessionClaims } from "./tokens.server.ts";

export type Policy<Actor> = (request: { info: RequestInfo; svc: Services }) => Promise<Actor>;

/** A logged-in user as the database has it now, with the session token that vouched for them. */
export interface SignedIn {
  user: UserRecord;
  session: SessionClaims;
}

function notLoggedIn(): AccountError {
  return new AccountError(401, accountMessages.notLoggedIn);
}

/** Anyone may ask (logins, registration, resets): the command judges the input alone, under its rate limits. */
export const anyone: Policy<null> = async () => null;

/** A session token that counts, checked without a database read. */
export const sessionHolder: Policy<SessionClaims> = async ({ info }) => {
  if (!info.session) throw notLoggedIn();
  return info.session;
};

/** The logged-in user read from the database: an account deleted or logged out everywhere since is refused at once. */
export const signedInUser: Policy<SignedIn> = async (request) => {
  const signedIn = await signedInOrNobody(request);
  if (!signedIn) throw notLoggedIn();
  return signedIn;
};

/** The logged-in user read from the database, or null for anybody else (who am I). */
export const signedInOrNobody: Policy<SignedIn | null> = async ({ info, svc }) => {
  const user = await svc.accounts.sessions.currentUser(info.session);
  return user && info.session ? { user, session: info.session } : null;
};
