/**
 * Kysely table types (camelCase; the CamelCasePlugin maps them to the snake_case columns): each
 * column's type is written here once. Repositories derive the plain types they return from these
 * (`Row`, `Pick`, `SelectedColumns`), so a column's type changes in one place.
 */
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface PlacesTable {
  id: string;
  level: number;
  type: string;
  name: string;
  nameEn: string | null;
  nameAlt: string | null;
  slug: string;
  qslug: string;
  hkey: string;
  parentHkey: string | null;
  parentId: string | null;
  regionCode: string;
  provinceCode: string | null;
  istatCode: string | null;
  short: string | null;
  population: number | null;
  lat: number;
  lon: number;
  bboxMinLon: number;
  bboxMinLat: number;
  bboxMaxLon: number;
  bboxMaxLat: number;
  zoom: number;
  /** GeoJSON geometry text; parsed only where a polygon is needed. */
  geometry: string | null;
  extra: ColumnType<Record<string, unknown>, string, string>;
  searchName: string;
}

export interface PublishersTable {
  id: number;
  kind: string;
  isAgentPro: boolean;
  parentId: number | null;
  name: string;
  slug: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  street: string | null;
  townId: string | null;
  postalCode: string | null;
  description: string | null;
  logoColor: string | null;
  createdAt: Timestamp;
  showPhoneNumber: Generated<boolean>;
  hasCrossSubscription: Generated<boolean>;
  disableAuctions: Generated<boolean>;
  hasPhoto: Generated<boolean>;
}

export interface PoisTable {
  id: number;
  type: string;
  name: string;
  lat: number;
  lon: number;
  townId: string | null;
}

export interface ListingsTable {
  id: number;
  channel: string;
  category: string;
  propertyTypeGroup: string;
  propertyType: string;
  isNewConstruction: boolean;
  price: number;
  priceUnit: string;
  priceType: string;
  originalPrice: number | null;
  priceMax: number | null;
  surface: number;
  rooms: number | null;
  bedrooms: number | null;
  baths: number | null;
  parkingSpaces: number;
  floor: number | null;
  totalFloors: number | null;
  hasLift: boolean;
  hasBalcony: boolean;
  hasTerrace: boolean;
  garden: string | null;
  heating: string | null;
  energyClass: string | null;
  energyIndex: number | null;
  buildingCondition: string | null;
  buildingYear: number | null;
  availability: string | null;
  sellerType: string;
  furniture: string | null;
  publishedAt: Timestamp;
  isAuction: boolean;
  auctionDate: string | null;
  isPrivateNegotiation: boolean;
  hasPool: boolean;
  hasReception: boolean;
  hasVirtualTour: boolean;
  hasAirConditioning: boolean;
  isLuxury: boolean;
  isUnderConstruction: boolean;
  licenseTypeGroup: string | null;
  licenseType: string | null;
  includesPropertyOwnership: boolean | null;
  commercialBuildingLocation: string | null;
  photoCount: number;
  hasFloorPlan: boolean;
  title: string;
  description: string;
  street: string;
  streetNumber: string;
  postalCode: string | null;
  /** The public point: the exact one when geo visibility is 1, else its grid vertex (core/listing/location.ts). */
  lat: number;
  lon: number;
  /** The home's exact point: for its publisher only, never selected by a public query. */
  exactLat: number;
  exactLon: number;
  geoVisibility: number;
  regionId: string;
  provinceId: string;
  townId: string;
  zoneId: string | null;
  blockId: string | null;
  nonadminZoneIds: string[];
  metroStopIds: string[];
  placeHkey: string;
  publisherId: number;
  agentId: number | null;
  distBusStation: number | null;
  distSubway: number | null;
  distElectricCharging: number | null;
  distElementarySchool: number | null;
  distHighSchool: number | null;
  distSecondarySchool: number | null;
  distNurserySchool: number | null;
  distSupermarket: number | null;
  relevance: number;
  pricePerMq: ColumnType<number, never, never>;
  /** The price anyone may see: null for a private negotiation ('Trattativa riservata'). Generated; every reader uses it. */
  shownPrice: ColumnType<number | null, never, never>;
  /** The €/m² anyone may see: null for a private negotiation. Generated. */
  shownPricePerMq: ColumnType<number | null, never, never>;
}

export interface MetaTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updatedAt: CreatedAt;
}

export interface LeadsTable {
  id: Generated<number>;
  kind: "specific" | "generic" | "agency";
  publisherId: number;
  agentId: number | null;
  listingId: number | null;
  /** The logged-in user, when accounts exist; null for a visitor. */
  userId: string | null;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  context: string;
  /** A hash of the client address, for abuse checks; never the address itself. */
  clientKey: string;
  createdAt: CreatedAt;
}

export interface PhoneCallsTable {
  id: Generated<number>;
  publisherId: number;
  listingId: number | null;
  /** The logged-in user, when accounts exist; null for a visitor. */
  userId: string | null;
  device: "PM" | "PT" | "PD";
  /** A hash of the client address, for abuse checks; never the address itself. */
  clientKey: string;
  createdAt: CreatedAt;
}

export interface Database {
  places: PlacesTable;
  publishers: PublishersTable;
  pois: PoisTable;
  listings: ListingsTable;
  meta: MetaTable;
  leads: LeadsTable;
  phoneCalls: PhoneCallsTable;
  users: UsersTable;
  userConsents: UserConsentsTable;
  userIdentities: UserIdentitiesTable;
  rememberTokens: RememberTokensTable;
  oneTimeSecrets: OneTimeSecretsTable;
  mailOutbox: MailOutboxTable;
  sessionRevocations: SessionRevocationsTable;
  mailQueue: MailQueueTable;
  userFavourites: UserFavouritesTable;
  userHiddenListings: UserHiddenListingsTable;
  userAddresses: UserAddressesTable;
  userCommutePoints: UserCommutePointsTable;
  userSearchHistory: UserSearchHistoryTable;
  savedSearches: SavedSearchesTable;
  savedSearchAlerts: SavedSearchAlertsTable;
  listingEvents: ListingEventsTable;
  withdrawnHomes: WithdrawnHomesTable;
  savedSearchAlertKeys: SavedSearchAlertKeysTable;
  alertDeliveries: AlertDeliveriesTable;
  publisherApiKeys: PublisherApiKeysTable;
  publishedListings: PublishedListingsTable;
  feedImports: FeedImportsTable;
  feedSources: FeedSourcesTable;
  feedPhotoUrls: FeedPhotoUrlsTable;
  listingViewsDaily: ListingViewsDailyTable;
  listingPhotos: ListingPhotosTable;
  listingPhotoFiles: ListingPhotoFilesTable;
  homeClusters: HomeClustersTable;
  alertLinkUses: AlertLinkUsesTable;
  pushVapidKeys: PushVapidKeysTable;
  pushSubscriptions: PushSubscriptionsTable;
  pushMessages: PushMessagesTable;
  mailBounces: MailBouncesTable;
  streets: StreetsTable;
  houseNumbers: HouseNumbersTable;
}

/** A real street (data/streets, docs/decisions/111); its point is the mean of its house numbers, where known. */
export interface StreetsTable {
  townId: string;
  /** normalizeQuery(name): "via torino". */
  streetKey: string;
  name: string;
  lat: number | null;
  lon: number | null;
}

/** A house number with its point (Milano). */
export interface HouseNumbersTable {
  townId: string;
  streetKey: string;
  /** The integer part: 150 for "150A". */
  number: number;
  numberFull: string;
  lat: number;
  lon: number;
}

export interface SessionRevocationsTable {
  id: Generated<string>;
  userId: number;
  revokedAt: Timestamp;
  /** One session (a session token's `sid`) after a logout; null: every session of the user. */
  sessionId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A timestamp with a default: optional on insert. (Generated<Timestamp> would select as the ColumnType itself.) */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  displayName: string;
  passwordHash: string | null;
  phone: string | null;
  emailVerifiedAt: Timestamp | null;
  lastPrivacyAcceptanceAt: Timestamp | null;
  trustedIdentity: Generated<boolean>;
  loginType: Generated<string>;
  tokensValidAfter: CreatedAt;
  createdAt: CreatedAt;
  lastLoginAt: Timestamp | null;
  /** The publisher this account reads leads for (an agency's account), or null. */
  publisherId: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface UserConsentsTable {
  userId: number;
  kind: string;
  given: boolean;
  recordedAt: CreatedAt;
}

export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  userId: number;
  createdAt: CreatedAt;
}

export interface RememberTokensTable {
  id: string;
  userId: number;
  secretHash: string;
  issuedAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  replacedBy: string | null;
}

export interface OneTimeSecretsTable {
  id: Generated<number>;
  userId: number;
  purpose: string;
  secretHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  attempts: Generated<number>;
  createdAt: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  replyTo: Generated<string | null>;
  createdAt: CreatedAt;
}

/** Mail waiting to be sent (db/mail-queue.ts, docs/decisions/059). */
export interface MailQueueTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string;
  leadId: number | null;
  /** Extra headers as a JSON object (an alert's List-Unsubscribe), or null. */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: Generated<number>;
  nextAttemptAt: CreatedAt;
  lastError: string | null;
  sentAt: Timestamp | null;
  /** Not sent and never tried again: the server refused the address for good, or the address is stopped (decision 118). */
  givenUpAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A report mailed back later said this mail failed for good (a DSN, decision 131); counted once. */
  bouncedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: CreatedAt;
}

export interface UserFavouritesTable {
  userId: number;
  listingId: number;
  /** The public price when it was saved (null: private negotiation). */
  priceAtSave: number | null;
  savedAt: CreatedAt;
}

export interface UserHiddenListingsTable {
  userId: number;
  listingId: number;
  hiddenAt: CreatedAt;
}

export interface UserAddressesTable {
  id: Generated<number>;
  userId: number;
  name: string;
  label: string;
  address: string;
  number: string;
  town: string;
  parent: string | null;
  lat: number;
  lon: number;
  isPin: boolean;
  uKey: string;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface UserCommutePointsTable {
  id: Generated<number>;
  userId: number;
  pointId: string;
  label: string;
  type: "home" | "work" | "custom";
  timeGap: number;
  transport: "walk" | "bike" | "car";
  town: string;
  address: string;
  number: string;
  lat: number;
  lon: number;
  updateDt: CreatedAt;
}

export interface UserSearchHistoryTable {
  id: Generated<number>;
  userId: number;
  uri: string;
  localities: string;
  filters: string;
  searchedAt: CreatedAt;
}

export interface SavedSearchesTable {
  id: Generated<number>;
  userId: number;
  hash: string;
  /** The canonical raw filters as JSON (core/search/saved-search.ts serializeSearch). */
  serialized: string;
  activeSort: Generated<string>;
  /** Null: the default title, derived from the search when shown. */
  title: string | null;
  provinceId: string | null;
  domain: string;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
  /** When the owner last opened the search's results: alerts after it are 'nuovi' (docs/decisions/093). */
  alertsSeenAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The language of the page it was saved from: its alert mails and pushes speak it. */
  locale: ColumnType<"it" | "en", "it" | "en" | undefined, "it" | "en">;
}

export interface SavedSearchAlertsTable {
  id: Generated<number>;
  savedSearchId: number;
  channel: "mail" | "push";
  frequency: "immediately" | "daily" | "never";
  updatedAt: CreatedAt;
}

/** What happened to a listing that a person may want to hear about (written by triggers, docs/decisions/085). */
export interface ListingEventsTable {
  id: Generated<number>;
  listingId: number;
  kind: "new" | "price_drop" | "back";
  oldPrice: number | null;
  newPrice: number;
  previousListingId: number | null;
  createdAt: CreatedAt;
  claimedUntil: Timestamp | null;
  processedAt: Timestamp | null;
}

/** Homes withdrawn in the last 14 weeks: one published again by the same publisher is `back`, not `new`. */
export interface WithdrawnHomesTable {
  listingId: number;
  publisherId: number;
  addressKey: string;
  surface: number;
  price: number;
  withdrawnAt: CreatedAt;
}

/** A saved search's keys for finding it from a listing (core/alerts/candidates.ts). */
export interface SavedSearchAlertKeysTable {
  savedSearchId: number;
  frame: string;
  key: string;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
}

/** One alert handed to a channel: unique per saved search, listing, channel and occasion. */
export interface AlertDeliveriesTable {
  id: Generated<number>;
  savedSearchId: number;
  listingId: number;
  channel: "mail" | "push";
  occasion: string;
  eventId: number;
  mailId: number | null;
  /**
   * An alert that waits for its mail: a daily one's digest time (08:00 Europe/Rome), an immediate one's matching time
   * (mailed at the next delivery run, decision 142); null when cancelled ('Mai') or closed without a mail.
   */
  digestAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A 'Subito' e-mail alert, mailed with the search's other pending ones in one mail (decision 142). */
  immediate: Generated<boolean>;
  /** A daily push alert that went out: the delivery whose push messages carried its digest (decision 130). */
  digestDeliveryId: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
}

/** Each action done through an alert mail's signed link: such a link works once (docs/decisions/091). */
export interface AlertLinkUsesTable {
  linkId: string;
  action: string;
  usedAt: CreatedAt;
}

/** The portal's VAPID key pair, made at the first start (docs/decisions/116). One row. */
export interface PushVapidKeysTable {
  id: number;
  publicKey: string;
  privateKey: string;
  createdAt: CreatedAt;
}

/** A device a user allowed push alerts on: the push service's endpoint and the keys payloads are encrypted with. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

/** One push alert for one device: the push queue (docs/decisions/116). */
export interface PushMessagesTable {
  id: Generated<number>;
  deliveryId: number;
  subscriptionId: number;
  payload: string;
  attempts: Generated<number>;
  nextAttemptAt: CreatedAt;
  sentAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  gaveUpAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  lastError: string | null;
  createdAt: CreatedAt;
}

/** Refusals of an address by the mail server (docs/decisions/118); stopped for alert mails at the limit. */
export interface MailBouncesTable {
  address: string;
  failures: number;
  lastError: string;
  lastFailedAt: CreatedAt;
  stoppedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The last refusal counted from a bounce report mailed back (decision 131): a 250 no longer clears the count. */
  reportedLateAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A table's row as queries return it. */
export type Row<T extends keyof Database> = Selectable<Database[T]>;

/**
 * The column names of a select list (`["p.id", "p.name"]` → `"id" | "name"`), so a repository declares
 * the type it returns as `Pick<Row<T>, SelectedColumns<typeof columns>>` from the list it selects.
 */
export type SelectedColumns<L extends readonly string[]> = ColumnOfReference<L[number]>;
type ColumnOfReference<R> = R extends `${string}.${infer C}` ? C : R;

/** camelCase → snake_case, as the CamelCasePlugin maps names (no digits in ours). */
type SnakeCase<S extends string, Done extends string = ""> = S extends `${infer C}${infer Rest}`
  ? SnakeCase<Rest, `${Done}${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}`>
  : Done;

/**
 * A row for the bulk loader's JSON parameter (etl/load.ts): the tables' own snake_case column names,
 * every column present (the loader takes its column list from the first row), each taking what the
 * column accepts on insert or what it returns (a jsonb column takes its value itself, not its text:
 * it travels inside the JSON).
 */
export type JsonInsertRow<T extends keyof Database> = {
  [K in keyof Insertable<Database[T]> as SnakeCase<K & string>]-?:
    | Exclude<Insertable<Database[T]>[K], undefined>
    | Row<T>[K & keyof Row<T>];
};

/** A column's name in SQL (snake_case) from its camelCase name here, for the few queries that run without the camel-case plugin. */
export function sqlColumnName(camelCase: string): string {
  return camelCase.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
}

/** A publisher's API key: only its SHA-256 is stored; `prefix` (public, in the key itself) finds it. */
export interface PublisherApiKeysTable {
  id: Generated<number>;
  publisherId: number;
  label: string;
  prefix: string;
  keyHash: string;
  createdBy: number | null;
  createdAt: CreatedAt;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
}

/** The publisher's side of a listing it published (API, feed or dashboard): status, own id, last confirmation. */
export interface PublishedListingsTable {
  listingId: number;
  publisherId: number;
  externalId: string | null;
  status: "online" | "withdrawn" | "expired";
  source: "api" | "feed" | "dashboard";
  title: string;
  channel: string;
  propertyTypeGroup: string;
  townId: string;
  price: number;
  lat: number;
  lon: number;
  contentHash: string | null;
  confirmedAt: Timestamp;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
  endedAt: Timestamp | null;
}

/** One feed import (docs/decisions/097): its counts and rejected listings in `report`. */
export interface FeedImportsTable {
  id: Generated<number>;
  publisherId: number;
  source: "upload" | "url";
  format: "xml" | "jsonl";
  status: "running" | "done" | "failed";
  report: ColumnType<unknown, string | null, string | null>;
  startedAt: CreatedAt;
  finishedAt: Timestamp | null;
}

/** The address a publisher's feed is pulled from, and how the last pull went (docs/decisions/135). */
export interface FeedSourcesTable {
  publisherId: number;
  url: string;
  format: "xml" | "jsonl";
  intervalMinutes: number;
  nextPullAt: Timestamp;
  claimedUntil: Timestamp | null;
  lastPullAt: Timestamp | null;
  lastStatus: "done" | "failed" | null;
  lastError: string | null;
  lastImportId: number | null;
  createdAt: CreatedAt;
}

/** A photo address a feed lists for a listing, and how its download went (docs/decisions/141). */
export interface FeedPhotoUrlsTable {
  id: Generated<number>;
  listingId: number;
  publisherId: number;
  url: string;
  position: number;
  state: "waiting" | "done" | "failed";
  /** The listing photo it became (state done). */
  photoId: number | null;
  attempts: Generated<number>;
  /** Why the last attempt failed (a reason code of core/publisher/feed-photos.ts). */
  error: string | null;
  nextTryAt: Timestamp;
  claimedUntil: Timestamp | null;
  createdAt: Timestamp;
  /** The HTTP validators of the file last downloaded from the address (docs/decisions/145). */
  etag: string | null;
  lastModified: string | null;
  /** When the file was last downloaded or confirmed unchanged. */
  checkedAt: Timestamp | null;
  /** Set by an import that lists a done address again after FEED_PHOTO_RECHECK_MS: due for a conditional request. */
  recheckAt: Timestamp | null;
}

/** A photo a publisher uploaded for a listing (docs/decisions/119): its place in the gallery and perceptual hash. */
export interface ListingPhotosTable {
  id: Generated<number>;
  listingId: number;
  position: number;
  /** SHA-256 of the uploaded bytes: the same file sent twice is one photo. */
  sourceSha256: string;
  /** dHash of a 9×8 greyscale: 64 bits as a signed bigint. */
  dhash: ColumnType<string, string, string>;
  width: number;
  height: number;
  createdAt: Timestamp;
}

/** One rendition of a listing photo (WebP at a width), as served. */
export interface ListingPhotoFilesTable {
  photoId: number;
  width: number;
  format: "webp";
  bytes: Buffer;
}

/** The cluster of listings a listing is the same home as (docs/decisions/120); the lowest listing id names it. */
export interface HomeClustersTable {
  listingId: number;
  clusterId: number;
}

/** Views of a publisher's listing page per day (its dashboard). */
export interface ListingViewsDailyTable {
  listingId: number;
  day: ColumnType<string, string, string>;
  views: number;
}
