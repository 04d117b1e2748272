/**
 * The chain every saved-search endpoint runs (seed 001 §7 "Saved searches and My{product}"): same-origin
 * check as the other account endpoints, a session whose user still exists (401 otherwise), the JSON
 * body validated with zod, and the `user` field checked against the session (403 for another user).
 * Thrown domain errors reach the API boundary's single mapping; answers are never cached.
 */
import type { z } from "zod";
import { accountMessages } from "../../core/account/validation.ts";
import type { UserRecord } from "../../db/users.ts";
import { crossSiteRefusal, isSameOrigin } from "../account/api.server.ts";
import { jsonError } from "../api/errors.ts";
import { readJsonBody } from "../api/request.ts";
import { requestInfo, services } from "../services.ts";
import type { RouterContextProvider } from "react-router";
import { checkUserField, savedSearchesService, type SavedSearchesService, userFieldSchema } from "./saved-searches.server.ts";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export async function mycasaEndpoint<S extends z.ZodType<{ user?: z.infer<typeof userFieldSchema> }>>(
  args: Args, schema: S, run: (ctx: { user: Pick<UserRecord, "id">; body: z.infer<S>; searches: SavedSearchesService; now: Date }) => Promise<unknown>,
  options: { sessionOnly?: boolean } = {},
): Promise<Response> {
  const svc = services(args.context);
  const info = requestInfo(args.context);
  if (!isSameOrigin(args.request, info, svc.accounts.publicOrigin)) return crossSiteRefusal();
  // Computations that neither read nor write the user's records (serialize, the bookmark payload) trust the
  // signed session token alone (no database read, decision 042); the others check the account still exists.
  const user = options.sessionOnly ? (info.session ? { id: info.session.uid } : null) : await svc.accounts.currentUser(info.session);
  if (!user) return jsonError(401, accountMessages.notLoggedIn);
  const body = await readJsonBody(args.request, schema);
  checkUserField(body.user, user.id);
  const answer = await run({ user, body, searches: savedSearchesService(svc.database.db), now: new Date() });
  return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
}
