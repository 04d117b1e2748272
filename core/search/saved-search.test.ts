import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSearch } from "./query.ts";
import {
  canonicalRing,
  channelFrequency,
  hashString,
  normaliseNotifications,
  notificationsOf,
  readTimestamp,
  SAVE_SEARCH_HINT_INTERVAL_MS,
  saveSearchButtonState,
  savedSearchQuery,
  savedSearchRaw,
  serializeWithHash,
  showNotificationTooltip,
  showSaveSearchHint,
  NOTIFICATION_TOOLTIP_INTERVAL_MS,
} from "./saved-search.ts";
import { savedSearchDefaultTitle } from "./seo.ts";
import { fixturePlaces } from "./url.fixture.ts";

const placeIds = ["IT-03-015146", "IT-03-015146-NIL01", "IT-03-015146-NIL02", "IT-12-058091", "IT-08-099014"];
const byId = new Map(fixturePlaces.map((p) => [p.id, p]));

/** A raw filter object with its keys, set values and places in a shuffled order. */
const filterEntries: Array<[string, unknown]> = [
  ["price_max", 350000],
  ["numRooms_min", 2],
  ["numRooms_max", 4],
  ["energyClass", ["A4", "B", "C"]],
  ["availability", ["libero", "nuda-proprieta"]],
  ["poi", ["supermarket", "subway", "high_school"]],
  ["exclude_auction", true],
  ["mq_min", 60],
  ["sortType", "prezzo-crescente"],
  ["page", 3],
];

describe("serializeWithHash: the same search gives the same hash", () => {
  it("whatever the order of filters, set values and places (property)", () => {
    fc.assert(
      fc.property(
        fc.subarray(filterEntries.map((_, i) => i)),
        fc.subarray(placeIds, { minLength: 0 }),
        fc.integer(),
        (chosen, places, seed) => {
          const entries = chosen.map((i) => filterEntries[i]!);
          const rng = seed;
          const shuffle = <T>(xs: T[]) =>
            xs
              .map((x, i) => [x, Math.sin(rng + i)] as const)
              .sort((a, b) => a[1] - b[1])
              .map(([x]) => x);
          const base = parseSearch(Object.fromEntries(entries), places);
          const reordered = parseSearch(
            Object.fromEntries(shuffle(entries).map(([k, v]) => [k, Array.isArray(v) ? shuffle([...v]) : v])),
            shuffle([...places]),
          );
          expect(serializeWithHash(reordered)).toEqual(serializeWithHash(base));
        },
      ),
    );
  });

  it("whatever the polygon's start vertex and orientation, closed or open (property)", () => {
    const ring: Array<[number, number]> = [
      [45.45, 9.15],
      [45.46, 9.2],
      [45.48, 9.22],
      [45.49, 9.17],
      [45.47, 9.12],
    ];
    const base = serializeWithHash(parseSearch({ geopolygon: { polygon: ring } }));
    fc.assert(
      fc.property(fc.nat(ring.length - 1), fc.boolean(), fc.boolean(), (start, reverse, close) => {
        let r = [...ring.slice(start), ...ring.slice(0, start)];
        if (reverse) r = r.reverse();
        if (close) r = [...r, r[0]!];
        expect(serializeWithHash(parseSearch({ geopolygon: { polygon: r } }))).toEqual(base);
      }),
    );
  });

  it("differs when the search differs, and ignores page and sort", () => {
    const milano = serializeWithHash(parseSearch({}, ["IT-03-015146"]));
    expect(serializeWithHash(parseSearch({}, ["IT-12-058091"])).hash).not.toBe(milano.hash);
    expect(serializeWithHash(parseSearch({ price_max: 300000 }, ["IT-03-015146"])).hash).not.toBe(milano.hash);
    expect(serializeWithHash(parseSearch({ page: 4, sortType: "prezzo-crescente" }, ["IT-03-015146"]))).toEqual(milano);
    expect(milano.hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it("restores every shape exactly from its saved raw filters", () => {
    const searches = [
      parseSearch({
        geopolygon: {
          polygon: [
            [45.45, 9.15],
            [45.46, 9.2],
            [45.48, 9.22],
            [45.49, 9.17],
          ],
        },
      }),
      parseSearch({ geocircle: { circle: [{ distance: 1500, center: [45.4642035, 9.189982] }] } }),
      parseSearch({ nearby: { lat: 45.46, lon: 9.19, vehicle: "bike", time: 20 } }),
      parseSearch({ geobounds: [9.1, 45.4, 9.3, 45.5] }),
      parseSearch({ poi: ["supermarket", "subway"], channel: "affitto" }, ["IT-03-015146"]),
    ];
    for (const q of searches) {
      const saved = savedSearchQuery(q);
      expect(parseSearch(savedSearchRaw(q), [])).toEqual(saved);
      expect(serializeWithHash(parseSearch(savedSearchRaw(q)))).toEqual(serializeWithHash(q));
    }
  });

  it("keeps the polygon's vertices, counter-clockwise from the lowest one", () => {
    expect(
      canonicalRing([
        [9.2, 45.5],
        [9.1, 45.4],
        [9.3, 45.4],
        [9.2, 45.5],
      ]),
    ).toEqual([
      [9.1, 45.4],
      [9.3, 45.4],
      [9.2, 45.5],
    ]);
    expect(
      canonicalRing([
        [9.1, 45.4],
        [9.2, 45.5],
        [9.3, 45.4],
      ]),
    ).toEqual([
      [9.1, 45.4],
      [9.3, 45.4],
      [9.2, 45.5],
    ]);
  });

  it("excludes auctions only where the choice exists", () => {
    expect(savedSearchQuery(parseSearch({}), { excludeAuctions: true }).filters.auction).toBe("exclude");
    expect(savedSearchRaw(savedSearchQuery(parseSearch({}), { excludeAuctions: true }))).toMatchObject({ exclude_auction: true });
    expect(savedSearchQuery(parseSearch({ only_auction: true }), { excludeAuctions: true }).filters.auction).toBe("only");
    expect(savedSearchQuery(parseSearch({ channel: "affitto" }), { excludeAuctions: true }).filters.auction).toBe("include");
  });
});

describe("default titles", () => {
  it.each([
    [{}, [], "Ovunque (tutte le località)"],
    [{ geocircle: { circle: [{ distance: 1500, center: [45.46, 9.19] }] } }, [], "Ricerca su Mappa"],
    [{}, ["IT-03-015146"], "Milano"],
    // An area drawn on the map of a place's results is a map search too (issue 21 §11).
    [
      {
        geopolygon: {
          polygon: [
            [45.45, 9.15],
            [45.5, 9.15],
            [45.5, 9.2],
          ],
        },
      },
      ["IT-03-015146"],
      "Ricerca su Mappa",
    ],
    [{ geocircle: { circle: [{ distance: 1500, center: [45.46, 9.19] }] } }, ["IT-03-015146"], "Ricerca su Mappa"],
    [{}, ["IT-03-015146-NIL01", "IT-03-015146-NIL02"], "Duomo, Brera"],
  ] as Array<[Record<string, unknown>, string[], string]>)("%j in %j → %s", (raw, ids, title) => {
    const q = parseSearch(raw, ids);
    expect(
      savedSearchDefaultTitle(
        q,
        q.places.map((id) => byId.get(id)!).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)),
        "it",
      ),
    ).toBe(title);
  });
});

describe("alert settings", () => {
  it("a toggle turned on means immediately, off means never", () => {
    expect(channelFrequency(true, undefined)).toBe("immediately");
    expect(channelFrequency(true, "never")).toBe("immediately");
    expect(channelFrequency(true, "daily")).toBe("daily");
    expect(channelFrequency(false, "daily")).toBe("never");
    expect(normaliseNotifications({ hasEmail: false, emailFrequency: "daily", hasPush: true })).toEqual({
      hasEmail: false,
      emailFrequency: "never",
      hasPush: true,
      pushFrequency: "immediately",
    });
    expect(normaliseNotifications({ emailFrequency: "daily" })).toEqual({
      hasEmail: true,
      emailFrequency: "daily",
      hasPush: false,
      pushFrequency: "never",
    });
    expect(notificationsOf([{ alertType: "push", alertFrequency: "daily" }])).toEqual({
      hasEmail: false,
      emailFrequency: "never",
      hasPush: true,
      pushFrequency: "daily",
    });
  });

  it("gives the button's three states", () => {
    const never = { alerts: [{ alertFrequency: "never" as const }] };
    const daily = { alerts: [{ alertFrequency: "never" as const }, { alertFrequency: "daily" as const }] };
    expect(saveSearchButtonState({ loggedIn: true, saved: null, knownFromCache: true })).toEqual({ kind: "not-saved" });
    expect(saveSearchButtonState({ loggedIn: true, saved: daily, knownFromCache: false })).toEqual({ kind: "saved", alarm: true });
    expect(saveSearchButtonState({ loggedIn: true, saved: never, knownFromCache: false })).toEqual({ kind: "saved", alarm: false });
    expect(saveSearchButtonState({ loggedIn: false, saved: null, knownFromCache: true })).toEqual({ kind: "inactive" });
    expect(saveSearchButtonState({ loggedIn: false, saved: null, knownFromCache: false })).toEqual({ kind: "not-saved" });
  });
});

describe("hint tooltips (§4, §9)", () => {
  const now = Date.UTC(2026, 10, 23, 12);
  const base = { isDesktop: true, state: { kind: "not-saved" } as const, page: 1, total: 120, lastShownAt: null, now };
  it.each([
    [{}, true],
    [{ isDesktop: false }, false],
    [{ page: 2 }, false],
    [{ total: 0 }, false],
    [{ total: 1 }, true],
    [{ total: 500 }, true],
    [{ total: 501 }, false],
    [{ state: { kind: "saved", alarm: true } }, false],
    [{ state: { kind: "inactive" } }, false],
    [{ lastShownAt: now - SAVE_SEARCH_HINT_INTERVAL_MS + 1 }, false],
    [{ lastShownAt: now - SAVE_SEARCH_HINT_INTERVAL_MS }, true],
  ] as Array<[Partial<typeof base>, boolean]>)("save-search hint %j → %s", (over, shown) => {
    expect(showSaveSearchHint({ ...base, ...over })).toBe(shown);
  });

  it("shows the notification tooltip of an inactive search at most every 6 hours, never when logged in", () => {
    const inactive = { kind: "inactive" } as const;
    expect(showNotificationTooltip({ state: inactive, loggedIn: false, lastShownAt: null, now })).toBe(true);
    expect(showNotificationTooltip({ state: inactive, loggedIn: true, lastShownAt: null, now })).toBe(false);
    expect(
      showNotificationTooltip({ state: inactive, loggedIn: false, lastShownAt: now - NOTIFICATION_TOOLTIP_INTERVAL_MS + 1, now }),
    ).toBe(false);
    expect(showNotificationTooltip({ state: inactive, loggedIn: false, lastShownAt: now - NOTIFICATION_TOOLTIP_INTERVAL_MS, now })).toBe(
      true,
    );
    expect(showNotificationTooltip({ state: { kind: "not-saved" }, loggedIn: false, lastShownAt: null, now })).toBe(false);
  });

  it("reads stored timestamps defensively", () => {
    expect(readTimestamp(null, now)).toBeNull();
    expect(readTimestamp("abc", now)).toBeNull();
    expect(readTimestamp(String(now + 1000), now)).toBeNull();
    expect(readTimestamp(String(now - 5), now)).toBe(now - 5);
  });
});

describe("hashString", () => {
  it("is stable and spreads", () => {
    expect(hashString("")).toBe(hashString(""));
    expect(hashString("a")).not.toBe(hashString("b"));
    const hashes = new Set(Array.from({ length: 2000 }, (_, i) => hashString(`{"zones":["IT-${i}"]}`)));
    expect(hashes.size).toBe(2000);
  });
});
