/**
 * The account endpoints' part of the one endpoint chain (app/api/endpoint.server.ts, docs/decisions/136 and
 * 143): every account endpoint refuses other sites' writes, and every answer, errors too, is `no-store`; an
 * unexpected failure answers its §8 `unavailable` message (503, logged, never leaked). Their bodies are checked
 * with the shared zod rules, a 400 carrying the rule's own Italian message.
 */
import type { z } from "zod";
import { endpoint, endpointForAnyMethod, type Chain, type EndpointOptions } from "../api/endpoint.server.ts";
import { jsonError } from "../api/errors.ts";
import type { RequestInput } from "../api/request.ts";

/** A 400 with the shared rule's own Italian message (no field prefix) and the field. */
function accountValidationError(error: z.ZodError): Response {
  const issue = error.issues[0]!;
  return jsonError(400, issue.message, issue.path.join(".") || undefined);
}

/** `validate` of an account endpoint: the JSON body by the shared rules. */
export async function readAccountBody<S extends z.ZodType>(input: RequestInput, schema: S): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await input.json());
  if (!parsed.success) throw accountValidationError(parsed.error);
  return parsed.data;
}

/** A same-site relative path to send the browser to after login, or null. */
export function safeRedirect(path: unknown): string | null {
  return typeof path === "string" && /^\/(?![/\\])[^\s]*$/.test(path) && path.length <= 2000 ? path : null;
}

/** An account endpoint's steps; its same-origin rule is the accounts' own (below), not set per route. */
type AccountChain<Input, Actor, Result> = Chain<Input, Actor, Result> & {
  /** The §8 message an unexpected failure answers (503). */
  unavailable: string;
  /** Check the Origin of GET requests too (logout by link: a GET that changes something). */
  sameOriginForGet?: boolean;
};

/** Every account endpoint refuses other sites' writes and answers `no-store`, errors too (answers about a person's session). */
function accountOptions<Input, Actor, Result>({
  sameOriginForGet,
  ...steps
}: AccountChain<Input, Actor, Result>): EndpointOptions & Chain<Input, Actor, Result> {
  return { ...steps, noStore: true, sameOrigin: sameOriginForGet ? "always" : "writes" };
}

/** A JSON account endpoint of the API (GET or POST; the other method answers 405). */
export function accountEndpoint<Input, Actor, Result>(method: "GET" | "POST", spec: AccountChain<Input, Actor, Result>) {
  return endpoint<Input, Actor, Result>(method, accountOptions(spec));
}

/** An account endpoint that answers GET and POST alike (logout). */
export function accountEndpointForAnyMethod<Input, Actor, Result>(spec: AccountChain<Input, Actor, Result>) {
  return endpointForAnyMethod<Input, Actor, Result>(accountOptions(spec));
}
