/**
 * The map's address panel (seed 000 §2 item 6, §3 "Address and saved addresses", §4 "Address panel",
 * §9): what a picked address is, the RECENTI list the browser keeps (up to 50, unique by name plus
 * parent, newest first), and the body that saves one as a favourite (`mycasa/addresses/add`). Pure;
 * app/ui/map-address-panel.tsx uses it.
 */
import { roundCoordinate } from "../mycasa/commute.ts";
import { PlaceLevel } from "../places.ts";
import { splitStreetNumber } from "../places-suggest.ts";

/** localStorage: the panel's recent addresses, a JSON array, newest first. */
export const RECENT_ADDRESSES_KEY = "casa:recent-addresses";
export const MAX_RECENT_ADDRESSES = 50;

/** An address the panel can go to (§3 "Saved address", without the favourite's own name). */
export interface MapAddress {
  /** Street plus number ('Via Roma 12'), or the place's name ('Milano', 'Brera'). */
  name: string;
  /** The town it is in (for a town, its province); null when nothing says more. */
  parent: string | null;
  lat: number;
  lon: number;
  /** The street or place without the number. */
  address: string;
  number: string;
  town: string;
  /** Identifies the address for the account's saved addresses: the suggestion's id plus the number. */
  uKey: string;
}

/** What the suggest endpoint answers for a place or a street (the fields the panel needs). */
export interface AddressSuggestion {
  id: string;
  name: string;
  type: string;
  lat: number;
  lon: number;
  town: { name: string } | null;
  parent: { name: string } | null;
}

/**
 * The address a picked suggestion stands for. A street keeps the house number that was typed (seed
 * 000 §5: split when the last word starts with a digit): 'via roma 12' and 'Via Roma, Milano' give
 * 'Via Roma 12' in Milano, at the street's centre (the suggest endpoint places streets there).
 */
export function addressFromSuggestion(s: AddressSuggestion, typed: string): MapAddress {
  const street = s.type === "street";
  // A real house number found by the suggest endpoint ('street:{town}:{street}:{number}', decision 111)
  // is already in the name and the point: that number, not the typed one (which may be missing).
  const house = street ? /^street:[^:]+:[^:]+:(.+)$/.exec(s.id)?.[1] : undefined;
  const streetName = house && s.name.endsWith(` ${house}`) ? s.name.slice(0, -(house.length + 1)) : s.name;
  const number = house ?? (street ? (splitStreetNumber(typed).number ?? "") : "");
  const town = s.town?.name ?? "";
  // A street or a zone is in its town; a town (its own town) in its province, a province in its region.
  const parent = (s.town && s.town.name !== s.name ? s.town.name : s.parent?.name) ?? null;
  return {
    name: number ? `${streetName} ${number}` : streetName,
    parent: parent !== s.name ? parent : null,
    lat: roundCoordinate(s.lat),
    lon: roundCoordinate(s.lon),
    address: streetName,
    number,
    town,
    uKey: house ? s.id : number ? `${s.id}#${number}` : s.id,
  };
}

/** 'Via Roma 12, Milano': the parent only when it says more. */
export function addressLabel(a: Pick<MapAddress, "name" | "parent">): string {
  return a.parent && a.parent !== a.name ? `${a.name}, ${a.parent}` : a.name;
}

const fold = (text: string | null) => (text ?? "").trim().replace(/\s+/g, " ").toLocaleLowerCase("it");

/** §3: recent addresses are unique by name plus parent (letter case and spacing aside). */
export function sameAddress(a: Pick<MapAddress, "name" | "parent">, b: Pick<MapAddress, "name" | "parent">): boolean {
  return fold(a.name) === fold(b.name) && fold(a.parent) === fold(b.parent);
}

/** The list after picking an address: it goes first, an equal one drops out, at most 50 kept. */
export function addRecentAddress(list: readonly MapAddress[], picked: MapAddress): MapAddress[] {
  return [picked, ...list.filter((a) => !sameAddress(a, picked))].slice(0, MAX_RECENT_ADDRESSES);
}

/** The list without an address ('Elimina', or once it is saved as a favourite). */
export function removeRecentAddress(list: readonly MapAddress[], gone: Pick<MapAddress, "name" | "parent">): MapAddress[] {
  return list.filter((a) => !sameAddress(a, gone));
}

const isText = (v: unknown, max: number): v is string => typeof v === "string" && v.length <= max;
const isCoordinate = (v: unknown, limit: number): v is number => typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= limit;

/**
 * The stored list, read defensively (another version of the page, or a hand edit, may have written
 * it): entries that are not addresses are dropped, duplicates and entries past 50 too.
 */
export function readRecentAddresses(stored: string | null): MapAddress[] {
  let raw: unknown;
  try {
    raw = stored ? JSON.parse(stored) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const list: MapAddress[] = [];
  for (const e of raw as Array<Record<string, unknown>>) {
    if (!e || typeof e !== "object") continue;
    const { name, parent, lat, lon, address, number, town, uKey } = e;
    if (!isText(name, 200) || name.trim() === "" || !(parent === null || isText(parent, 120))) continue;
    if (!isCoordinate(lat, 90) || !isCoordinate(lon, 180)) continue;
    const entry: MapAddress = {
      name,
      parent: parent ?? null,
      lat,
      lon,
      address: isText(address, 200) && address ? address : name,
      number: isText(number, 20) ? number : "",
      town: isText(town, 120) ? town : "",
      uKey: isText(uKey, 200) && uKey ? uKey : `${lat},${lon}`,
    };
    if (list.some((a) => sameAddress(a, entry))) continue;
    list.push(entry);
    if (list.length === MAX_RECENT_ADDRESSES) break;
  }
  return list;
}

/** The body of `mycasa/addresses/add` that saves an address under a name the user chose ('Casa', 'Lavoro'…). */
export function favouriteAddressBody(a: MapAddress, name: string) {
  return {
    address: {
      name: name.trim(),
      parent: a.parent,
      lat: a.lat,
      lon: a.lon,
      label: addressLabel(a),
      address: a.address,
      ...(a.number ? { number: a.number } : {}),
      ...(a.town ? { town: a.town } : {}),
      uKey: a.uKey,
    },
  };
}

/** A saved address as the account returns it (`mycasa/addresses/get`). */
export interface FavouriteAddress {
  id: number;
  name: string;
  label: string;
  parent: string | null;
  lat: number;
  lon: number;
  address: string;
  number: string;
  town: string;
  uKey: string;
}

/** Where picking a favourite goes: the address it was saved from. */
export function addressOfFavourite(f: FavouriteAddress): MapAddress {
  return {
    name: f.number ? `${f.address} ${f.number}` : f.address,
    parent: f.parent,
    lat: f.lat,
    lon: f.lon,
    address: f.address,
    number: f.number,
    town: f.town,
    uKey: f.uKey,
  };
}

/** A place containing a point, as the reverse look-up answers (`sharedUtils/reverse` with returnAll). */
export interface PlaceAtPoint {
  id: string;
  level: number;
  name: string;
  /** The place's qualified slug (the reverse look-up's `slug`). */
  slug: string;
}

/**
 * The places a map search has after the map goes to a picked address (issue 21 item 12), or null when
 * they stay: a map search is its places within the view, so an address outside every searched place
 * would leave a view with no listings ('0 annunci'). The search moves to the town the address is in,
 * or to the view alone when no town contains it. A search without places just follows the view.
 */
export function placesAfterAddressPick(searched: readonly string[], containing: readonly PlaceAtPoint[]): PlaceAtPoint[] | null {
  if (searched.length === 0 || containing.some((p) => searched.includes(p.id))) return null;
  const town = containing.find((p) => p.level === PlaceLevel.town);
  return town ? [town] : [];
}
