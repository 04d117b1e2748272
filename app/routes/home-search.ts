/**
 * GET /ricerca/?q=…&luogo=…&channel=… — where the home page's place search submits (works without
 * JavaScript; with it, the autocomplete comes here with the chosen id). A known place id wins; else
 * the free text is resolved to the best place (db/place-search.ts resolvePlaceQuery). Found: 302 to
 * the canonical results URL (core/search/url.ts); not found: back to the home with a message and the
 * text kept. See docs/decisions/018-home-search.md.
 */
import { redirect } from "react-router";
import { z } from "zod";
import { parseSearch } from "../../core/search/query.ts";
import { encodeSearchUrl } from "../../core/search/url.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { resolvePlaceQuery } from "../../db/place-search.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/home-search";

const paramsSchema = z.object({
  q: z.string().catch("").transform((s) => s.trim().slice(0, 100)),
  luogo: z.string().max(120).optional().catch(undefined),
  channel: z.enum(["vendita", "affitto", "affitto-breve"]).catch("vendita"),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const params = paramsSchema.parse({ q: url.searchParams.get("q") ?? "", luogo: url.searchParams.get("luogo") || undefined, channel: url.searchParams.get("channel") ?? undefined });
  const db = services(context).database.readDb;
  const directory = await getPlaceDirectory(db);

  // A street suggestion ("street:{townId}:{street}") searches its town.
  const chosenId = params.luogo?.startsWith("street:") ? params.luogo.split(":")[1] : params.luogo;
  let placeId = chosenId && directory.get(chosenId) ? chosenId : undefined;
  if (!placeId && params.q) placeId = (await resolvePlaceQuery(db, params.q, { channel: params.channel }))?.id;

  if (!placeId) {
    const back = new URLSearchParams({ ...(params.channel === "affitto" ? { tab: "affitto" } : {}), esito: params.q ? "nessun-risultato" : "vuoto", ...(params.q ? { q: params.q } : {}) });
    throw redirect(`${localizePath("/", locale)}?${back}`, 302);
  }
  throw redirect(localizePath(encodeSearchUrl(parseSearch({ channel: params.channel }, [placeId]), directory), locale), 302);
}

export default function HomeSearch() {
  return null;
}
