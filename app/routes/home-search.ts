/**
 * GET /ricerca/?q=…&luogo=…&channel=… — where the home page's place search submits (works without
 * JavaScript; with it, the autocomplete comes here with the chosen id). A known place id wins; else
 * the free text is resolved to the best place (db/place-search.ts resolvePlaceQuery). Found: 302 to
 * the canonical results URL (core/search/url.ts); not found: back to the home with a message and the
 * text kept. See docs/decisions/018-home-search.md.
 */
import { redirect } from "react-router";
import { z } from "zod";
import { parseSearch, type SearchQuery } from "../../core/search/query.ts";
import { decodeSearchUrl, encodeSearchUrl } from "../../core/search/url.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { findStreet, resolvePlaceQuery } from "../../db/place-search.ts";
import { aroundStreet, withPlace } from "../../core/search/street-search.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/home-search";

const paramsSchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((s) => s.trim().slice(0, 100)),
  luogo: z.string().max(120).optional().catch(undefined),
  channel: z.enum(["vendita", "affitto", "affitto-breve"]).catch("vendita"),
  /** The results page the search comes from ("/vendita/case/milano/?price_max=…"): the place is added to that search. */
  da: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)/)
    .optional()
    .catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const params = paramsSchema.parse({
    q: url.searchParams.get("q") ?? "",
    luogo: url.searchParams.get("luogo") || undefined,
    channel: url.searchParams.get("channel") ?? undefined,
    da: url.searchParams.get("da") || undefined,
  });
  const db = services(context).database.readDb;
  const directory = await getPlaceDirectory(db);
  // From a results page: that search, to which the place is added (an unreadable address is ignored).
  const from = params.da
    ? decodeSearchUrl(
        localizePath(params.da.split("?")[0]!, "it"),
        params.da.includes("?") ? params.da.slice(params.da.indexOf("?")) : "",
        directory,
      )
    : null;
  const base = from?.kind === "search" ? from.query : parseSearch({ channel: params.channel });
  const go = (query: SearchQuery) => redirect(localizePath(encodeSearchUrl(query, directory), locale), 302);

  // A street ("street:{townId}:{street}" from the autocomplete, or typed: "via roma 12 milano") searches
  // a circle around the street or house number (docs/decisions/048, 111); a street no listing uses any more,
  // or a real street with no known point, its town.
  const street = params.luogo?.startsWith("street:") ? await findStreet(db, params.luogo) : null;
  if (street?.located) throw go(aroundStreet(base, street));
  const chosenId = params.luogo?.startsWith("street:") ? params.luogo.split(":")[1] : params.luogo;
  let placeId = chosenId && directory.get(chosenId) ? chosenId : undefined;
  if (!placeId && params.q) {
    const resolved = await resolvePlaceQuery(db, params.q, { channel: base.channel === "affitto-breve" ? "affitto-breve" : base.channel });
    if (resolved?.street?.located) throw go(aroundStreet(base, resolved.street));
    placeId = resolved?.id;
  }

  if (!placeId) {
    // Back where the search came from, with the message and the text kept.
    const back = new URLSearchParams({
      ...(params.channel === "affitto" && !from ? { tab: "affitto" } : {}),
      esito: params.q ? "nessun-risultato" : "vuoto",
      ...(params.q ? { q: params.q } : {}),
    });
    if (from?.kind === "search") throw redirect(`${localizePath(withBackParams(from.canonical, back), locale)}`, 302);
    throw redirect(`${localizePath("/", locale)}?${back}`, 302);
  }
  throw go(withPlace(base, placeId));
}

/** The results address with the place search's outcome ("esito", "q") added, which its page shows. */
function withBackParams(canonical: string, back: URLSearchParams): string {
  return `${canonical}${canonical.includes("?") ? "&" : "?"}${back}`;
}

export default function HomeSearch() {
  return null;
}
