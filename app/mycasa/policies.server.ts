/**
 * Who may call a MyCasa endpoint (the `authorise` step, app/api/endpoint.server.ts): the logged-in user, and
 * only for themselves. MyCasa bodies carry the client's `user` (seed 001 §7); a body naming someone other
 * than the session's user is refused (403) before anything else in it is looked at (app/mycasa/user-field.ts).
 * Commands then only ever see the actor's id.
 */
import { accountMessages } from "../../core/account/messages.ts";
import { mycasaMessages } from "../../core/mycasa/records.ts";
import type { UserRecord } from "../../db/users.ts";
import { jsonError } from "../api/errors.ts";
import type { Policy } from "../api/policies.server.ts";
import type { RequestInput } from "../api/request.ts";
import { savedSearchMessages } from "./saved-searches.server.ts";
import { namesOtherUser, userRef } from "./user-field.ts";

/** The logged-in user read from the database (a deleted account or one logged out everywhere: 401). */
export const mycasaUser: Policy<UserRecord> = async ({ info, svc }) => {
  const user = await svc.accounts.sessions.currentUser(info.session);
  if (!user) throw jsonError(401, mycasaMessages.loginRequired);
  return user;
};

/** The records endpoints (favourites, hidden ads, addresses, commute points, history, push): `mycasaUser`, for themselves. */
export const mycasaUserForThemselves: Policy<UserRecord> = async (request) => {
  const user = await mycasaUser(request);
  await refuseBodyForOthers(request.input, user, mycasaMessages.otherUser);
  return user;
};

/** The saved-search endpoints: the logged-in user read from the database, for themselves. */
export const savedSearchOwner: Policy<Pick<UserRecord, "id" | "email">> = async ({ info, svc, input }) => {
  const user = await svc.accounts.sessions.currentUser(info.session);
  if (!user) throw jsonError(401, accountMessages.notLoggedIn);
  await refuseBodyForOthers(input, user, savedSearchMessages.otherUser);
  return user;
};

/**
 * The saved-search computations that neither read nor write the user's records (serialize, the bookmark
 * payload): the signed session token alone vouches for the user (no database read, decision 042).
 */
export const savedSearchSession: Policy<Pick<UserRecord, "id" | "email">> = async ({ info, input }) => {
  if (!info.session) throw jsonError(401, accountMessages.notLoggedIn);
  const user = { id: info.session.uid, email: info.session.email };
  await refuseBodyForOthers(input, user, savedSearchMessages.otherUser);
  return user;
};

async function refuseBodyForOthers(input: RequestInput, user: { id: number; email: string }, message: string): Promise<void> {
  const raw = await input.json();
  const named = typeof raw === "object" && raw !== null && "user" in raw ? userRef.safeParse((raw as { user: unknown }).user) : null;
  if (named?.success && namesOtherUser(named.data, user)) throw jsonError(403, message, "user");
}
