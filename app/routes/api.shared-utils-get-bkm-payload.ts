/**
 * POST /portal-srp/api/v1/sharedUtils/getBkmPayload — `{ filters?, locations?, uri?, activeNearby?,
 * isFromMap?, bbPolygon?, total?, user?, domain?, searchType? }` → `{ bkmPayload }`: the payload to save
 * the search with (upsert/serialize take it as is: `{ searchData, excludeAuctions, domain }`) plus what the
 * modal shows — default title, summary, whether 'Escludi immobili all’asta' is offered — and its hash.
 * `activeNearby` (a travel-time point `{ lat, lon, vehicle, time }`) and, on the map, `bbPolygon` (the
 * visible box `[west, south, east, north]`) become the search's area when the filters have none.
 */
import { z } from "zod";
import { apiRoute } from "../api/boundary.server.ts";
import { locationRefSchema } from "../api/search-input.server.ts";
import { mycasaEndpoint } from "../mycasa/api.server.ts";
import { describeSearch, searchOf, SITE_DOMAINS, storedSearchOf, userFieldSchema } from "../mycasa/saved-searches.server.ts";
import { LIMITS } from "../../core/search/query.ts";
import { savedSearchRaw } from "../../core/search/saved-search.ts";
import { sortParam } from "../../core/search/vocabulary.ts";
import type { Route } from "./+types/api.shared-utils-get-bkm-payload";

const GEO_KEYS = ["geobounds", "geopolygon", "geocircle", "nearby"];
const bodySchema = z.strictObject({
  filters: z.record(z.string().max(80), z.unknown()).optional(),
  locations: z.array(locationRefSchema).max(LIMITS.maxPlaces).optional(),
  uri: z.string().max(4000).optional(),
  activeNearby: z.unknown().optional(),
  isFromMap: z.boolean().optional(),
  bbPolygon: z.array(z.number()).length(4).optional(),
  total: z.number().int().min(0).optional(),
  user: userFieldSchema,
  domain: z.enum(SITE_DOMAINS).optional(),
  searchType: z.enum(["bookmark", "history"]).optional(),
  locale: z.enum(["it", "en"]).optional(),
  jwt: z.string().max(4000).nullable().optional(),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, (args) =>
  mycasaEndpoint(
    args,
    bodySchema,
    async ({ user, body, searches }) => {
      const directory = await searches.directory();
      const filters = body.filters ? { ...body.filters } : undefined;
      const hasArea = filters !== undefined && GEO_KEYS.some((k) => filters[k] !== undefined);
      const area = hasArea
        ? {}
        : body.activeNearby !== undefined && body.activeNearby !== null
          ? { nearby: body.activeNearby }
          : body.isFromMap && body.bbPolygon
            ? { geobounds: body.bbPolygon }
            : {};
      const withArea = Object.keys(area).length > 0 ? { ...(filters ?? {}), ...area } : filters;
      const query = searchOf({ filters: withArea, locations: body.locations, uri: body.uri }, directory);
      const described = describeSearch(query, directory, body.locale ?? "it");
      const stored = storedSearchOf(query, directory, { domain: body.domain });
      return {
        bkmPayload: {
          user: { id: user.id },
          searchType: "bookmark",
          domain: stored.domain,
          searchData: { filters: savedSearchRaw(query), locations: query.places, activeSort: sortParam(query.sort) },
          excludeAuctions: query.filters.auction === "exclude",
          auctionAllowed: described.auctionAllowed,
          title: described.defaultTitle,
          summary: described.summary,
          hash: stored.hash,
          total: body.total ?? null,
        },
      };
    },
    { sessionOnly: true },
  ),
);

export const loader = endpoint.loader;
export const action = endpoint.action;
