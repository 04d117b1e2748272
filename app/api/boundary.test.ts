/** Every JSON API route goes through the API boundary (error mapping and rate limits), none on its own. */
import { describe, expect, it } from "vitest";
import routes from "../routes.ts";
import { API_BOUNDARY } from "./boundary.server.ts";

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}
const flat = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((e) => [e, ...flat(e.children ?? [])]);
const apiRoutes = flat(routes as RouteEntry[]).filter((r) => /^(portal-srp\/api|lh)\//.test(r.path ?? ""));

describe("API routes", () => {
  it("are many (the route table was read)", () => {
    expect(apiRoutes.length).toBeGreaterThan(20);
  });
  it.each(apiRoutes.map((r) => [r.path!, r.file]))("%s (%s) has its loader and action from apiRoute", async (_path, file) => {
    const mod = (await import(`../${file}`)) as { loader?: object; action?: object };
    expect(mod.loader && API_BOUNDARY in mod.loader).toBe(true);
    expect(mod.action && API_BOUNDARY in mod.action).toBe(true);
  });
});
