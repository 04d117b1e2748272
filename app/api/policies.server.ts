/**
 * Who may call an API endpoint: the `authorise` step of every endpoint chain (app/api/endpoint.server.ts,
 * docs/decisions/143). A policy judges the request's credentials (session cookie, API key, a link's token) and
 * answers with the actor the command acts for, or refuses (401, 403; 404 where another's record must look
 * unknown). The kinds of caller, one policy each:
 * - anyone: here; the public search and read endpoints, logins, leads;
 * - a session: here (`sessionHolder`, `signedInUser`, `signedInOrNobody`), the account endpoints;
 * - a signed-in user speaking for themselves: app/mycasa/policies.server.ts (MyCasa records, saved searches);
 * - a publisher by API key, and the key's own listing: app/publisher/policies.server.ts;
 * - an alert mail's signed link: app/alerts/policies.server.ts.
 */
import { AccountError } from "../../core/account/account-error.ts";
import { accountMessages } from "../../core/account/messages.ts";
import type { UserRecord } from "../../db/users.ts";
import type { SessionClaims } from "../account/tokens.server.ts";
import type { RequestInfo, Services } from "../services.ts";
import type { RequestInput } from "./request.ts";

/** What a policy may look at: the request's credentials, its path parameters, and (for a permission carried in the body) its input. */
export interface PolicyRequest {
  info: RequestInfo;
  svc: Services;
  request: Request;
  params: Readonly<Record<string, string | undefined>>;
  /** The request's input, read once for the policy and the validate step alike. */
  input: RequestInput;
  /** Counts the request against a rate family, for this client or for `key` (an API key's own budget). */
  limit: (family: string, key?: string) => Promise<void>;
}

export type Policy<Actor> = (request: PolicyRequest) => Promise<Actor>;

/** A logged-in user as the database has it now, with the session token that vouched for them. */
export interface SignedIn {
  user: UserRecord;
  session: SessionClaims;
}

function notLoggedIn(): AccountError {
  return new AccountError(401, accountMessages.notLoggedIn);
}

/** Anyone may ask: the command judges the input alone, under its rate limits. */
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
