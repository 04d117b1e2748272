/**
 * POST /portal-srp/api/v1/hubPage — a province hub's data (seed 001 §3 Hub page data, §7): body
 * { province (its slug), kind?, locale?, site?, domain? }; answers the page's data (generalInfo with every tab).
 */
import { z } from "zod";
import { hubKinds } from "../../../core/hubs/hub.ts";
import { jsonError } from "../errors.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { cachedHubPage, findHubProvince, hubPath } from "../../hubs/hub-page.server.ts";
import { locales } from "../../i18n/locale.ts";

const bodySchema = z.strictObject({
  province: z.string().trim().min(1).max(80),
  kind: z.enum(hubKinds).default("vendita"),
  locale: z.enum(locales).default("it"),
  site: z.string().max(40).optional(),
  domain: z.string().max(200).optional(),
});

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: (input) => input.jsonOf(bodySchema),
  command: async ({ input, svc }) => {
    const found = await findHubProvince(svc.database.readDb, input.province);
    if (!found) throw jsonError(404, "provincia non trovata", "province");
    return { found, hub: await cachedHubPage(svc.counts, svc.database.readDb, found, input.kind, input.locale) };
  },
  present: ({ found, hub }, { input }) => Response.json({ ...hub, href: hubPath(found.region, found.province, input.kind, input.locale) }),
});

export const loader = api.loader;
export const action = api.action;
