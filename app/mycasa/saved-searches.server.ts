/**
 * Saved searches on the server (seed 001 §3, §4, §7): reading a search to save from a request body,
 * storing it through db/saved-searches.ts, and presenting the §3 bookmark. The search itself always
 * comes from the search-state module (core/search/query.ts parseSearch, url.ts) and its canonical form
 * from core/search/saved-search.ts; nothing here encodes a filter.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import { BadInputError, ConflictError, NotFoundError } from "../../core/errors.ts";
import { PlaceLevel } from "../../core/places.ts";
import { LIMITS, parseSearch, type SearchQuery } from "../../core/search/query.ts";
import {
  alertFrequencies,
  auctionExclusionAllowed,
  defaultNotifications,
  deserializeSearch,
  normaliseNotifications,
  notificationsOf,
  savedSearchQuery,
  savedSearchRaw,
  serializeWithHash,
  type Notifications,
} from "../../core/search/saved-search.ts";
import { savedSearchDefaultTitle } from "../../core/search/seo.ts";
import { encodeSearchUrl } from "../../core/search/url.ts";
import { sortKeys, type SortKey } from "../../core/search/vocabulary.ts";
import { getPlaceDirectory, type PlaceDirectory } from "../../db/place-directory.ts";
import {
  deleteSavedSearches,
  findSavedSearch,
  findSavedSearchByHash,
  listSavedSearches,
  updateSavedSearch,
  upsertSavedSearch,
  type SavedSearchRecord,
  type StoredSearch,
} from "../../db/saved-searches.ts";
import type { Database } from "../../db/schema.ts";
import type { UserRecord } from "../../db/users.ts";
import { decodeUri, locationRefSchema, searchInputError } from "../api/search-input.server.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { savedSearchTexts } from "../i18n/saved-searches.ts";
import { recentSearchTexts } from "../search/recent-search-texts.server.ts";

/** How many searches one user keeps (a bound on what one account can store). */
export const MAX_SAVED_SEARCHES = 200;
export const MAX_TITLE_LENGTH = 100;
/** The product's own two site domains (§3): the first by default. */
export const SITE_DOMAINS = ["casa.it", "casa.com"] as const;

/**
 * Whether saved-search alerts are sent, per channel, at every frequency. E-mail is, 'Subito' and daily
 * (docs/decisions/085, 092); push too, 'Subito' (decision 116) and daily (decision 130). While a channel is false
 * the modal's notice says which choices are sent and which are only stored (decision 053); with both sent it shows none.
 */
export const ALERT_DELIVERY: Readonly<{ email: boolean; push: boolean }> = Object.freeze({ email: true, push: true });

/** Italian messages of the saved-search API (§8: clear, never a 5xx for bad input). */
export const savedSearchMessages = {
  notFound: "Ricerca salvata non trovata",
  otherUser: "Non puoi usare le ricerche salvate di un altro utente",
  tooMany: `Hai raggiunto il numero massimo di ricerche salvate (${MAX_SAVED_SEARCHES}): eliminane qualcuna per salvarne altre`,
  duplicate: "Hai già salvato questa ricerca",
  placeGone: (name: string) => `La località ${name} non esiste più: modifica la ricerca e salvala di nuovo`,
  titleTooLong: `Il titolo può avere al massimo ${MAX_TITLE_LENGTH} caratteri`,
  noSearch: "Indica la ricerca da salvare",
} as const;

// ---------- request bodies (docs/api.md "Saved searches") ----------

/** The §7 `user` field: accepted for the shape, but it must be the session's user (or absent). */
import { userFieldSchema } from "./user-field.ts";

export { userFieldSchema };

const rawFilters = z.record(z.string().max(80), z.unknown());
/** A search to save: its `filters` and `locations` (the search body's fields), or its results-page `uri`. */
export const searchDataSchema = z.looseObject({
  filters: rawFilters.optional(),
  locations: z.array(locationRefSchema).max(LIMITS.maxPlaces).optional(),
  uri: z.string().max(4000).optional(),
  encodedProperties: z.looseObject({ searchUrl: z.string().max(4000).optional() }).optional(),
  activeSort: z.string().max(40).optional(),
});
export type SearchData = z.infer<typeof searchDataSchema>;

const frequency = z.enum(alertFrequencies);
export const notificationsSchema = z.strictObject({
  hasPush: z.boolean().optional(),
  pushFrequency: frequency.optional(),
  hasEmail: z.boolean().optional(),
  emailFrequency: frequency.optional(),
});

export const titleSchema = z.string().max(MAX_TITLE_LENGTH, savedSearchMessages.titleTooLong).nullable().optional();

export const savePayloadSchema = z.strictObject({
  user: userFieldSchema,
  searchData: searchDataSchema,
  title: titleSchema,
  notifications: notificationsSchema.optional(),
  excludeAuctions: z.boolean().optional(),
  domain: z.enum(SITE_DOMAINS).optional(),
  searchType: z.enum(["bookmark", "history"]).optional(),
  jwt: z.string().max(4000).nullable().optional(),
  /** The page's language: the search's alerts speak it (decision 116). */
  locale: z.enum(["it", "en"]).optional(),
});
export type SavePayload = z.infer<typeof savePayloadSchema>;

/** Refuses a body that names another user than the session's (a hostile or stale client). */

// ---------- the search of a body ----------

/**
 * The search a body's searchData stands for: its filters and locations, else its uri (or
 * encodedProperties.searchUrl). Every place must exist: a missing one is a 400 in Italian naming it.
 */
export function searchOf(data: SearchData, directory: PlaceDirectory): SearchQuery {
  const locations = data.locations ?? [];
  const filters = { ...(data.filters ?? {}), ...(data.activeSort ? { sortType: data.activeSort } : {}) };
  const uri = data.uri ?? data.encodedProperties?.searchUrl;
  let query: SearchQuery;
  if (locations.length > 0 || data.filters !== undefined || uri === undefined) {
    try {
      query = parseSearch(filters, locations);
    } catch (error) {
      throw searchInputError(error, "searchData.filters");
    }
  } else {
    try {
      query = decodeUri(uri, directory).query;
    } catch (error) {
      if (error instanceof BadInputError) throw new BadInputError(`searchData.${error.message}`, "searchData.uri");
      throw error;
    }
  }
  const missing = query.places.find((id) => directory.get(id) === undefined);
  if (missing !== undefined) {
    const index = locations.indexOf(missing);
    throw new BadInputError(
      savedSearchMessages.placeGone(`"${missing.slice(0, 80)}"`),
      index >= 0 ? `searchData.locations.${index}` : "searchData.filters.zones",
    );
  }
  return query;
}

/** What is stored of a search: its canonical string and hash, sort, province (for §7 provinces) and domain. */
export function storedSearchOf(
  query: SearchQuery,
  directory: PlaceDirectory,
  options: { excludeAuctions?: boolean; domain?: string } = {},
): StoredSearch {
  const saved = savedSearchQuery(query, options);
  const { str, hash } = serializeWithHash(saved);
  return {
    hash,
    serialized: str,
    activeSort: query.sort,
    provinceId: provinceOf(saved, directory),
    domain: options.domain ?? SITE_DOMAINS[0],
  };
}

function provinceOf(query: SearchQuery, directory: PlaceDirectory): string | null {
  const first = query.places[0];
  if (!first) return null;
  const place = directory.get(first);
  if (!place) return null;
  if (place.level === PlaceLevel.province) return place.id;
  return directory.ancestors(first).find((a) => a.level === PlaceLevel.province)?.id ?? null;
}

/** The search a stored record stands for (null when it can no longer be read, which a schema change could cause). */
export function queryOfRecord(record: Pick<SavedSearchRecord, "serialized" | "activeSort">): SearchQuery | null {
  try {
    const query = deserializeSearch(record.serialized);
    return { ...query, sort: (sortKeys as readonly string[]).includes(record.activeSort) ? (record.activeSort as SortKey) : query.sort };
  } catch {
    return null;
  }
}

// ---------- presenting (§3 "Saved search (bookmark)") ----------

export interface SavedSearchView {
  searchId: number;
  id: number;
  hash: string;
  title: string;
  name: string;
  /** The title the user gave, or null (the default title is shown). */
  customTitle: string | null;
  summary: string;
  province: string | null;
  alerts: SavedSearchRecord["alerts"];
  notifications: Notifications;
  searchData: { encodedProperties: { searchUrl: string | null }; filters: Record<string, unknown>; locations: string[] };
  excludeAuctions: boolean;
  domain: string;
  searchType: "bookmark";
  activeSort: string;
  /** A place of the search no longer exists (or the search cannot be read): shown flagged, not run. */
  stale: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The defaults a search to save is shown with: title, summary line, whether 'Escludi immobili all’asta' is offered. */
export function describeSearch(
  query: SearchQuery,
  directory: PlaceDirectory,
  locale: Locale,
): { defaultTitle: string; summary: string; auctionAllowed: boolean } {
  const places = query.places.map((id) => directory.get(id)).filter((p) => p !== undefined);
  const toolPlaces = places.map((p) => ({
    id: p.id,
    level: p.level,
    qslug: p.qslug,
    name: p.name,
    parentId: p.parentId,
  }));
  return {
    defaultTitle: savedSearchDefaultTitle(query, places, locale),
    summary: recentSearchTexts(query, toolPlaces, locale).filters,
    auctionAllowed: auctionExclusionAllowed(query),
  };
}

export function presentSavedSearch(record: SavedSearchRecord, directory: PlaceDirectory, locale: Locale): SavedSearchView {
  const query = queryOfRecord(record);
  const stale = query === null || query.places.some((id) => directory.get(id) === undefined);
  const t = savedSearchTexts[locale];
  const described = query && !stale ? describeSearch(query, directory, locale) : null;
  const title = record.title ?? described?.defaultTitle ?? t.stalePlace;
  return {
    searchId: record.id,
    id: record.id,
    hash: record.hash,
    title,
    name: title,
    customTitle: record.title,
    summary: described?.summary ?? t.staleSummary,
    province: record.provinceId,
    alerts: record.alerts,
    notifications: notificationsOf(record.alerts),
    searchData: {
      encodedProperties: { searchUrl: query && !stale ? localizePath(encodeSearchUrl(query, directory), locale) : null },
      filters: query ? savedSearchRaw(query) : {},
      locations: query?.places ?? [],
    },
    excludeAuctions: query?.filters.auction === "exclude",
    domain: record.domain,
    searchType: "bookmark",
    activeSort: record.activeSort,
    stale,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

// ---------- commands, each scoped to the user ----------

export interface SavedSearchesService {
  directory(): Promise<PlaceDirectory>;
  save(
    user: Pick<UserRecord, "id">,
    payload: Omit<SavePayload, "user" | "jwt" | "searchType">,
    now: Date,
  ): Promise<{ id: number; created: boolean; hash: string; searchUrl: string }>;
  list(user: Pick<UserRecord, "id">, locale: Locale): Promise<{ savedsearchesData: SavedSearchView[]; provinces: string[] }>;
  get(user: Pick<UserRecord, "id">, id: number, locale: Locale): Promise<SavedSearchView>;
  findByQuery(
    userId: number,
    query: SearchQuery,
    directory: PlaceDirectory,
    options?: { excludeAuctions?: boolean },
  ): Promise<SavedSearchRecord | null>;
  update(
    user: Pick<UserRecord, "id">,
    input: {
      id: number;
      title?: string | null;
      notifications?: Partial<Notifications>;
      search?: Omit<SavePayload, "user" | "jwt" | "searchType">;
    },
    now: Date,
  ): Promise<number>;
  remove(user: Pick<UserRecord, "id">, ids: number[]): Promise<number>;
}

export function savedSearchesService(db: Kysely<Database>): SavedSearchesService {
  const directory = () => getPlaceDirectory(db);
  return {
    directory,
    async save(user, payload, now) {
      const dir = await directory();
      const query = searchOf(payload.searchData, dir);
      const search = storedSearchOf(query, dir, { excludeAuctions: payload.excludeAuctions, domain: payload.domain });
      const title = cleanTitle(payload.title);
      const notifications = payload.notifications ? normaliseNotifications(payload.notifications) : null;
      const result = await upsertSavedSearch(db, {
        userId: user.id,
        search,
        title,
        notifications,
        initialNotifications: defaultNotifications,
        now,
        limit: MAX_SAVED_SEARCHES,
        ...(payload.locale ? { locale: payload.locale } : {}),
      });
      if ("refused" in result) throw new ConflictError(savedSearchMessages.tooMany);
      const saved = savedSearchQuery(query, { excludeAuctions: payload.excludeAuctions });
      return { ...result, hash: search.hash, searchUrl: encodeSearchUrl({ ...saved, sort: query.sort }, dir) };
    },
    async list(user, locale) {
      const dir = await directory();
      const records = await listSavedSearches(db, user.id);
      const views = records.map((r) => presentSavedSearch(r, dir, locale));
      return { savedsearchesData: views, provinces: [...new Set(records.map((r) => r.provinceId).filter((p): p is string => p !== null))] };
    },
    async get(user, id, locale) {
      const record = await findSavedSearch(db, user.id, id);
      if (!record) throw new NotFoundError(savedSearchMessages.notFound, "id");
      return presentSavedSearch(record, await directory(), locale);
    },
    findByQuery(userId, query, dir, options = {}) {
      return findSavedSearchByHash(db, userId, storedSearchOf(query, dir, options).hash);
    },
    async update(user, input, now) {
      const dir = await directory();
      const search = input.search
        ? storedSearchOf(searchOf(input.search.searchData, dir), dir, {
            excludeAuctions: input.search.excludeAuctions,
            domain: input.search.domain,
          })
        : undefined;
      const outcome = await updateSavedSearch(db, {
        userId: user.id,
        id: input.id,
        now,
        search,
        title: input.title === undefined ? undefined : cleanTitle(input.title),
        notifications: input.notifications ? normaliseNotifications(input.notifications) : undefined,
      });
      if (outcome === "missing") throw new NotFoundError(savedSearchMessages.notFound, "id");
      if (outcome === "duplicate") throw new ConflictError(savedSearchMessages.duplicate);
      return input.id;
    },
    async remove(user, ids) {
      const gone = await deleteSavedSearches(db, user.id, ids);
      if (gone === 0) throw new NotFoundError(savedSearchMessages.notFound, "id");
      return gone;
    },
  };
}

/** A title as stored: trimmed, inner whitespace collapsed; empty means the default title. */
export function cleanTitle(title: string | null | undefined): string | null {
  const clean = (title ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean === "" ? null : clean;
}
