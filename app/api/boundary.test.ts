/**
 * Every JSON API route goes through the API boundary (error mapping and rate limits), none on its own, and is an
 * endpoint chain (authorise → validate → command → present, app/api/endpoint.server.ts): only the 404 of paths
 * no route claims is not an endpoint.
 */
import { describe, expect, it } from "vitest";
import routes from "../routes.ts";
import { API_BOUNDARY } from "./boundary.server.ts";
import { API_CHAIN } from "./endpoint.server.ts";

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}
const flat = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((e) => [e, ...flat(e.children ?? [])]);
const apiRoutes = flat(routes as RouteEntry[]).filter((r) =>
  /^(portal-srp\/api|lh|api\/publisher|client-account\/api)\//.test(r.path ?? ""),
);
const endpoints = apiRoutes.filter((r) => r.file !== "routes/api.not-found.ts" && r.file.startsWith("routes/api."));

describe("API routes", () => {
  it("are many (the route table was read)", () => {
    expect(apiRoutes.length).toBeGreaterThan(20);
    expect(endpoints.length).toBeGreaterThan(60);
  });
  it.each(apiRoutes.filter((r) => r.file.startsWith("routes/api.")).map((r) => [r.path!, r.file]))(
    "%s (%s) has its loader and action from apiRoute",
    async (_path, file) => {
      const mod = (await import(`../${file}`)) as { loader?: object; action?: object };
      expect(mod.loader && API_BOUNDARY in mod.loader).toBe(true);
      expect(mod.action && API_BOUNDARY in mod.action).toBe(true);
    },
  );
  it.each(endpoints.map((r) => [r.path!, r.file]))("%s (%s) is an endpoint chain", async (_path, file) => {
    const mod = (await import(`../${file}`)) as { loader?: object; action?: object };
    expect(mod.loader && API_CHAIN in mod.loader).toBe(true);
    expect(mod.action && API_CHAIN in mod.action).toBe(true);
  });
});
