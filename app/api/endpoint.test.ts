/** The endpoint chain's order (decision 143): same-origin → authorise → validate → command → present, a refusal stops it. */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { requestContext, requestInfoContext, servicesContext, type RequestInfo, type Services } from "../services.ts";
import { API_BOUNDARY } from "./boundary.server.ts";
import { API_CHAIN, chain, endpoint, endpointByPath, type Chain } from "./endpoint.server.ts";
import { jsonError } from "./errors.ts";
import { anyone, type Policy } from "./policies.server.ts";

const ORIGIN = "https://casa.example";

function args(init: { method?: string; body?: string; origin?: string; path?: string } = {}) {
  const context = new RouterContextProvider();
  context.set(servicesContext, { accounts: { publicOrigin: undefined } } as unknown as Services);
  context.set(requestInfoContext, { session: null, origin: ORIGIN } as unknown as RequestInfo);
  context.set(requestContext, { id: "test", nonce: "n" });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.origin) headers.origin = init.origin;
  const request = new Request(`${ORIGIN}${init.path ?? "/portal-srp/api/v1/x"}`, {
    method: init.method ?? "POST",
    headers,
    body: init.method === "GET" ? undefined : (init.body ?? "{}"),
  });
  return { request, context, params: {} };
}

/** A chain whose steps say when they ran. */
function traced(steps: string[], authorise?: Policy<string>): Chain<{ n: number }, string, number> {
  const letIn: Policy<string> = async () => {
    steps.push("authorise");
    return "actor";
  };
  return {
    sameOrigin: "writes",
    authorise: authorise ?? letIn,
    validate: async (input) => {
      steps.push("validate");
      return input.jsonOf(z.strictObject({ n: z.number() }));
    },
    command: ({ input, actor }) => {
      steps.push(`command ${actor}`);
      return input.n * 2;
    },
    present: (result) => {
      steps.push("present");
      return Response.json({ result });
    },
  };
}

describe("an endpoint chain", () => {
  it("runs authorise, validate, command and present in that order", async () => {
    const steps: string[] = [];
    const api = endpoint("POST", traced(steps));
    const response = await api.action(args({ body: '{"n":21}', origin: ORIGIN }));
    expect(await response.json()).toEqual({ result: 42 });
    expect(steps).toEqual(["authorise", "validate", "command actor", "present"]);
  });

  it("stops at a refusal of the policy: the body is neither read nor checked", async () => {
    const steps: string[] = [];
    const refuse: Policy<string> = async () => {
      steps.push("authorise");
      throw jsonError(401, "who are you");
    };
    const call = args({ body: "not json" });
    const response = await endpoint("POST", traced(steps, refuse)).action(call);
    expect(response.status).toBe(401);
    expect(steps).toEqual(["authorise"]);
    expect(call.request.bodyUsed).toBe(false);
  });

  it("refuses another site's write before asking anyone", async () => {
    const steps: string[] = [];
    const response = await endpoint("POST", traced(steps)).action(args({ body: '{"n":1}', origin: "https://evil.example" }));
    expect(response.status).toBe(403);
    expect(steps).toEqual([]);
  });

  it("answers a bad input 400 after the policy let the caller in", async () => {
    const steps: string[] = [];
    const response = await endpoint("POST", traced(steps)).action(args({ body: '{"n":"x"}' }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.field).toBe("n");
    expect(steps).toEqual(["authorise", "validate"]);
  });

  it("reads the body once for a policy and the validate step alike", async () => {
    let seenByPolicy: unknown;
    const api = endpoint("POST", {
      authorise: async ({ input }) => (seenByPolicy = await input.json()),
      validate: (input) => input.jsonOf(z.strictObject({ token: z.string() })),
      command: ({ input }) => input.token,
      present: (token) => Response.json({ token }),
    });
    const response = await api.action(args({ body: '{"token":"t"}' }));
    expect(await response.json()).toEqual({ token: "t" });
    expect(seenByPolicy).toEqual({ token: "t" });
  });

  it("goes through the boundary: the other method answers 405, both are marked", async () => {
    const api = endpoint("POST", traced([]));
    const response = await api.loader(args({ method: "GET" }));
    expect(response.status).toBe(405);
    for (const handler of [api.loader, api.action]) {
      expect(API_BOUNDARY in handler).toBe(true);
      expect(API_CHAIN in handler).toBe(true);
    }
  });

  it("picks one chain per path, and a path with none answers before any step", async () => {
    const steps: string[] = [];
    const api = endpointByPath("POST", {}, (request) => new URL(request.url).pathname.split("/").pop()!, {
      double: chain(traced(steps)),
      echo: chain({
        authorise: anyone,
        validate: (input) => input.json(),
        command: ({ input }) => input,
        present: (i) => Response.json(i),
      }),
    });
    expect(await (await api.action(args({ path: "/api/double", body: '{"n":2}' }))).json()).toEqual({ result: 4 });
    expect(await (await api.action(args({ path: "/api/echo", body: '{"a":1}' }))).json()).toEqual({ a: 1 });
    const unknown = await api.action(args({ path: "/api/nothing" }));
    expect(unknown.status).toBe(404);
    expect(steps).toEqual(["authorise", "validate", "command actor", "present"]);
  });
});
