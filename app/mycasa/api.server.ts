/**
 * The chain of every /portal-srp/api/v1/mycasa/* records endpoint (issue 11): same-origin check,
 * the logged-in user read from the database (a deleted account or one logged out everywhere gets
 * 401), the JSON body validated with an Italian message naming the field, and a body that names
 * another user (`user`, as the §7 bodies carry it) refused with 403. Handlers only see their user's id.
 * `mycasaAction` serves the records (favourites, hidden ads, addresses, commute points, history),
 * `mycasaEndpoint` the saved searches; both apply the same checks (app/mycasa/user-field.ts).
 */
import { z } from "zod";
import { accountMessages } from "../../core/account/messages.ts";
import { mycasaMessages } from "../../core/mycasa/records.ts";
import type { UserRecord } from "../../db/users.ts";
import { isSameOrigin } from "../account/api.server.ts";
import { crossSiteRefusal } from "../account/api.server.ts";
import { jsonError } from "../api/errors.ts";
import { readJsonBody } from "../api/request.ts";
import { requestInfo, services, type Services } from "../services.ts";
import type { RouterContextProvider } from "react-router";
import { savedSearchesService, savedSearchMessages, type SavedSearchesService } from "./saved-searches.server.ts";
import { namesOtherUser, userFieldSchema, userRef } from "./user-field.ts";

/** A strict body schema with the fields every §7 MyCasa body may carry (user, jwt, from). */
export function mycasaBody<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject({
    ...shape,
    user: userRef.optional(),
    jwt: z.string().max(4000).nullable().optional(),
    from: z.string().max(200).nullable().optional(),
  });
}

/** A 400 with an Italian message naming the first invalid field. */
function invalid(error: z.ZodError): Response {
  const issue = error.issues[0];
  if (issue?.code === "unrecognized_keys") {
    const field = [...issue.path, issue.keys[0]].join(".");
    return jsonError(400, mycasaMessages.unknownField(field), field);
  }
  const field = issue?.path.join(".");
  return field ? jsonError(400, mycasaMessages.invalidField(field), field) : jsonError(400, mycasaMessages.invalidBody);
}

export interface MycasaContext<B> {
  body: B;
  user: UserRecord;
  svc: Services;
  now: Date;
}

/** Runs a records command for the logged-in user; the answer is never cached. */
export async function mycasaAction<S extends z.ZodType<{ user?: z.infer<typeof userRef> }>>(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  schema: S,
  run: (ctx: MycasaContext<z.infer<S>>) => Promise<unknown>,
): Promise<Response> {
  const svc = services(args.context);
  const info = requestInfo(args.context);
  if (!isSameOrigin(args.request, info, svc.accounts.publicOrigin)) return jsonError(403, accountMessages.crossSite);
  const user = await svc.accounts.sessions.currentUser(info.session);
  if (!user) return jsonError(401, mycasaMessages.loginRequired);
  const raw = await readJsonBody(args.request, z.unknown());
  // A body naming another user is refused before anything else in it is looked at.
  const named = typeof raw === "object" && raw !== null && "user" in raw ? userRef.safeParse((raw as { user: unknown }).user) : null;
  if (named?.success && namesOtherUser(named.data, user)) return jsonError(403, mycasaMessages.otherUser, "user");
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return invalid(parsed.error);
  const answer = await run({ body: parsed.data, user, svc, now: new Date() });
  return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
}

/** Listing ids as the API takes them: positive integers that fit the column. */
export const listingId = z.number().int().positive().max(2_147_483_647);

/** The part of the path after /mycasa/ ("listing/upsert"), which picks the command of a multi-path route module. */
export function mycasaPath(request: Request): string {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const at = path.indexOf("/mycasa/");
  return at < 0 ? "" : path.slice(at + "/mycasa/".length);
}

/**
 * The saved-search chain: like `mycasaAction`, but the body is validated by the API boundary's zod mapping,
 * and computations that neither read nor write the user's records (serialize, the bookmark payload) may
 * trust the signed session token alone (`sessionOnly`: no database read, decision 042).
 */
export async function mycasaEndpoint<S extends z.ZodType<{ user?: z.infer<typeof userFieldSchema> }>>(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  schema: S,
  run: (ctx: { user: Pick<UserRecord, "id">; body: z.infer<S>; searches: SavedSearchesService; now: Date }) => Promise<unknown>,
  options: { sessionOnly?: boolean } = {},
): Promise<Response> {
  const svc = services(args.context);
  const info = requestInfo(args.context);
  if (!isSameOrigin(args.request, info, svc.accounts.publicOrigin)) return crossSiteRefusal();
  const user = options.sessionOnly
    ? info.session
      ? { id: info.session.uid, email: info.session.email }
      : null
    : await svc.accounts.sessions.currentUser(info.session);
  if (!user) return jsonError(401, accountMessages.notLoggedIn);
  const body = await readJsonBody(args.request, schema);
  if (namesOtherUser(body.user, user)) throw jsonError(403, savedSearchMessages.otherUser, "user");
  const answer = await run({ user, body, searches: savedSearchesService(svc.database.db), now: new Date() });
  return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
}
