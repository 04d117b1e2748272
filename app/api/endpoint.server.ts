/**
 * Every JSON API endpoint is one chain of named steps, so a reader sees where permission is checked
 * (docs/decisions/143, outline's shape; 136 for the account endpoints):
 *   the boundary (method, rate limit, errors: boundary.server.ts) → same-origin check (when asked) →
 *   authorise (a policy: policies.server.ts and the features' policies.server.ts) → validate (the input, zod) →
 *   command → present.
 * Permission is judged in `authorise` only, before any input is checked: a caller who may not call learns
 * nothing of the input's rules, and a large body is not read for them. A command never checks who asks; where
 * it needs a record to decide (a photo of the listing), its query is scoped by the actor. Errors are thrown
 * and mapped by the boundary, in one place.
 */
import type { RouterContextProvider } from "react-router";
import { accountMessages } from "../../core/account/messages.ts";
import { requestInfo, services, type RequestInfo, type Services } from "../services.ts";
import { apiHandler, apiRoute, limitClient, type ApiRouteOptions } from "./boundary.server.ts";
import { jsonError } from "./errors.ts";
import type { Policy } from "./policies.server.ts";
import { RequestInput } from "./request.ts";

export interface EndpointArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params?: Readonly<Record<string, string | undefined>>;
}

/** What the steps after `authorise` see. */
export interface Step<Input, Actor> {
  input: Input;
  actor: Actor;
  info: RequestInfo;
  svc: Services;
  request: Request;
  params: Readonly<Record<string, string | undefined>>;
  /** Counts this request against a rate family for this client, or for `key` (limits the command decides: per listing). */
  limit: (family: string, key?: string) => Promise<void>;
}

export interface Chain<Input, Actor, Result> {
  /**
   * Refuse requests sent by another site (403): "writes" checks every method but GET, "always" GET too (a GET
   * that changes something: logout). For endpoints a page of the portal calls with the visitor's cookies.
   */
  sameOrigin?: "writes" | "always";
  /** Who may: the actor the command acts for, or a refusal (401, 403, 404). */
  authorise: Policy<Actor>;
  /**
   * Reads and checks the request's input (a 4xx naming the field). It may read the database to resolve what the
   * input names (place ids); the actor is given for its language or its kind.
   */
  validate: (input: RequestInput, context: { actor: Actor; svc: Services; info: RequestInfo }) => Promise<Input> | Input;
  /** What the endpoint does: one call into its feature; refusals thrown. */
  command: (step: Step<Input, Actor>) => Promise<Result> | Result;
  /** The answer: JSON, status, headers, cookies. */
  present: (result: Result, step: Step<Input, Actor>) => Response;
}

export type EndpointOptions = Omit<ApiRouteOptions, "method">;

/** Marks functions made here, so a test can check that every API route is a chain. */
export const API_CHAIN = Symbol.for("casa.apiChain");

type Runner = (args: EndpointArgs) => Promise<Response>;

/** A chain's steps as one handler, without the boundary (for a route that picks one of several by path). */
export function chain<Input, Actor, Result>(steps: Chain<Input, Actor, Result>): Runner {
  return (args) => runChain(args, steps);
}

/** An endpoint's options and steps, typed where a feature module declares them, for a route's `endpoint` or `chain`. */
export function endpointSteps<Input, Actor, Result>(spec: EndpointOptions & Chain<Input, Actor, Result>) {
  return spec;
}

/** A JSON endpoint answering one method (the other answers 405), through the boundary. */
export function endpoint<Input, Actor, Result>(method: "GET" | "POST", spec: EndpointOptions & Chain<Input, Actor, Result>) {
  return marked(apiRoute<EndpointArgs>({ ...boundaryOptions(spec), method }, (args) => runChain(args, spec)));
}

/** An endpoint that answers GET and POST alike (logout). */
export function endpointForAnyMethod<Input, Actor, Result>(spec: EndpointOptions & Chain<Input, Actor, Result>) {
  return mark(apiHandler<EndpointArgs>(boundaryOptions(spec), (args) => runChain(args, spec)));
}

/**
 * One route module serving several paths, each its own chain (`chain(...)`), picked by `pathOf`; a path with
 * no chain answers `otherwise` (before any other step, as an unknown path would), by default the API's 404.
 */
export function endpointByPath(
  method: "GET" | "POST",
  options: EndpointOptions,
  pathOf: (request: Request) => string,
  chains: Record<string, Runner>,
  otherwise: (args: EndpointArgs) => Response = noEndpoint,
) {
  const byPath = new Map(Object.entries(chains));
  return marked(
    apiRoute<EndpointArgs>({ ...options, method }, async (args) => {
      const run = byPath.get(pathOf(args.request));
      return run ? run(args) : otherwise(args);
    }),
  );
}

/** The API's answer to a path it does not serve. */
export function noEndpoint({ request }: { request: Request }): Response {
  return jsonError(404, `no API endpoint at ${new URL(request.url).pathname.slice(0, 200)}`);
}

function boundaryOptions(spec: EndpointOptions): EndpointOptions {
  return { limit: spec.limit, unavailable: spec.unavailable, noStore: spec.noStore };
}

async function runChain<Input, Actor, Result>(args: EndpointArgs, steps: Chain<Input, Actor, Result>): Promise<Response> {
  const { request } = args;
  const svc = services(args.context);
  const info = requestInfo(args.context);
  const params = args.params ?? {};
  if (
    steps.sameOrigin &&
    (request.method !== "GET" || steps.sameOrigin === "always") &&
    !isSameOrigin(request, info, svc.accounts.publicOrigin)
  ) {
    return crossSiteRefusal();
  }
  const input = new RequestInput(request, params);
  const limit = (family: string, key?: string) => limitClient(args, family, key);
  const actor = await steps.authorise({ info, svc, request, params, input, limit });
  const step = { input: await steps.validate(input, { actor, svc, info }), actor, info, svc, request, params, limit };
  return steps.present(await steps.command(step), step);
}

/** `validate` for an endpoint that reads no input. */
export async function noInput(): Promise<null> {
  return null;
}

/** A JSON answer about one person's data: never cached. */
export function privateJson(body: unknown): Response {
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}

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

function marked<L extends object, C extends object>(route: { loader: L; action: C }) {
  return { loader: mark(route.loader), action: mark(route.action) };
}

function mark<F extends object>(fn: F): F {
  return Object.assign(fn, { [API_CHAIN]: true });
}
