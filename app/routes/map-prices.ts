/**
 * GET /mappa/prezzi.json?channel=vendita&group=case — the price map's data (core/map/price-map.ts):
 * median asking €/m² and listing count per municipality and per city zone (only places with at least
 * 5 listings), and the legend's breaks.
 */
import { z } from "zod";
import { priceBreaks, shownPrices } from "../../core/map/price-map.ts";
import { groupsByChannel, type Channel } from "../../core/search/vocabulary.ts";
import { medianPrices } from "../../db/price-map.ts";
import { jsonError } from "../api/errors.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/map-prices";

const params = z.object({
  channel: z.enum(["vendita", "affitto", "affitto-breve"]),
  group: z.string().max(40),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = params.safeParse({
    channel: url.searchParams.get("channel") ?? "vendita",
    group: url.searchParams.get("group") ?? "case",
  });
  if (!parsed.success) return jsonError(400, "channel: vendita, affitto or affitto-breve", "channel");
  const { channel, group } = parsed.data;
  if (!(groupsByChannel[channel as Channel] as readonly string[]).includes(group))
    return jsonError(400, `group: "${group.slice(0, 40)}" is not offered for ${channel}`, "group");
  const db = services(context).database.readDb;
  const [towns, zones] = await Promise.all([medianPrices(db, channel, group, "town"), medianPrices(db, channel, group, "zone")]);
  const shown = [...shownPrices(towns), ...shownPrices(zones)];
  return Response.json(
    {
      channel,
      group,
      breaks: priceBreaks(shown.map((p) => p.median)),
      places: Object.fromEntries(shown.map((p) => [p.id, [p.median, p.count]])),
    },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}
