/**
 * Requests for fuzzing every JSON endpoint (app/search-fuzz.integration.test.ts, `npm run fuzz`). Most
 * values are valid-looking but wrong, so that bodies pass validation and reach the later layers: place
 * resolution (unknown ids of each level, slugs, JavaScript property names), the search rules, SQL and
 * the presenters. A body is mostly valid fields with one hostile one; shapes sit at their limits.
 */
import fc from "fast-check";
import { poiTypeIds } from "../core/poi.ts";
import { availabilities, buildingConditions, energyClasses, floorLevels, propertyTypeGroups, sortKeys } from "../core/search/vocabulary.ts";

export interface FuzzRequest {
  method: "GET" | "POST";
  path: string;
  /** JSON text (POST). */
  body?: string;
}

const jsNames = ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty", "prototype", "__defineGetter__"];

/** Strings that have broken parsers and queries elsewhere. */
export const hostile = fc.constantFrom(
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "x".repeat(5000),
  "all",
  "",
  " ",
  "NaN",
  "-1",
  "1e309",
  "1e3",
  "0x10",
  "🏠",
  "%00",
  "\u0000",
  "../../etc/passwd",
  "\\",
  "%E0%A4",
  "null",
  "[]",
  "{}",
  ...jsNames,
);

const knownPlaces = ["IT", "IT-03", "IT-03-015146", "IT-12-058091", "IT-12-058091-MUN01", "IT-09-048017", "IT-05-027042"];
/** Ids shaped like each level's, naming nothing; and things that are not ids at all. */
const unknownPlaces = [
  "IT-99",
  "IT-00",
  "IT-03-P999",
  "IT-03-999999",
  "IT-99-999999",
  "IT-03-015146-Z99",
  "IT-12-058091-MUN99",
  "IT-03-015146-M9-99",
  "milano",
  "roma",
  "Milano",
  "it-03-015146",
  "IT-03-015146 ",
  "IT--03",
  "IT-",
  "FR-75",
  ...jsNames,
];
export const placeRef = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...knownPlaces) },
  { weight: 3, arbitrary: fc.constantFrom(...unknownPlaces) },
  { weight: 1, arbitrary: fc.constantFrom(...knownPlaces, ...unknownPlaces).map((id) => ({ id })) },
  { weight: 1, arbitrary: fc.constantFrom({ id: "xx" }, { id: "" }, { name: "Milano" }, { id: 5 }, [], 3, null) },
  { weight: 1, arbitrary: hostile },
);

const num = (min: number, max: number) =>
  fc.oneof(
    fc.constantFrom(min, max, min - 1, max + 1, (min + max) / 2, -0, Number.MAX_SAFE_INTEGER),
    fc.integer({ min, max: Math.min(max, 2 ** 31) }),
    fc.double({ noNaN: true }),
    fc.constantFrom(String(min), String(max), "1e3", "0x10", " 5", "5 ", "", "abc"),
  );
const list = (values: readonly string[]) =>
  fc.oneof(
    fc.subarray([...values], { minLength: 1 }),
    fc.subarray([...values], { minLength: 1 }).map((v) => v.join(",")),
    fc.array(fc.oneof(fc.constantFrom(...values), hostile), { maxLength: 25 }),
  );
const flag = fc.constantFrom(true, false, "true", "1", "on", "0", "yes", 2, null);
const lat = fc.oneof(fc.double({ min: 35, max: 48, noNaN: true }), fc.constantFrom(-90, 90, 90.0001, -91, 0), fc.double());
const lon = fc.oneof(fc.double({ min: 6, max: 19, noNaN: true }), fc.constantFrom(-180, 180, 180.5, 0), fc.double());
const bbox = fc.oneof(
  fc.constant([9.04, 45.38, 9.28, 45.54]),
  fc.constant([-180, -90, 180, 90]),
  fc.constant([9.28, 45.38, 9.04, 45.54]),
  fc.constant([9.1, 45.4, 9.1, 45.4]),
  fc.constant([9.153998, 45.464571, 9.154, 45.464573]),
  fc.tuple(lon, lat, lon, lat),
  fc.array(fc.double(), { maxLength: 6 }),
);
const polygon = fc.oneof(
  fc.array(fc.tuple(fc.double({ min: 45.3, max: 45.6, noNaN: true }), fc.double({ min: 9, max: 9.3, noNaN: true })), {
    minLength: 3,
    maxLength: 12,
  }),
  fc.constant([
    [45.4, 9.1],
    [45.5, 9.2],
    [45.4, 9.2],
    [45.5, 9.1],
  ]), // self-intersecting
  fc.constant([
    [36, 6],
    [47, 6],
    [47, 19],
    [36, 19],
  ]), // too large
  fc.array(fc.tuple(fc.double({ min: 45.3, max: 45.6, noNaN: true }), fc.double({ min: 9, max: 9.3, noNaN: true })), {
    minLength: 199,
    maxLength: 202,
  }),
  fc.constant([
    [45.4, 9.1],
    [45.4, 9.1],
    [45.4, 9.1],
  ]),
);

/** Each filter key with values that are valid, at the limits, or wrong in a plausible way. */
const filterValues: Record<string, fc.Arbitrary<unknown>> = {
  channel: fc.constantFrom("vendita", "affitto", "affitto-breve", "affitti", "VENDITA", "constructor"),
  tr: fc.constantFrom("vendita", "affitto", "affitti", "x"),
  category: fc.constantFrom("residenziale", "commerciale", "case-vacanza", "toString"),
  propertyTypeGroup: fc.constantFrom(...Object.keys(propertyTypeGroups), "box-posti-auto", "constructor", "case "),
  propertyTypes: list([...new Set(Object.values(propertyTypeGroups).flat()), "garage-posto-auto", "all"]),
  price_min: num(0, 1_000_000_000),
  price_max: num(0, 1_000_000_000),
  mq_min: num(0, 1_000_000),
  mq_max: num(0, 1_000_000),
  numRooms_min: num(1, 20),
  numRooms_max: num(1, 20),
  bedrooms_min: num(0, 20),
  buildingYear_min: num(1000, 2100),
  mqprice_max: num(0, 1_000_000),
  payment_max: num(0, 1_000_000_000),
  price: fc.oneof(fc.record({ min: num(0, 1e9), max: num(0, 1e9) }, { requiredKeys: [] }), fc.constant({ min: 5, max: 1 })),
  page: num(1, 400),
  size: num(1, 150),
  numBaths: num(1, 10),
  numParkingSpaces: num(1, 10),
  lift_level: num(0, 10),
  sortType: fc.constantFrom(...sortKeys, ...sortKeys.map((k) => k.replace(/_/g, "-")), "default", "relevance", "constructor", "prezzo"),
  geobounds: fc.oneof(fc.record({ bbox, zoom: num(0, 22) }, { requiredKeys: ["bbox"] }), bbox),
  geopolygon: fc.record({ polygon, zoom: num(0, 22) }, { requiredKeys: ["polygon"] }),
  geocircle: fc.record({
    circle: fc.array(fc.record({ distance: num(100, 50_000), center: fc.tuple(lat, lon) }), { minLength: 0, maxLength: 2 }),
  }),
  nearby: fc.record({ lat, lon, vehicle: fc.constantFrom("walk", "bike", "car", "plane"), time: num(5, 60) }, { requiredKeys: [] }),
  poi: fc.oneof(list(poiTypeIds), fc.dictionary(fc.constantFrom(...poiTypeIds, "constructor"), flag, { maxKeys: 4 })),
  zones: fc.array(placeRef, { maxLength: 4 }),
  energyClass: list(energyClasses),
  buildingCondition: list(buildingConditions),
  availability: list(availabilities),
  level: list(floorLevels),
  garden: fc.constantFrom("comune", "privato", "any", "si"),
  heatingType: fc.constantFrom("autonomo", "centralizzato", "x"),
  sellerType: fc.constantFrom("privato", "agenzia", "banca"),
  publication_date: fc.constantFrom("2d", "7d", "30d", "1y"),
  priceType: fc.constantFrom("fisso", "trattabile", "ribassato", "gratis"),
  pId: num(1, 2_147_483_647),
  only_auction: flag,
  exclude_auction: flag,
  is_auction: flag,
  only_private_negotiation: flag,
  exclude_private_negotiation: flag,
  includeSurrounding: flag,
  surrounding: flag,
  photo: flag,
  lift: flag,
  balcony: flag,
  terrace: flag,
  is_lux: flag,
  firstMedia: fc.constantFrom("floorplan", "photo"),
  utm_source: hostile,
  precision: fc.anything({ maxDepth: 2 }),
};
const filterKeys = Object.keys(filterValues);

/** Valid-looking filters with, often, one hostile field (a wrong key or a hostile value). */
export const filters = fc
  .tuple(
    fc
      .uniqueArray(fc.constantFrom(...filterKeys), { maxLength: 6 })
      .chain((keys) =>
        fc.tuple(...keys.map((k) => filterValues[k]!)).map((values) => Object.fromEntries(keys.map((k, i) => [k, values[i]]))),
      ),
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: fc.tuple(
          fc.oneof(fc.constantFrom(...filterKeys), fc.constantFrom(...jsNames, "unknown_key", "numRooms", "price_Min")),
          fc.oneof(hostile, fc.anything({ maxDepth: 2 })),
        ),
      },
    ),
  )
  .map(([valid, bad]) => (bad ? { ...valid, [bad[0]]: bad[1] } : valid));

const uriPiece = fc.constantFrom(
  "vendita",
  "affitto",
  "affitto-breve",
  "aste",
  "case",
  "case-vacanza",
  "stanze",
  "milano",
  "roma",
  "milano-provincia",
  "lombardia-regione",
  "zona-duomo",
  "bilocali",
  "en",
  "%",
  "%E0%A4",
  "..",
  ".",
  "",
  ...jsNames,
  "' OR 1=1 --",
  "<b>",
);
export const uri = fc.oneof(
  fc.constantFrom(
    "/vendita/case/milano/",
    "/en/affitto/case/roma/?page=2",
    "/vendita/case/?price_max=100000",
    "/aste/case/milano/",
    "https://evil.example/vendita/case/",
    "//x/vendita/case/",
  ),
  hostile,
  fc
    .tuple(
      fc.array(uriPiece, { maxLength: 6 }),
      fc.array(fc.tuple(fc.constantFrom(...filterKeys, ...jsNames), fc.oneof(hostile, fc.string({ maxLength: 12 }))), { maxLength: 5 }),
    )
    .map(([segs, pairs]) => `/${segs.join("/")}/?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join("&")}`),
);

const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 2 });
/** Mostly absent: a uri beside filters must agree with them, so a present one mostly makes a 400. */
const rareUri = fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: uri });
const searchBody = fc.record(
  { uri: rareUri, locations: opt(fc.array(placeRef, { maxLength: 5 })), filters: opt(filters), size: opt(num(1, 150)) },
  { requiredKeys: [] },
);
const ids = fc.oneof(
  fc.array(fc.oneof(fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(100000000, 100013121, 0, -1, 1.5, 2 ** 31)), { maxLength: 30 }),
  fc.constant(Array.from({ length: 201 }, (_, i) => i + 1)),
);
const channel = fc.constantFrom("vendita", "affitto", "affitto-breve", "aste", "constructor");
const levelNames = ["province", "town", "metroline", "nonadminzone", "zone", "block", "region", ...jsNames];
/** Paths that name a place: the fuzzing must reach the counts and presenters too. */
const validLh = fc.constantFrom(
  "/lh/v2/town/milano",
  "/lh/v2/town/roma",
  "/lh/v2/province/milano",
  "/lh/v2/province/roma",
  "/lh/v2/town/bologna",
  "/lh/v2/town/torino",
);
const slugs = [
  "milano",
  "roma",
  "milano-provincia",
  "m1-milano",
  "zona-duomo",
  "MILANO",
  "constructor",
  "tostring",
  "x".repeat(130),
  "a_b",
  "%20",
];

const email = fc.oneof(
  fc.constantFrom("demo@casa.example", "nessuno@casa.example", "x@privaterelay.appleid.com", "a@b", "", "DEMO@CASA.EXAMPLE"),
  hostile,
);
const password = fc.oneof(fc.constantFrom("CasaDemo2026", "Sbagliata1", "debole", "A".repeat(40)), hostile);

/** The §7 `user` field: another user's id, an e-mail, the client's user object, nonsense. */
const userField = fc.oneof(fc.constantFrom(1, 2, "1", "demo@casa.example", { id: 2 }, { id: "1", username: "x@y.it" }, null), hostile);
const commutePoint = fc.record(
  {
    id: fc.oneof(fc.constantFrom("dove-vivo", "dove-lavoro", "custom-a1", "custom-"), hostile),
    label: fc.oneof(fc.constantFrom("h", "Palestra"), hostile),
    time_gap: num(1, 120),
    transport: fc.constantFrom("walk", "bike", "car", "plane", "constructor"),
    town: opt(hostile),
    type: opt(fc.constantFrom("home", "work", "custom", "x")),
    address: opt(hostile),
    number: opt(hostile),
    updateDt: opt(fc.constantFrom("2026-11-23T10:00:00Z", "ieri", "")),
    lat,
    lon,
  },
  { requiredKeys: [] },
);
const searchIdArb = fc.oneof(
  fc.integer({ min: 1, max: 2 ** 31 }),
  fc.constantFrom(0, -1, 1.5, "1", "01", "x", Number.MAX_SAFE_INTEGER + 2),
  hostile,
);
const frequencyArb = fc.constantFrom("immediately", "daily", "never", "weekly", "", "constructor");
const notifications = fc.record(
  { hasPush: opt(flag), pushFrequency: opt(frequencyArb), hasEmail: opt(flag), emailFrequency: opt(frequencyArb) },
  { requiredKeys: [] },
);
const searchData = fc.record(
  {
    filters: opt(filters),
    locations: opt(fc.array(placeRef, { maxLength: 4 })),
    uri: rareUri,
    encodedProperties: opt(fc.record({ searchUrl: uri }, { requiredKeys: [] })),
    activeSort: opt(fc.constantFrom("prezzo-crescente", "rilevanza", "x")),
  },
  { requiredKeys: [] },
);
const savePayload = fc.record(
  {
    user: opt(userField),
    searchData,
    title: opt(fc.oneof(hostile, fc.constant(null))),
    notifications: opt(notifications),
    excludeAuctions: opt(flag),
    domain: opt(fc.constantFrom("casa.it", "casa.com", "x")),
  },
  { requiredKeys: ["searchData"] },
);

/** Body (or path) generators per endpoint; every route of app/routes.ts under /portal-srp/api/v1 and /lh/v2 has one. */
export const endpointBodies: Record<string, fc.Arbitrary<unknown>> = {
  search: searchBody,
  "search/availableresults": searchBody,
  "search-map": searchBody,
  "search-map/listings": searchBody,
  "search-map/markers": fc.oneof(
    searchBody,
    searchBody.map((b) => ({ ...b, filters: { ...(b.filters as object | undefined), geobounds: { bbox: [6, 36, 19, 47], zoom: 14 } } })),
    // A drawn shape with the view beside it (any numbers: out-of-range views must be a 400, never a 500).
    fc
      .record({ bbox: fc.array(fc.double(), { minLength: 0, maxLength: 5 }), zoom: fc.oneof(fc.double(), fc.constant(undefined)) })
      .chain((mapBounds) =>
        searchBody.map((b) => ({
          ...b,
          mapBounds,
          filters: { ...(b.filters as object | undefined), geocircle: { circle: [{ distance: 800, center: [45.46, 9.19] }] } },
        })),
      ),
  ),
  agencySearch: searchBody,
  "agencySearch/availableresults": searchBody,
  "home/availableresults": searchBody,
  "apireq/getPaginatorData": fc.record(
    {
      uri: rareUri,
      locations: opt(fc.array(placeRef, { maxLength: 4 })),
      filters: opt(filters),
      size: opt(num(1, 150)),
      totalResults: opt(num(0, 1e9)),
      locale: opt(fc.constantFrom("it", "en", "de")),
    },
    { requiredKeys: [] },
  ),
  apireq: fc.record(
    {
      locations: opt(fc.array(placeRef, { maxLength: 4 })),
      filters: opt(filters),
      pageType: opt(fc.constantFrom("srp", "map", "agency", "constructor")),
      apireqParams: opt(fc.record({ size: num(1, 150), locale: fc.constantFrom("it", "en", "fr") }, { requiredKeys: [] })),
      locale: opt(fc.constantFrom("it", "en")),
    },
    { requiredKeys: [] },
  ),
  "apireq/searchParamsForUrl": fc.record(
    {
      uri,
      locale: opt(fc.constantFrom("it", "en", "xx")),
      pagetype: opt(fc.constantFrom("srp", "map", "toString")),
      isAgencySrp: opt(flag),
      domain: opt(hostile),
      esapi: opt(flag),
    },
    { requiredKeys: [] },
  ),
  "apireq/convertApiParamForEncode": fc.record(
    { filtersToEncode: filters, locations: opt(fc.array(placeRef, { maxLength: 4 })), locale: opt(fc.constantFrom("it", "en")) },
    { requiredKeys: [] },
  ),
  "cerca-intorno-a-te": fc.record(
    { lat, lon, radius: opt(num(100, 50_000)), channel: opt(channel), filters: opt(filters), size: opt(num(1, 50)) },
    { requiredKeys: [] },
  ),
  home: fc.record(
    {
      site: opt(fc.constantFrom("it_casa", "it_other")),
      locale: opt(fc.constantFrom("it", "en", "constructor")),
      domain: opt(hostile),
      apireq: opt(fc.anything({ maxDepth: 1 })),
    },
    { requiredKeys: [] },
  ),
  "mycasa/hiddentotal": fc.record(
    {
      userDiscardedAds: ids,
      closedList: opt(ids),
      locations: opt(fc.array(placeRef, { maxLength: 4 })),
      filters: opt(filters),
      apireq: opt(fc.record({ uri }, { requiredKeys: [] })),
    },
    { requiredKeys: [] },
  ),
  "mycasa/listings/cards": fc.record({ ids }, { requiredKeys: [] }),
  "smartsuggest/suggest": fc.record(
    {
      qs: fc.oneof(
        fc.constantFrom("milano", "via roma 12", "via ", "sant'", "x", " ", "constructor", "a".repeat(101)),
        fc.string({ maxLength: 30 }),
        hostile,
      ),
      channel: opt(channel),
      propertyTypeGroup: opt(fc.constantFrom("case", "constructor", "Case!")),
      publisher: opt(num(1, 2 ** 31)),
      extraLevels: opt(
        fc.oneof(fc.constantFrom("118,120", "132", "1", "118,,120"), fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 11 })),
      ),
      isLanding: opt(flag),
      size: opt(num(1, 10)),
    },
    { requiredKeys: [] },
  ),
  "smartsuggest/localityChildren": fc.record(
    {
      childrenUri: fc.oneof(
        validLh,
        fc.tuple(fc.constantFrom(...levelNames), fc.constantFrom(...slugs)).map(([l, s]) => `/lh/v2/${l}/${s}`),
        hostile,
      ),
      conf: opt(
        fc.record(
          {
            channel: opt(fc.constantFrom("vendita", "affitto", "affitto-breve", "aste")),
            category: opt(fc.constantFrom("residenziale", "commerciale", "x")),
            publisherId: opt(num(1, 2 ** 31)),
            withCount: opt(flag),
            withParent: opt(flag),
            withZones: opt(flag),
            isZone: opt(flag),
            isMetro: opt(flag),
            isNonAdminZones: opt(flag),
          },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: [] },
  ),
  "smartsuggest/locationById": fc.record({ locId: placeRef, channel: opt(channel) }, { requiredKeys: [] }),
  "sharedUtils/reverse": fc.record(
    {
      coords: fc.record({ latitude: lat, longitude: lon }, { requiredKeys: [] }),
      returnAll: opt(flag),
      hkeys: opt(fc.array(fc.oneof(fc.constantFrom("it.lombardia.milano", "x"), hostile), { maxLength: 3 })),
    },
    { requiredKeys: [] },
  ),
  // Publisher pages and contact (issue 12): search-like bodies with a publisher, and contact forms with odd fields.
  agency: fc.record(
    {
      publisherId: opt(num(1, 2 ** 31)),
      publisher: opt(fc.oneof(num(1, 2 ** 31), hostile)),
      locations: opt(fc.array(placeRef, { maxLength: 3 })),
      filters: opt(filters),
      page: opt(num(1, 400)),
    },
    { requiredKeys: [] },
  ),
  "agency/availableresultsagency": fc.record(
    { publisherId: opt(num(1, 2 ** 31)), locations: opt(fc.array(placeRef, { maxLength: 3 })), filters: opt(filters) },
    { requiredKeys: [] },
  ),
  agentPro: fc.record(
    { publisherId: opt(num(1, 2 ** 31)), agentId: opt(num(1, 2 ** 31)), filters: opt(filters), page: opt(num(1, 400)) },
    { requiredKeys: [] },
  ),
  "agentPro/search": fc.record(
    { publisherId: opt(num(1, 2 ** 31)), agentId: opt(num(1, 2 ** 31)), filters: opt(filters), page: opt(num(1, 400)) },
    { requiredKeys: [] },
  ),
  // Issue 23–25 endpoints: the hub page, the signed alert links' JSON endpoints and the guided flow's steps.
  hubPage: fc.object({ maxDepth: 2 }),
  "deactivation-alerts": fc.record({ token: opt(hostile) }, { requiredKeys: [] }),
  "deactivation-alerts/manage-consents": fc.record(
    { token: opt(hostile), searches: opt(fc.anything({ maxDepth: 2 })) },
    { requiredKeys: [] },
  ),
  "remove-mail-and-consents": fc.record({ token: opt(hostile) }, { requiredKeys: [] }),
  "cerca-casa": fc.object({ maxDepth: 2 }),
  "cerca-casa/available": fc.object({ maxDepth: 2 }),
  "cerca-casa/savealert": fc.object({ maxDepth: 2 }),
  "cerca-casa/thankyou": fc.object({ maxDepth: 2 }),
  "cerca-casa/chat": fc.oneof(
    fc.object({ maxDepth: 2 }),
    fc.record(
      {
        step: opt(fc.constantFrom("parametri", "dove", "budget", "locali", "filtri", "salva", "grazie", "x")),
        q: opt(hostile),
        queryFilters: opt(
          fc.record({ luogo: opt(fc.constantFrom("IT-03-015146", "IT-x", "")), prezzoMax: opt(hostile) }, { requiredKeys: [] }),
        ),
      },
      { requiredKeys: [] },
    ),
  ),
  phonecall: fc.record({ listingId: opt(num(1, 2 ** 31)), publisherId: opt(num(1, 2 ** 31)), reason: opt(hostile) }, { requiredKeys: [] }),
  "mycasa/searchSpecific": fc.record(
    {
      listingId: opt(num(1, 2 ** 31)),
      name: opt(hostile),
      email: opt(fc.constantFrom("a@b.it", "x", "")),
      phone: opt(hostile),
      message: opt(hostile),
      privacy: opt(flag),
    },
    { requiredKeys: [] },
  ),
  "mycasa/searchGeneric": fc.record(
    {
      locations: opt(fc.array(placeRef, { maxLength: 3 })),
      filters: opt(filters),
      name: opt(hostile),
      email: opt(fc.constantFrom("a@b.it", "x")),
      message: opt(hostile),
    },
    { requiredKeys: [] },
  ),
  "mycasa/searchAgency": fc.record(
    { publisherId: opt(num(1, 2 ** 31)), name: opt(hostile), email: opt(fc.constantFrom("a@b.it", "x")), message: opt(hostile) },
    { requiredKeys: [] },
  ),
  // Accounts (issue 9): credentials that look right, a known account, codes and tokens that are wrong.
  ...Object.fromEntries(
    ["user", "user/botcheck", "user/logout-everywhere", "user/delete"].map((name) => [name, fc.anything({ maxDepth: 1 })]),
  ),
  "user/login": fc.record(
    {
      email: opt(email),
      password: opt(password),
      app: opt(hostile),
      path: opt(fc.constantFrom("/", "//evil.example", "/preferiti/", "javascript:x")),
    },
    { requiredKeys: [] },
  ),
  "user/registration": fc.record(
    {
      displayName: opt(fc.oneof(fc.constantFrom("Giulia Verdi", "Zoë", "x1"), hostile)),
      email: opt(email),
      password: opt(password),
      consent: opt(flag),
      type: opt(hostile),
      botCheck: opt(hostile),
    },
    { requiredKeys: [] },
  ),
  "user/registrationsilently": fc.record(
    { displayName: opt(hostile), email: opt(email), password: opt(password), jwt: opt(hostile), jti: opt(hostile) },
    { requiredKeys: [] },
  ),
  "user/getJWT": fc.record(
    { accountUrl: opt(hostile), payload: opt(fc.record({ socialjwt: opt(hostile), from: opt(hostile) }, { requiredKeys: [] })) },
    { requiredKeys: [] },
  ),
  "user/otp/request": fc.record({ email: opt(email) }, { requiredKeys: [] }),
  "user/otp/verify": fc.record(
    { email: opt(email), code: opt(fc.oneof(fc.constantFrom("000000", "123456", "12345", "abcdef"), hostile)) },
    { requiredKeys: [] },
  ),
  "user/verify-email": fc.record({ token: opt(hostile) }, { requiredKeys: [] }),
  "user/password/forgot": fc.record({ email: opt(email) }, { requiredKeys: [] }),
  "user/password/reset": fc.record({ token: opt(hostile), password: opt(password) }, { requiredKeys: [] }),
  "user/consents": fc.record({ consents: opt(fc.anything({ maxDepth: 2 })), acceptTerms: opt(flag) }, { requiredKeys: [] }),
  // MyCasa records (issue 11): a logged-out fuzzer gets 401s; the bodies still carry hostile user fields and ids.
  ...Object.fromEntries(
    [
      "mycasa/listings/get/basic",
      "mycasa/hidden",
      "mycasa/addresses/get",
      "mycasa/nearby",
      "mycasa/history/searches",
      "mycasa/export",
      "mycasa/push/key",
      "mycasa/push/devices",
    ].map((name) => [name, fc.record({ user: opt(userField), jwt: opt(hostile), from: opt(hostile) }, { requiredKeys: [] })]),
  ),
  "mycasa/listing/upsert": fc.record(
    { listingType: opt(fc.constantFrom("bookmark", "search", "constructor")), listingId: opt(num(1, 2 ** 31)), user: opt(userField) },
    { requiredKeys: [] },
  ),
  "mycasa/listing/remove-bookmark": fc.record({ ids: opt(ids), user: opt(userField) }, { requiredKeys: [] }),
  "mycasa/listings/merge": fc.record({ ids: opt(ids), user: opt(userField) }, { requiredKeys: [] }),
  "mycasa/hidden/add": fc.record({ listingId: opt(num(1, 2 ** 31)), user: opt(userField) }, { requiredKeys: [] }),
  "mycasa/hidden/remove": fc.record({ ids: opt(ids), user: opt(userField) }, { requiredKeys: [] }),
  "mycasa/addresses/add": fc.record(
    {
      address: opt(
        fc.record(
          {
            name: opt(fc.oneof(fc.constantFrom("Casa", "Lavoro", "Scuola", "Casa dei nonni"), hostile)),
            lat: opt(lat),
            lon: opt(lon),
            address: opt(hostile),
            number: opt(hostile),
            town: opt(hostile),
            isPin: opt(flag),
            uKey: opt(hostile),
          },
          { requiredKeys: [] },
        ),
      ),
      user: opt(userField),
    },
    { requiredKeys: [] },
  ),
  // Web push devices (decision 116): endpoints anywhere (an SSRF attempt must be refused), keys of any shape.
  "mycasa/push/subscribe": fc.record(
    {
      subscription: opt(
        fc.record(
          {
            endpoint: opt(
              fc.oneof(fc.constantFrom("https://fcm.googleapis.com/fcm/send/x", "http://169.254.169.254/", "file:///etc/passwd"), hostile),
            ),
            expirationTime: opt(fc.oneof(fc.constant(null), num(0, 2 ** 40))),
            keys: opt(fc.record({ p256dh: opt(hostile), auth: opt(hostile) }, { requiredKeys: [] })),
          },
          { requiredKeys: [] },
        ),
      ),
      user: opt(userField),
    },
    { requiredKeys: [] },
  ),
  "mycasa/push/unsubscribe": fc.record({ endpoint: opt(fc.oneof(fc.webUrl(), hostile)), user: opt(userField) }, { requiredKeys: [] }),
  "mycasa/searches/alertsSeen": fc.record(
    {
      searchId: opt(num(1, 2 ** 31)),
      until: opt(fc.oneof(fc.constantFrom("2026-11-26T10:00:00.123456Z", "2026-13-40T99:00:00Z"), hostile)),
      user: opt(userField),
    },
    { requiredKeys: [] },
  ),
  "mycasa/addresses/rename": fc.record({ id: opt(num(1, 2 ** 31)), name: opt(hostile), user: opt(userField) }, { requiredKeys: [] }),
  "mycasa/addresses/delete": fc.record({ id: opt(num(1, 2 ** 31)), user: opt(userField) }, { requiredKeys: [] }),
  ...Object.fromEntries(
    ["mycasa/nearby/add", "mycasa/nearby/update"].map((name) => [
      name,
      fc.record(
        {
          id: opt(fc.oneof(fc.constantFrom("dove-vivo", "dove-lavoro", "custom-1"), hostile)),
          nearby: opt(commutePoint),
          user: opt(userField),
        },
        { requiredKeys: [] },
      ),
    ]),
  ),
  "mycasa/nearby/delete": fc.record(
    { id: opt(fc.oneof(fc.constantFrom("dove-vivo", "custom-1"), hostile)), user: opt(userField) },
    { requiredKeys: [] },
  ),
  "mycasa/nearby/sync": fc.record(
    { nearbyAll: opt(fc.array(commutePoint, { maxLength: 25 })), user: opt(userField) },
    { requiredKeys: [] },
  ),
  "mycasa/history/searches/delete": fc.record({ ids: opt(ids), all: opt(flag), user: opt(userField) }, { requiredKeys: [] }),
  // Saved searches (issue 11): searches to save with one hostile field, other users' ids, odd alerts and titles.
  ...Object.fromEntries(["mycasa/searches/serialize", "mycasa/searches/upsert"].map((name) => [name, savePayload])),
  "mycasa/searches/get": fc.record({ user: opt(userField), locale: opt(fc.constantFrom("it", "en", "de")) }, { requiredKeys: [] }),
  "mycasa/searches/getBookmarkData": fc.record(
    { user: opt(userField), id: opt(searchIdArb), searchData: opt(searchData), excludeAuctions: opt(flag) },
    { requiredKeys: [] },
  ),
  "mycasa/searches/updateBoomark": fc.record(
    {
      user: opt(userField),
      bookmarkData: opt(fc.record({ searchId: opt(searchIdArb), id: opt(searchIdArb) }, { requiredKeys: [] })),
      searchTitle: opt(fc.oneof(hostile, fc.constant(null))),
      notifications: opt(notifications),
      bkmPayload: opt(fc.record({ searchData, excludeAuctions: opt(flag) }, { requiredKeys: [] })),
    },
    { requiredKeys: [] },
  ),
  "mycasa/searches/deleteBoomark": fc.record(
    {
      user: opt(userField),
      data: opt(
        fc.record(
          {
            searchType: opt(fc.constantFrom("bookmark", "history", "x")),
            id: opt(fc.oneof(searchIdArb, fc.array(searchIdArb, { maxLength: 60 }))),
          },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: [] },
  ),
  "sharedUtils/getBkmPayload": fc.record(
    {
      filters: opt(filters),
      locations: opt(fc.array(placeRef, { maxLength: 4 })),
      uri: rareUri,
      activeNearby: opt(
        fc.oneof(fc.record({ lat, lon, vehicle: fc.constantFrom("walk", "car", "plane"), time: num(5, 60) }), fc.anything({ maxDepth: 1 })),
      ),
      isFromMap: opt(flag),
      bbPolygon: opt(bbox),
      total: opt(num(0, 1e6)),
      user: opt(userField),
      domain: opt(fc.constantFrom("casa.it", "casa.com", "evil.example")),
      searchType: opt(fc.constantFrom("bookmark", "history", "x")),
    },
    { requiredKeys: [] },
  ),
};

/** GET /lh/v2/{level}/{slug}?…: level and slug names, JavaScript property names, odd query strings. */
export const lhPath = fc.oneof(
  validLh.map((p) => `${p}?site=it_casa`),
  fc
    .tuple(
      fc.constantFrom(...levelNames),
      fc.oneof(fc.constantFrom(...slugs), hostile.map(encodeURIComponent)),
      fc.constantFrom(
        "",
        "?site=it_casa",
        "?site=it_other",
        "?channel=affitto",
        "?channel=constructor",
        "?x=1",
        "?__proto__=1",
        "?site=it_casa&site=x",
      ),
    )
    .map(([level, slug, query]) => `/lh/v2/${level}/${slug}${query}`),
);

/** One request to one endpoint: mostly its own body shape, sometimes anything at all. */
export function requestFor(endpoint: string): fc.Arbitrary<FuzzRequest> {
  if (endpoint === "lh/v2") return lhPath.map((path) => ({ method: "GET" as const, path }));
  const body = endpointBodies[endpoint];
  if (!body) throw new Error(`no fuzz body for ${endpoint}`);
  return fc
    .oneof({ weight: 9, arbitrary: body }, { weight: 1, arbitrary: fc.anything() })
    .map((b) => ({ method: "POST" as const, path: `/portal-srp/api/v1/${endpoint}`, body: JSON.stringify(b) ?? "null" }));
}

export const fuzzEndpoints = [...Object.keys(endpointBodies), "lh/v2"];

/**
 * Endpoints only a logged-in user reaches: the fuzzer is a visitor, so they answer 401 after the body is
 * read (app/mycasa.integration.test.ts and app/saved-searches.integration.test.ts fuzz them logged in).
 */
export const loginOnlyEndpoints = fuzzEndpoints.filter((name) =>
  /^mycasa\/(listing\/|listings\/(get|merge)|hidden($|\/)|addresses\/|nearby|history\/|export$|searches\/|push\/)|^sharedUtils\/getBkmPayload$/.test(
    name,
  ),
);

/** The saved-search endpoints among them (app/saved-searches.integration.test.ts); the rest are MyCasa records. */
export const savedSearchEndpoints = loginOnlyEndpoints.filter(
  (name) => name.startsWith("mycasa/searches/") || name === "sharedUtils/getBkmPayload",
);
export const recordEndpoints = loginOnlyEndpoints.filter((name) => !savedSearchEndpoints.includes(name));
