/**
 * POST /portal-srp/api/v1/user/consents — `{ privacy?, marketing?, profiling?, third-party? }` (booleans):
 * records the consents (the terms modal of §4 sends `{ privacy: true }`) and re-issues the session token
 * with the new acceptance date.
 */
import { z } from "zod";
import { accountMessages } from "../../core/account/validation.ts";
import { presentUser } from "../../server/accounts/account-service.ts";
import { accountAction, readAccountBody, withCookies } from "../account/api.server.ts";
import { jsonError } from "../api/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-consents";

const bodySchema = z.strictObject({
  privacy: z.literal(true).optional(),
  marketing: z.boolean().optional(),
  profiling: z.boolean().optional(),
  "third-party": z.boolean().optional(),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.genericError, async ({ info, svc }) => {
    const body = await readAccountBody(args.request, bodySchema);
    const user = await svc.accounts.currentUser(info.session);
    if (!user || !info.session) return jsonError(401, accountMessages.notLoggedIn);
    const consents = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Record<string, boolean>;
    const { claims, setCookie } = await svc.accounts.acceptConsents(user, consents, info.cookies, info.session);
    return withCookies(Response.json({ error: false, user: presentUser(claims, await svc.accounts.consents(user.id)) }), [setCookie]);
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;
