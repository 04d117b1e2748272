/**
 * POST /portal-srp/api/v1/hubPage — a province hub's data (seed 001 §3 Hub page data, §7): body
 * { province (its slug), kind?, locale?, site?, domain? }; answers the page's data (generalInfo with every tab).
 */
import { z } from "zod";
import { hubKinds } from "../../core/hubs/hub.ts";
import { jsonError } from "../api/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readJsonBody } from "../api/request.ts";
import { cachedHubPage, findHubProvince, hubPath } from "../hubs/hub-page.server.ts";
import { locales } from "../i18n/locale.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.hub-page";

const bodySchema = z.strictObject({
  province: z.string().trim().min(1).max(80),
  kind: z.enum(hubKinds).default("vendita"),
  locale: z.enum(locales).default("it"),
  site: z.string().max(40).optional(),
  domain: z.string().max(200).optional(),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const body = await readJsonBody(request, bodySchema);
  const { database, counts } = services(context);
  const found = await findHubProvince(database.readDb, body.province);
  if (!found) return jsonError(404, "provincia non trovata", "province");
  const hub = await cachedHubPage(counts, database.readDb, found, body.kind, body.locale);
  return Response.json({ ...hub, href: hubPath(found.region, found.province, body.kind, body.locale) });
});

export const loader = endpoint.loader;
export const action = endpoint.action;
