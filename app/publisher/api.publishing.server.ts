/**
 * The publishing API's endpoints (/api/publisher/v1/…, docs/publisher-api.md, the OpenAPI document of
 * app/publisher/openapi.ts), each a chain of app/api/endpoint.server.ts: the caller is a publisher by its API key
 * and a listing is the caller's own (app/publisher/policies.server.ts); the listing input is checked by
 * `checkListingInput`, the one check the API, feeds and the dashboard's form share, which needs the database.
 * Listings change only through db/publishing.ts → db/listing-writes.ts.
 */
import { feedPhotoErrorText } from "../../core/publisher/feed-photos.ts";
import { feedPhotoUrls } from "../../db/feed-photos.ts";
import { z } from "zod";
import { parseId } from "../../core/ids.ts";
import { listingInputMessages } from "../../core/publisher/listing-input.ts";
import { PHOTO_MAX_BYTES, PHOTO_WIDTHS, PHOTOS_PER_LISTING, photoFilePath, photoMessages } from "../../core/publisher/photo.ts";
import {
  addListingPhoto,
  type ChangePhotosResult,
  deleteListingPhoto,
  listingPhotos,
  reorderListingPhotos,
  type StoredPhoto,
} from "../../db/listing-photos.ts";
import {
  confirmOwnListings,
  endOwnListing,
  findFeedImport,
  findOwnListing,
  findOwnListingByExternalId,
  listFeedImports,
  listOwnListings,
  publishOwnListing,
  updateOwnListing,
  type PublishedListingRow,
} from "../../db/publishing.ts";
import { endpointSteps, noInput } from "../api/endpoint.server.ts";
import { jsonError } from "../api/errors.ts";
import { readCappedBody } from "../api/request.ts";
import { importFeed, type FeedFormat } from "./feed-import.server.ts";
import { processPhoto } from "./photos.server.ts";
import {
  listingNotFoundText,
  ownListing,
  ownListingToChange,
  type PublisherCaller,
  publisherKey,
  publishingPublisher,
} from "./policies.server.ts";
import { checkListingInput, inputProblemResponse, listingChanges } from "./publishing.server.ts";

const goneText = {
  it: "l'annuncio non è più online: non si può modificare",
  en: "the listing is no longer online: it cannot be changed",
} as const;

/** A published listing as the API returns it. */
export function presentPublished(row: PublishedListingRow) {
  return {
    id: Number(row.listingId),
    externalId: row.externalId,
    status: row.status,
    source: row.source,
    title: row.title,
    price: Number(row.price),
    url: `/annunci/${row.listingId}/`,
    confirmedAt: new Date(row.confirmedAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
    endedAt: row.endedAt ? new Date(row.endedAt).toISOString() : null,
  };
}

/** 409: the listing was withdrawn or expired, so it takes no more changes. */
function refuseUnlessOnline(listing: PublishedListingRow, locale: PublisherCaller["locale"]): void {
  if (listing.status !== "online") throw jsonError(409, goneText[locale], "id");
}

const presentListing = (row: PublishedListingRow | null) => Response.json({ listing: presentPublished(row!) });

/** A body the command does not read, still refused when it is not JSON. */
const ignoredJsonBody = async (input: { json(): Promise<unknown> }): Promise<null> => {
  await input.json();
  return null;
};

const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  before: z.coerce.number().int().positive().optional(),
  status: z.enum(["online", "withdrawn", "expired"]).optional(),
});

/** GET /api/publisher/v1/listings: the publisher's listings, newest first, 50 (≤ 200) a page, `before` the last id. */
export const listListings = endpointSteps({
  authorise: publisherKey,
  validate: (input) => input.query(listQuery),
  command: async ({ input, actor, svc }) => {
    const limit = input.limit ?? 50;
    const rows = await listOwnListings(svc.database.readDb, actor.publisherId, { ...input, limit });
    return { rows, next: rows.length === limit ? Number(rows[rows.length - 1]!.listingId) : null };
  },
  present: ({ rows, next }) => Response.json({ listings: rows.map(presentPublished), next }),
});

/** POST /api/publisher/v1/listings: publishes a listing; 201 with it. */
export const createListing = endpointSteps({
  authorise: publishingPublisher,
  validate: (input) => input.json(),
  command: async ({ input, actor, svc }) => {
    const db = svc.database.db;
    const checked = await checkListingInput(db, input, { id: actor.publisherId, kind: actor.kind }, actor.now);
    if (!checked.ok) throw inputProblemResponse(checked.problems, actor.locale);
    const externalId = checked.input.externalId ?? null;
    if (externalId !== null && (await findOwnListingByExternalId(db, actor.publisherId, externalId))?.status === "online") {
      throw jsonError(
        409,
        actor.locale === "en"
          ? "externalId: you already published a listing with this id"
          : "externalId: hai già pubblicato un annuncio con questo codice",
        "externalId",
      );
    }
    const id = await publishOwnListing(db, checked.listing, { externalId, source: "api", now: actor.now });
    return { id, row: await findOwnListing(db, actor.publisherId, id) };
  },
  present: ({ id, row }) => {
    const response = Response.json({ listing: presentPublished(row!) }, { status: 201 });
    response.headers.set("Location", `/api/publisher/v1/listings/${id}`);
    return response;
  },
});

/** GET /api/publisher/v1/listings/{id}. */
export const getListing = endpointSteps({
  authorise: ownListing,
  validate: noInput,
  command: ({ actor }) => actor.listing,
  present: presentListing,
});

/** POST /api/publisher/v1/listings/{id}: replaces the listing's content (the whole input, as at creation) and confirms it. */
export const updateListing = endpointSteps({
  authorise: ownListingToChange,
  validate: (input) => input.json(),
  command: async ({ input, actor, svc }) => {
    const { listing, locale } = actor;
    refuseUnlessOnline(listing, locale);
    const db = svc.database.db;
    const checked = await checkListingInput(db, input, { id: actor.publisherId, kind: actor.kind }, actor.now);
    if (!checked.ok) throw inputProblemResponse(checked.problems, locale);
    if (checked.input.externalId !== undefined && checked.input.externalId !== listing.externalId) {
      throw jsonError(400, `externalId: ${listingInputMessages.notAllowed[locale]}`, "externalId");
    }
    const id = Number(listing.listingId);
    const updated = await updateOwnListing(db, actor.publisherId, id, listingChanges(checked.listing), actor.now);
    // Withdrawn or expired in the meantime.
    if (!updated) throw jsonError(409, goneText[locale], "id");
    return findOwnListing(db, actor.publisherId, id);
  },
  present: presentListing,
});

/** POST /api/publisher/v1/listings/{id}/withdraw: takes it off the portal (gone from search; its page answers 410). */
export const withdrawListing = endpointSteps({
  authorise: ownListing,
  validate: ignoredJsonBody,
  command: async ({ actor, svc }) => {
    const db = svc.database.db;
    const id = Number(actor.listing.listingId);
    if (actor.listing.status === "online") await endOwnListing(db, actor.publisherId, id, "withdrawn", actor.now);
    return findOwnListing(db, actor.publisherId, id);
  },
  present: presentListing,
});

/** POST /api/publisher/v1/listings/{id}/confirm: the listing is still true (freshness: it does not expire for 30 more days). */
export const confirmListing = endpointSteps({
  authorise: ownListing,
  validate: ignoredJsonBody,
  command: async ({ actor, svc }) => {
    refuseUnlessOnline(actor.listing, actor.locale);
    const db = svc.database.db;
    const id = Number(actor.listing.listingId);
    await confirmOwnListings(db, actor.publisherId, [id], actor.now);
    return findOwnListing(db, actor.publisherId, id);
  },
  present: presentListing,
});

/** The feed format a Content-Type names: XML (immobiliare.it style) or JSON Lines. */
function feedFormat(request: Request): FeedFormat | null {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/xml" || type === "text/xml") return "xml";
  if (type === "application/x-ndjson" || type === "application/jsonl" || type === "application/x-jsonlines") return "jsonl";
  return null;
}

/**
 * POST /api/publisher/v1/feeds: imports a whole feed sent as the body (XML or JSON Lines, gzip allowed),
 * streamed; answers its report (200 even with rejected listings; `status: "failed"` when the feed broke off).
 */
export const uploadFeed = endpointSteps({
  authorise: publishingPublisher,
  validate: ({ request }, { actor, svc }) => {
    const en = actor.locale === "en";
    const format = feedFormat(request);
    if (!format)
      throw jsonError(
        415,
        en ? "send the feed as application/xml or application/x-ndjson" : "inviare il feed come application/xml o application/x-ndjson",
      );
    if (Number(request.headers.get("content-length") ?? 0) > svc.feedMaxBytes) {
      const response = jsonError(413, en ? "feed too large" : "feed troppo grande");
      response.headers.set("Connection", "close");
      throw response;
    }
    if (!request.body) throw jsonError(400, en ? "empty feed" : "feed vuoto");
    return { format, body: request.body, gzip: (request.headers.get("content-encoding") ?? "").toLowerCase() === "gzip" };
  },
  command: ({ input, actor, svc }) =>
    importFeed({
      db: svc.database.db,
      publisher: { id: actor.publisherId, kind: actor.kind },
      source: "upload",
      format: input.format,
      body: input.body,
      gzip: input.gzip,
      maxBytes: svc.feedMaxBytes,
      now: actor.now,
      onPhotosWaiting: () => svc.feedPhotos.wake(),
      photoRecheckMs: svc.feedPhotos.recheckMs,
    }),
  present: (report) => Response.json({ report }),
});

/** GET /api/publisher/v1/feeds: the publisher's imports, newest first, each with its counts. */
export const listFeeds = endpointSteps({
  authorise: publisherKey,
  validate: noInput,
  command: ({ actor, svc }) => listFeedImports(svc.database.readDb, actor.publisherId, 50),
  present: (rows) =>
    Response.json({
      imports: rows.map((r) => ({
        id: Number(r.id),
        status: r.status,
        source: r.source,
        format: r.format,
        startedAt: new Date(r.startedAt).toISOString(),
        finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
        counts: (r.report as { counts?: unknown } | null)?.counts ?? null,
      })),
    }),
});

/** GET /api/publisher/v1/feeds/{id}: one import's report. */
export const getFeed = endpointSteps({
  authorise: publisherKey,
  validate: (input) => parseId(input.params.id),
  command: async ({ input: id, actor, svc }) => {
    // Only the caller's own imports are looked for: another publisher's is the same 404 as none.
    const row = id === null ? null : await findFeedImport(svc.database.readDb, actor.publisherId, id);
    if (!row) throw jsonError(404, actor.locale === "en" ? "import not found" : "importazione non trovata", "id");
    return row;
  },
  present: (row) => Response.json({ import: { id: Number(row.id), status: row.status, report: row.report } }),
});

/** A photo as the API returns it: its place in the gallery and the address of each rendition. */
function presentPhoto(listingId: number, photo: StoredPhoto) {
  return {
    id: photo.id,
    position: photo.position,
    width: photo.width,
    height: photo.height,
    renditions: PHOTO_WIDTHS.map((w) => ({ width: w, format: "webp", url: photoFilePath(listingId, photo.id, w) })),
  };
}

/** GET /api/publisher/v1/listings/{id}/photos: the listing's photos in gallery order. */
export const listPhotos = endpointSteps({
  authorise: ownListing,
  validate: noInput,
  command: async ({ actor, svc }) => {
    const id = Number(actor.listing.listingId);
    const readDb = svc.database.readDb;
    return { id, photos: await listingPhotos(readDb, id), fromFeed: await feedPhotoUrls(readDb, id) };
  },
  present: ({ id, photos, fromFeed }, { actor }) =>
    Response.json({
      photos: photos.map((p) => presentPhoto(id, p)),
      // A feed listing's photo addresses and how each download went (decision 141): a failed one says why.
      feedPhotos: fromFeed.map((f) => ({
        url: f.url,
        position: f.position,
        state: f.state,
        photoId: f.photoId,
        attempts: f.attempts,
        error: f.error === null ? null : feedPhotoErrorText(f.error)[actor.locale],
        checkedAt: f.checkedAt?.toISOString() ?? null,
      })),
    }),
});

/**
 * POST /api/publisher/v1/listings/{id}/photos: one image as the body (JPEG, PNG or WebP, ≤ 15 MB), added at
 * the end of the gallery (≤ 40); 201 with the photo, 200 when the same file was there already. Refused
 * before anything is stored: not an image, HEIC, damaged, too large (docs/decisions/119).
 */
export const uploadPhoto = endpointSteps({
  authorise: ownListing,
  validate: ({ request }, { actor }) => readCappedBody(request, PHOTO_MAX_BYTES, photoMessages.tooLarge[actor.locale], "photo"),
  command: async ({ input: bytes, actor, svc }) => {
    const say = (status: number, key: keyof typeof photoMessages) => jsonError(status, photoMessages[key][actor.locale], "photo");
    refuseUnlessOnline(actor.listing, actor.locale);
    const processed = await processPhoto(bytes);
    if (!processed.ok) throw say(processed.problem.status, processed.problem.message);
    const id = Number(actor.listing.listingId);
    const added = await addListingPhoto(svc.database.db, actor.publisherId, id, processed.photo, PHOTOS_PER_LISTING, actor.now);
    if (!added.ok) {
      if (added.reason === "not-found") throw jsonError(404, listingNotFoundText[actor.locale], "id");
      if (added.reason === "not-online") throw jsonError(409, goneText[actor.locale], "id");
      throw say(409, "tooMany");
    }
    return { id, added };
  },
  present: ({ id, added }) => Response.json({ photo: presentPhoto(id, added.photo) }, { status: added.created ? 201 : 200 }),
});

/** A change of a listing's photos: the photos in their new order, or the 4xx of why not (thrown). */
function changedPhotos(result: ChangePhotosResult, locale: PublisherCaller["locale"]): StoredPhoto[] {
  if (result.ok) return result.photos;
  if (result.reason === "not-found") throw jsonError(404, listingNotFoundText[locale], "id");
  if (result.reason === "not-online") throw jsonError(409, goneText[locale], "id");
  if (result.reason === "photo-not-found") throw jsonError(404, photoMessages.photoNotFound[locale], "photoId");
  throw jsonError(400, photoMessages.notThePhotos[locale], "photoIds");
}

const presentPhotos = (photos: StoredPhoto[], { actor }: { actor: { listing: PublishedListingRow } }) =>
  Response.json({ photos: photos.map((p) => presentPhoto(Number(actor.listing.listingId), p)) });

/** POST /api/publisher/v1/listings/{id}/photos/{photoId}/delete: removes a photo; the rest close up. */
export const deletePhoto = endpointSteps({
  authorise: ownListing,
  validate: async (input, { actor }) => {
    await input.json();
    const photoId = parseId(input.params.photoId);
    if (photoId === null) throw jsonError(404, photoMessages.photoNotFound[actor.locale], "photoId");
    return photoId;
  },
  command: async ({ input: photoId, actor, svc }) =>
    changedPhotos(await deleteListingPhoto(svc.database.db, actor.publisherId, Number(actor.listing.listingId), photoId), actor.locale),
  present: presentPhotos,
});

const photoOrder = z.strictObject({ photoIds: z.array(z.number().int().positive()).min(1).max(PHOTOS_PER_LISTING) });

/** POST /api/publisher/v1/listings/{id}/photos/order `{ photoIds }`: the gallery in that order (every photo, once). */
export const reorderPhotos = endpointSteps({
  authorise: ownListing,
  validate: (input) => input.jsonOf(photoOrder),
  command: async ({ input, actor, svc }) =>
    changedPhotos(
      await reorderListingPhotos(svc.database.db, actor.publisherId, Number(actor.listing.listingId), input.photoIds),
      actor.locale,
    ),
  present: presentPhotos,
});
