/**
 * Every JSON API route goes through the API boundary (error mapping and rate limits), none on its own, and is an
 * endpoint chain (authorise → validate → command → present, app/api/endpoint.server.ts): only the 404 of paths
 * no route claims is not an endpoint. Under /portal-srp/api/ the endpoints are the table's
 * (app/api/portal-endpoints.server.ts, decision 148), reached through one route.
 */
import { describe, expect, it } from "vitest";
import routes from "../routes.ts";
import { API_BOUNDARY } from "./boundary.server.ts";
import { API_CHAIN } from "./endpoint.server.ts";
import { portalEndpoint, portalEndpoints } from "./portal-endpoints.server.ts";

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}
const flat = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((e) => [e, ...flat(e.children ?? [])]);
const apiRoutes = flat(routes as RouteEntry[]).filter((r) =>
  /^(portal-srp\/api|lh|api\/publisher|client-account\/api)\//.test(r.path ?? ""),
);
const PORTAL_API = "routes/api.portal.ts";
const routeEndpoints = apiRoutes.filter(
  (r) => r.file !== "routes/api.not-found.ts" && r.file !== PORTAL_API && r.file.startsWith("routes/api."),
);
const tableEndpoints = Object.entries(portalEndpoints);

describe("API routes", () => {
  it("are many (the route table and the endpoint table were read)", () => {
    expect(apiRoutes.length).toBeGreaterThan(10);
    expect(tableEndpoints.length).toBeGreaterThan(60);
    expect(routeEndpoints.length + tableEndpoints.length).toBeGreaterThan(80);
  });
  it("send every path under /portal-srp/api/ to the one route that reads the endpoint table", () => {
    expect(apiRoutes.filter((r) => r.path!.startsWith("portal-srp/api/")).map((r) => [r.path, r.file])).toEqual([
      ["portal-srp/api/*", PORTAL_API],
    ]);
  });
  it.each(apiRoutes.filter((r) => r.file.startsWith("routes/api.") && r.file !== PORTAL_API).map((r) => [r.path!, r.file]))(
    "%s (%s) has its loader and action from apiRoute",
    async (_path, file) => {
      const mod = (await import(`../${file}`)) as { loader?: object; action?: object };
      expect(mod.loader && API_BOUNDARY in mod.loader).toBe(true);
      expect(mod.action && API_BOUNDARY in mod.action).toBe(true);
    },
  );
  it.each(routeEndpoints.map((r) => [r.path!, r.file]))("%s (%s) is an endpoint chain", async (_path, file) => {
    const mod = (await import(`../${file}`)) as { loader?: object; action?: object };
    expect(mod.loader && API_CHAIN in mod.loader).toBe(true);
    expect(mod.action && API_CHAIN in mod.action).toBe(true);
  });
  it.each(tableEndpoints)("/portal-srp/api/%s is an endpoint chain behind the boundary", (_path, mod) => {
    for (const handler of [mod.loader, mod.action]) {
      expect(API_BOUNDARY in handler).toBe(true);
      expect(API_CHAIN in handler).toBe(true);
    }
  });
  it("finds a table's endpoint whatever the case and a trailing slash, as React Router matched routes", () => {
    expect(portalEndpoint("v1/agencySearch")).toBe(portalEndpoints["v1/agencySearch"]);
    expect(portalEndpoint("V1/AGENCYSEARCH/")).toBe(portalEndpoints["v1/agencySearch"]);
    expect(tableEndpoints.map(([, mod]) => mod)).not.toContain(portalEndpoint("v1/no-such-endpoint"));
    expect(tableEndpoints.map(([, mod]) => mod)).not.toContain(portalEndpoint(undefined));
  });
});
