/**
 * GET /portal-srp/api/v1/user — who am I: `{ user }` with the §3 User fields and consents for the
 * logged-in user (read from the database, so an account logged out everywhere or deleted is gone at
 * once), or `{ user: null }`.
 */
import { accountMessages } from "../../core/account/validation.ts";
import { presentUser } from "../../server/accounts/account-service.ts";
import { accountAction } from "../account/api.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user";

const endpoint = apiRoute<Route.LoaderArgs>({ method: "GET" }, (args) => {
  return accountAction(args, accountMessages.genericError, async ({ info, svc }) => {
    const user = await svc.accounts.currentUser(info.session);
    if (!user || !info.session) return Response.json({ user: null });
    return Response.json({ user: presentUser(info.session, await svc.accounts.consents(user.id)) });
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;
