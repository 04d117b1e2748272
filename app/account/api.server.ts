/**
 * The account endpoints' chain, one step per concern so a reader sees where permission is checked:
 * same-origin check → validate (JSON body, capped, with the shared zod rules) → authorise (a policy of
 * policies.server.ts) → command (one call into the Accounts parts) → present. Errors are not handled here:
 * the one API boundary (app/api/boundary.server.ts) maps them, and answers an unexpected failure with the
 * endpoint's §8 `unavailable` message (503, logged, never leaked); every answer is `no-store`.
 */
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { accountMessages } from "../../core/account/messages.ts";
import { apiHandler, apiRoute } from "../api/boundary.server.ts";
import { jsonError } from "../api/errors.ts";
import { readJsonBody } from "../api/request.ts";
import { requestInfo, services, type RequestInfo, type Services } from "../services.ts";
import type { Policy } from "./policies.server.ts";

/**
 * Refuses a state-changing request sent by another site: the Origin header must be the request's own
 * origin (PUBLIC_URL when set, else the Host the browser used: server/http.ts requestOrigin, the same
 * rule React Router's action check applies; docs/decisions/078); without one, Sec-Fetch-Site must not
 * say cross-site. Clients that send neither (not a browser) cannot ride a victim's cookies, so they
 * pass. `publicUrl`, when given, is that same origin (kept for callers).
 */
export function isSameOrigin(request: Request, info: RequestInfo, publicUrl?: string): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === info.origin || (publicUrl !== undefined && origin === new URL(publicUrl).origin);
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

export function crossSiteRefusal(): Response {
  return jsonError(403, accountMessages.crossSite);
}

/** A 400 with the shared rule's own Italian message (no field prefix) and the field. */
function accountValidationError(error: z.ZodError): Response {
  const issue = error.issues[0]!;
  return jsonError(400, issue.message, issue.path.join(".") || undefined);
}

export async function readAccountBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const raw = await readJsonBody(request, z.unknown());
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw accountValidationError(parsed.error);
  return parsed.data;
}

/** A same-site relative path to send the browser to after login, or null. */
export function safeRedirect(path: unknown): string | null {
  return typeof path === "string" && /^\/(?![/\\])[^\s]*$/.test(path) && path.length <= 2000 ? path : null;
}

export interface AccountRouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** What the steps after validation see. */
export interface AccountStep<Input, Actor> {
  input: Input;
  actor: Actor;
  info: RequestInfo;
  svc: Services;
  request: Request;
}

export interface AccountEndpoint<Input, Actor, Result> {
  /** The §8 message an unexpected failure answers (503). */
  unavailable: string;
  /** Reads and checks the request's input; a 400 with the rule's own message when it does not hold. */
  validate: (request: Request) => Promise<Input>;
  /** Who may: the actor the command acts for, or a 401. */
  authorise: Policy<Actor>;
  /** The one account command this endpoint runs. */
  command: (step: AccountStep<Input, Actor>) => Promise<Result>;
  /** The answer: plain JSON (app/account/present.server.ts), cookies, a redirect. */
  present: (result: Result, step: AccountStep<Input, Actor>) => Response;
  /** Check the Origin of GET requests too (logout by link: a GET that changes something). */
  sameOriginForGet?: boolean;
}

/** A JSON account endpoint of the API (GET or POST; the other method answers 405). */
export function accountEndpoint<Input, Actor, Result>(method: "GET" | "POST", endpoint: AccountEndpoint<Input, Actor, Result>) {
  return apiRoute<AccountRouteArgs>({ method, unavailable: endpoint.unavailable, noStore: true }, (args) =>
    runAccountChain(args, endpoint),
  );
}

/** An account endpoint that answers GET and POST alike (logout). */
export function accountEndpointForAnyMethod<Input, Actor, Result>(endpoint: AccountEndpoint<Input, Actor, Result>) {
  return apiHandler<AccountRouteArgs>({ unavailable: endpoint.unavailable, noStore: true }, (args) => runAccountChain(args, endpoint));
}

async function runAccountChain<Input, Actor, Result>(
  args: AccountRouteArgs,
  endpoint: AccountEndpoint<Input, Actor, Result>,
): Promise<Response> {
  const { request } = args;
  const svc = services(args.context);
  const info = requestInfo(args.context);
  if ((request.method !== "GET" || endpoint.sameOriginForGet) && !isSameOrigin(request, info, svc.accounts.publicOrigin))
    return crossSiteRefusal();
  const input = await endpoint.validate(request);
  const actor = await endpoint.authorise({ info, svc });
  const step = { input, actor, info, svc, request };
  return endpoint.present(await endpoint.command(step), step);
}

/** `validate` for an endpoint that reads no input. */
export async function noInput(): Promise<null> {
  return null;
}
