/**
 * The MyCasa page's data and form commands (/mycasa/, issue 11 item 6): one tab at a time, favourites
 * a page at a time (an account may keep 10,000), every record read for the session's user only.
 */
import type { Kysely } from "kysely";
import { BadInputError, ConflictError, NotFoundError } from "../../core/errors.ts";
import {
  addressKey,
  COMMUTE_MINUTES,
  HOME_POINT_ID,
  pointLabel,
  pointType,
  TRAVEL_MODES,
  WORK_POINT_ID,
  type StoredCommutePoint,
  type TravelMode,
} from "../../core/mycasa/commute.ts";
import { FAVOURITES_PER_PAGE, mycasaMessages, priceChange } from "../../core/mycasa/records.ts";
import { findListingSummaries } from "../../db/listings-search.ts";
import {
  addAddress,
  addCommutePoint,
  countFavourites,
  deleteAddress,
  deleteCommutePoint,
  deleteHistory,
  hideListing,
  listAddresses,
  listCommutePoints,
  listFavourites,
  listHidden,
  listHistory,
  removeFavourites,
  renameAddress,
  unhideListings,
} from "../../db/mycasa.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { resolvePlaceQuery } from "../../db/place-search.ts";
import type { Database } from "../../db/schema.ts";
import { presentListingCard, type ListingCard } from "../api/listing-card-presenter.ts";
import { recordName } from "./inputs.ts";
import { existingListingIds } from "../../db/listings.ts";

import type { MycasaTab } from "./tabs.ts";

export interface FavouriteView {
  listingId: number;
  card: ListingCard | null;
  savedAt: string;
  change: { delta: number; percent: number } | null;
  unchanged: boolean;
}

export type TabData =
  | { tab: "favourites"; total: number; page: number; pages: number; items: FavouriteView[] }
  | { tab: "hidden"; total: number; items: Array<{ listingId: number; card: ListingCard | null; hiddenAt: string }> }
  | { tab: "addresses"; addresses: Array<{ id: number; name: string; label: string }>; points: Array<StoredCommutePoint> }
  | { tab: "history"; items: Array<{ id: number; uri: string; localities: string; filters: string; searchedAt: string }> };

/** Hidden ads shown on the tab (an account may hide 10,000). */
const HIDDEN_SHOWN = 100;

async function cards(db: Kysely<Database>, ids: number[]): Promise<Map<number, ListingCard>> {
  const [summaries, directory] = await Promise.all([findListingSummaries(db, ids), getPlaceDirectory(db)]);
  return new Map(summaries.map((s) => [s.id, presentListingCard(s, directory)]));
}

export async function loadTab(db: Kysely<Database>, userId: number, tab: MycasaTab, page: number): Promise<TabData> {
  switch (tab) {
    case "favourites": {
      const total = await countFavourites(db, userId);
      const pages = Math.max(1, Math.ceil(total / FAVOURITES_PER_PAGE));
      const current = Math.min(Math.max(1, page), pages);
      const rows = await listFavourites(db, userId, { limit: FAVOURITES_PER_PAGE, offset: (current - 1) * FAVOURITES_PER_PAGE });
      const byId = await cards(
        db,
        rows.map((r) => r.listingId),
      );
      const items = rows.map((r): FavouriteView => {
        const card = byId.get(r.listingId) ?? null;
        const now = card ? card.features.price.marker.price : null;
        const change = priceChange(r.priceAtSave, now);
        return {
          listingId: r.listingId,
          card,
          savedAt: r.savedAt.toISOString(),
          change,
          unchanged: change === null && r.priceAtSave !== null && now !== null,
        };
      });
      return { tab, total, page: current, pages, items };
    }
    case "hidden": {
      // The newest HIDDEN_SHOWN with their cards; 'Mostra di nuovo tutti' reaches the rest.
      const rows = await listHidden(db, userId);
      const shown = rows.slice(0, HIDDEN_SHOWN);
      const byId = await cards(
        db,
        shown.map((r) => r.listingId),
      );
      return {
        tab,
        total: rows.length,
        items: shown.map((r) => ({ listingId: r.listingId, card: byId.get(r.listingId) ?? null, hiddenAt: r.hiddenAt.toISOString() })),
      };
    }
    case "addresses": {
      const [addresses, points] = await Promise.all([listAddresses(db, userId), listCommutePoints(db, userId)]);
      return { tab, addresses: addresses.map((a) => ({ id: a.id, name: a.name, label: a.label })), points };
    }
    case "history":
      return { tab, items: (await listHistory(db, userId)).map((h) => ({ ...h, searchedAt: h.searchedAt.toISOString() })) };
  }
}

const positiveId = (value: FormDataEntryValue | null, field: string): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new BadInputError(mycasaMessages.invalidField(field), field);
  return n;
};

/** Free text of the form → a point: the street found by the place search, else the place's centre. */
async function locate(db: Kysely<Database>, text: string) {
  const place = text.trim() ? await resolvePlaceQuery(db, text.trim()) : null;
  if (!place) throw new BadInputError(mycasaMessages.addressUnknown, "address");
  if (place.street?.located)
    return { address: place.street.name, town: place.name, lat: place.street.lat, lon: place.street.lon, parent: place.id };
  const found = (await getPlaceDirectory(db)).get(place.id);
  if (!found) throw new BadInputError(mycasaMessages.addressUnknown, "address");
  return { address: place.name, town: place.name, lat: found.lat, lon: found.lon, parent: place.id };
}

/**
 * One form command of the page (no JavaScript needed). Throws the core errors with Italian messages;
 * the route shows them on the page.
 */
export async function runFormCommand(
  db: Kysely<Database>,
  readDb: Kysely<Database>,
  userId: number,
  form: FormData,
  now: Date,
): Promise<"saved" | "removed"> {
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "remove-favourite":
      if ((await removeFavourites(db, userId, [positiveId(form.get("listingId"), "listingId")])).length === 0)
        throw new NotFoundError(mycasaMessages.favouriteNotFound, "listingId");
      return "removed";
    case "hide": {
      const id = positiveId(form.get("listingId"), "listingId");
      if (!(await existingListingIds(readDb, [id])).has(id)) throw new NotFoundError(mycasaMessages.listingNotFound, "listingId");
      await hideListing(db, userId, id, now);
      return "saved";
    }
    case "unhide":
      await unhideListings(db, userId, [positiveId(form.get("listingId"), "listingId")]);
      return "removed";
    case "unhide-all":
      await unhideListings(
        db,
        userId,
        (await listHidden(db, userId)).map((h) => h.listingId),
      );
      return "removed";
    case "add-address": {
      const name = recordName.safeParse(String(form.get("name") ?? ""));
      if (!name.success) throw new BadInputError(mycasaMessages.invalidField("Nome"), "name");
      const where = await locate(readDb, String(form.get("address") ?? "").slice(0, 200));
      await addAddress(
        db,
        userId,
        {
          name: name.data,
          parent: where.parent,
          lat: where.lat,
          lon: where.lon,
          label: where.address === where.town ? where.town : `${where.address}, ${where.town}`,
          address: where.address,
          number: "",
          town: where.town,
          isPin: false,
          uKey: addressKey(where.lat, where.lon),
        },
        now,
      );
      return "saved";
    }
    case "rename-address": {
      const name = recordName.safeParse(String(form.get("name") ?? ""));
      if (!name.success) throw new BadInputError(mycasaMessages.invalidField("Nome"), "name");
      await renameAddress(db, userId, positiveId(form.get("id"), "id"), name.data, now);
      return "saved";
    }
    case "delete-address":
      await deleteAddress(db, userId, positiveId(form.get("id"), "id"));
      return "removed";
    case "add-point": {
      const kind = String(form.get("kind") ?? "");
      const id = kind === HOME_POINT_ID || kind === WORK_POINT_ID ? kind : `custom-${now.getTime().toString(36)}`;
      const mode = String(form.get("mode") ?? "") as TravelMode;
      const minutes = Number(form.get("minutes"));
      if (!TRAVEL_MODES.includes(mode)) throw new BadInputError(mycasaMessages.invalidField("Mezzo"), "mode");
      if (!(COMMUTE_MINUTES as readonly number[]).includes(minutes))
        throw new BadInputError(mycasaMessages.invalidField("Tempo di viaggio"), "minutes");
      const name = recordName.safeParse(String(form.get("name") ?? "") || "Punto condiviso");
      if (!name.success) throw new BadInputError(mycasaMessages.invalidField("Nome del punto"), "name");
      const where = await locate(readDb, String(form.get("address") ?? "").slice(0, 200));
      await addCommutePoint(db, userId, {
        id,
        label: pointLabel(pointType(id), name.data),
        type: pointType(id),
        time_gap: minutes,
        transport: mode,
        town: where.town,
        address: where.address,
        number: "snc",
        updateDt: now.toISOString(),
        lat: where.lat,
        lon: where.lon,
      });
      return "saved";
    }
    case "delete-point": {
      const id = String(form.get("id") ?? "").slice(0, 80);
      await deleteCommutePoint(db, userId, id);
      return "removed";
    }
    case "delete-history":
      if ((await deleteHistory(db, userId, [positiveId(form.get("id"), "id")])) === 0)
        throw new NotFoundError(mycasaMessages.historyNotFound, "id");
      return "removed";
    case "clear-history":
      await deleteHistory(db, userId, "all");
      return "removed";
    default:
      throw new BadInputError(mycasaMessages.invalidBody);
  }
}

/** The core errors a form command throws, as the message to show; anything else is not ours to show. */
export function formErrorMessage(error: unknown): string | null {
  return error instanceof BadInputError || error instanceof NotFoundError || error instanceof ConflictError ? error.message : null;
}
