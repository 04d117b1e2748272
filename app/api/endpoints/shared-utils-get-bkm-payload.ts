/**
 * POST /portal-srp/api/v1/sharedUtils/getBkmPayload — `{ filters?, locations?, uri?, activeNearby?,
 * isFromMap?, bbPolygon?, total?, user?, domain?, searchType? }` → `{ bkmPayload }`: the payload to save
 * the search with (upsert/serialize take it as is: `{ searchData, excludeAuctions, domain }`) plus what the
 * modal shows — default title, summary, whether 'Escludi immobili all’asta' is offered — and its hash.
 * `activeNearby` (a travel-time point `{ lat, lon, vehicle, time }`) and, on the map, `bbPolygon` (the
 * visible box `[west, south, east, north]`) become the search's area when the filters have none.
 */
import { z } from "zod";
import { endpoint, privateJson } from "../endpoint.server.ts";
import { locationRefSchema } from "../search-input.server.ts";
import { savedSearchSession } from "../../mycasa/policies.server.ts";
import {
  describeSearch,
  savedSearchesService,
  searchOf,
  SITE_DOMAINS,
  storedSearchOf,
  userFieldSchema,
} from "../../mycasa/saved-searches.server.ts";
import { LIMITS } from "../../../core/search/query.ts";
import { savedSearchRaw } from "../../../core/search/saved-search.ts";
import { sortParam } from "../../../core/search/vocabulary.ts";

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

const api = endpoint("POST", {
  limit: "search",
  sameOrigin: "writes",
  authorise: savedSearchSession,
  validate: (input) => input.jsonOf(bodySchema),
  command: async ({ input, actor, svc }) => {
    const directory = await savedSearchesService(svc.database.db).directory();
    const filters = input.filters ? { ...input.filters } : undefined;
    const hasArea = filters !== undefined && GEO_KEYS.some((k) => filters[k] !== undefined);
    const area = hasArea
      ? {}
      : input.activeNearby !== undefined && input.activeNearby !== null
        ? { nearby: input.activeNearby }
        : input.isFromMap && input.bbPolygon
          ? { geobounds: input.bbPolygon }
          : {};
    const withArea = Object.keys(area).length > 0 ? { ...(filters ?? {}), ...area } : filters;
    const query = searchOf({ filters: withArea, locations: input.locations, uri: input.uri }, directory);
    const described = describeSearch(query, directory, input.locale ?? "it");
    const stored = storedSearchOf(query, directory, { domain: input.domain });
    return {
      bkmPayload: {
        user: { id: actor.id },
        searchType: "bookmark",
        domain: stored.domain,
        searchData: { filters: savedSearchRaw(query), locations: query.places, activeSort: sortParam(query.sort) },
        excludeAuctions: query.filters.auction === "exclude",
        auctionAllowed: described.auctionAllowed,
        title: described.defaultTitle,
        summary: described.summary,
        hash: stored.hash,
        total: input.total ?? null,
      },
    };
  },
  present: privateJson,
});

export const loader = api.loader;
export const action = api.action;
