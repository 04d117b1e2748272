/** Every real place gets a search URL that decodes back to it (the URL codec's slug scheme has no collisions in the gazetteer). */
import { describe, expect, it } from "vitest";
import { parseSearch } from "../core/search/query.ts";
import { decodeSearchUrl, encodeSearchUrl } from "../core/search/url.ts";
import { COUNTRY_PLACE_ID } from "../core/places.ts";
import { buildGazetteer } from "./gazetteer.ts";

describe("search URLs for every place of the gazetteer", () => {
  it("encode to a path that decodes to the same place, canonically", () => {
    const places = buildGazetteer();
    const byId = new Map(places.map((p) => [p.id, p]));
    const bySlug = new Map(places.map((p) => [`${p.level}:${p.qslug}`, p]));
    const lookup = { get: (id: string) => byId.get(id), bySlug: (level: number, qslug: string) => bySlug.get(`${level}:${qslug}`) };
    const failures: string[] = [];
    for (const p of places) {
      const query = parseSearch({ channel: "affitto", numRooms_min: 2, numRooms_max: 2 }, [p.id]);
      const url = encodeSearchUrl(query, lookup);
      const decoded = decodeSearchUrl(url, "", lookup);
      // All of Italy alone is the search with no place (core/search/query.ts).
      const expectedPlaces = p.id === COUNTRY_PLACE_ID ? "" : p.id;
      if (url.includes("?") || decoded.kind !== "search" || decoded.canonical !== url || decoded.query.places.join() !== expectedPlaces) {
        failures.push(`${p.id} (${p.level}) → ${url}`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(places.length).toBeGreaterThan(8000);
  }, 60_000);
});
