/**
 * The publishing API's steps (/api/publisher/v1/…, docs/publisher-api.md, the OpenAPI document of
 * app/publisher/openapi.ts): every request names its publisher by its API key (publisherCaller); a
 * listing id of another publisher answers 404 like an unknown one. Listings change only through
 * db/publishing.ts → db/listing-writes.ts.
 */
import { feedPhotoErrorText } from "../../core/publisher/feed-photos.ts";
import { feedPhotoUrls } from "../../db/feed-photos.ts";
import type { RouterContextProvider } from "react-router";
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
  publisherKind,
  publishOwnListing,
  updateOwnListing,
  type PublishedListingRow,
} from "../../db/publishing.ts";
import { jsonError } from "../api/errors.ts";
import { readCappedBody, readJsonBody, readQuery } from "../api/request.ts";
import { services } from "../services.ts";
import { importFeed, type FeedFormat } from "./feed-import.server.ts";
import { processPhoto } from "./photos.server.ts";
import { checkListingInput, inputProblemResponse, listingChanges, publisherCaller, type PublisherCaller } from "./publishing.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

const notFoundText = { it: "annuncio non trovato", en: "listing not found" } as const;
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

async function callerWithKind(args: Args): Promise<PublisherCaller & { kind: string }> {
  const caller = await publisherCaller(args);
  const kind = await publisherKind(services(args.context).database.db, caller.publisherId);
  if (!kind) {
    throw jsonError(
      403,
      caller.locale === "en" ? "this key's publisher no longer exists" : "l'inserzionista di questa chiave non esiste più",
    );
  }
  return { ...caller, kind };
}

async function ownListing(args: Args, caller: PublisherCaller): Promise<PublishedListingRow> {
  const id = parseId(args.params.id);
  const row = id === null ? null : await findOwnListing(services(args.context).database.db, caller.publisherId, id);
  if (!row) throw jsonError(404, notFoundText[caller.locale], "id");
  return row;
}

const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  before: z.coerce.number().int().positive().optional(),
  status: z.enum(["online", "withdrawn", "expired"]).optional(),
});

/** GET /api/publisher/v1/listings: the publisher's listings, newest first, 50 (≤ 200) a page, `before` the last id. */
export async function listListings(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  const query = readQuery(args.request, listQuery);
  const limit = query.limit ?? 50;
  const rows = await listOwnListings(services(args.context).database.readDb, caller.publisherId, { ...query, limit });
  const next = rows.length === limit ? Number(rows[rows.length - 1]!.listingId) : null;
  return Response.json({ listings: rows.map(presentPublished), next });
}

/** POST /api/publisher/v1/listings: publishes a listing; 201 with it. */
export async function createListing(args: Args): Promise<Response> {
  const caller = await callerWithKind(args);
  const body = await readJsonBody(args.request, z.unknown());
  const db = services(args.context).database.db;
  const checked = await checkListingInput(db, body, { id: caller.publisherId, kind: caller.kind }, caller.now);
  if (!checked.ok) return inputProblemResponse(checked.problems, caller.locale);
  const externalId = checked.input.externalId ?? null;
  if (externalId !== null && (await findOwnListingByExternalId(db, caller.publisherId, externalId))?.status === "online") {
    return jsonError(
      409,
      caller.locale === "en"
        ? "externalId: you already published a listing with this id"
        : "externalId: hai già pubblicato un annuncio con questo codice",
      "externalId",
    );
  }
  const id = await publishOwnListing(db, checked.listing, { externalId, source: "api", now: caller.now });
  const row = await findOwnListing(db, caller.publisherId, id);
  const response = Response.json({ listing: presentPublished(row!) }, { status: 201 });
  response.headers.set("Location", `/api/publisher/v1/listings/${id}`);
  return response;
}

/** GET /api/publisher/v1/listings/{id}. */
export async function getListing(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  return Response.json({ listing: presentPublished(await ownListing(args, caller)) });
}

/** POST /api/publisher/v1/listings/{id}: replaces the listing's content (the whole input, as at creation) and confirms it. */
export async function updateListing(args: Args): Promise<Response> {
  const caller = await callerWithKind(args);
  const row = await ownListing(args, caller);
  const body = await readJsonBody(args.request, z.unknown());
  if (row.status !== "online") return jsonError(409, goneText[caller.locale], "id");
  const db = services(args.context).database.db;
  const checked = await checkListingInput(db, body, { id: caller.publisherId, kind: caller.kind }, caller.now);
  if (!checked.ok) return inputProblemResponse(checked.problems, caller.locale);
  if (checked.input.externalId !== undefined && checked.input.externalId !== row.externalId) {
    return jsonError(400, `externalId: ${listingInputMessages.notAllowed[caller.locale]}`, "externalId");
  }
  const updated = await updateOwnListing(db, caller.publisherId, Number(row.listingId), listingChanges(checked.listing), caller.now);
  if (!updated) return jsonError(409, goneText[caller.locale], "id");
  return Response.json({ listing: presentPublished((await findOwnListing(db, caller.publisherId, Number(row.listingId)))!) });
}

/** POST /api/publisher/v1/listings/{id}/withdraw: takes it off the portal (gone from search; its page answers 410). */
export async function withdrawListing(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  const row = await ownListing(args, caller);
  await readJsonBody(args.request, z.unknown());
  const db = services(args.context).database.db;
  if (row.status === "online") await endOwnListing(db, caller.publisherId, Number(row.listingId), "withdrawn", caller.now);
  return Response.json({ listing: presentPublished((await findOwnListing(db, caller.publisherId, Number(row.listingId)))!) });
}

/** POST /api/publisher/v1/listings/{id}/confirm: the listing is still true (freshness: it does not expire for 30 more days). */
export async function confirmListing(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  const row = await ownListing(args, caller);
  await readJsonBody(args.request, z.unknown());
  if (row.status !== "online") return jsonError(409, goneText[caller.locale], "id");
  const db = services(args.context).database.db;
  await confirmOwnListings(db, caller.publisherId, [Number(row.listingId)], caller.now);
  return Response.json({ listing: presentPublished((await findOwnListing(db, caller.publisherId, Number(row.listingId)))!) });
}

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
export async function uploadFeed(args: Args): Promise<Response> {
  const caller = await callerWithKind(args);
  const format = feedFormat(args.request);
  if (!format) {
    return jsonError(
      415,
      caller.locale === "en"
        ? "send the feed as application/xml or application/x-ndjson"
        : "inviare il feed come application/xml o application/x-ndjson",
    );
  }
  const svc = services(args.context);
  const declared = Number(args.request.headers.get("content-length") ?? 0);
  if (declared > svc.feedMaxBytes) {
    const response = jsonError(413, caller.locale === "en" ? "feed too large" : "feed troppo grande");
    response.headers.set("Connection", "close");
    return response;
  }
  if (!args.request.body) return jsonError(400, caller.locale === "en" ? "empty feed" : "feed vuoto");
  const report = await importFeed({
    db: svc.database.db,
    publisher: { id: caller.publisherId, kind: caller.kind },
    source: "upload",
    format,
    body: args.request.body,
    gzip: (args.request.headers.get("content-encoding") ?? "").toLowerCase() === "gzip",
    maxBytes: svc.feedMaxBytes,
    now: caller.now,
    onPhotosWaiting: () => svc.feedPhotos.wake(),
  });
  return Response.json({ report });
}

/** GET /api/publisher/v1/feeds: the publisher's imports, newest first, each with its counts. */
export async function listFeeds(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  const rows = await listFeedImports(services(args.context).database.readDb, caller.publisherId, 50);
  return Response.json({
    imports: rows.map((r) => ({
      id: Number(r.id),
      status: r.status,
      source: r.source,
      format: r.format,
      startedAt: new Date(r.startedAt).toISOString(),
      finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
      counts: (r.report as { counts?: unknown } | null)?.counts ?? null,
    })),
  });
}

/** GET /api/publisher/v1/feeds/{id}: one import's report. */
export async function getFeed(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  const id = parseId(args.params.id);
  const row = id === null ? null : await findFeedImport(services(args.context).database.readDb, caller.publisherId, id);
  if (!row) return jsonError(404, caller.locale === "en" ? "import not found" : "importazione non trovata", "id");
  return Response.json({ import: { id: Number(row.id), status: row.status, report: row.report } });
}

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
export async function listPhotos(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  const row = await ownListing(args, caller);
  const id = Number(row.listingId);
  const readDb = services(args.context).database.readDb;
  const photos = await listingPhotos(readDb, id);
  // A feed listing's photo addresses and how each download went (decision 141): a failed one says why.
  const fromFeed = await feedPhotoUrls(readDb, id);
  return Response.json({
    photos: photos.map((p) => presentPhoto(id, p)),
    feedPhotos: fromFeed.map((f) => ({
      url: f.url,
      position: f.position,
      state: f.state,
      photoId: f.photoId,
      attempts: f.attempts,
      error: f.error === null ? null : feedPhotoErrorText(f.error)[caller.locale],
    })),
  });
}

/**
 * POST /api/publisher/v1/listings/{id}/photos: one image as the body (JPEG, PNG or WebP, ≤ 15 MB), added at
 * the end of the gallery (≤ 40); 201 with the photo, 200 when the same file was there already. Refused
 * before anything is stored: not an image, HEIC, damaged, too large (docs/decisions/119).
 */
export async function uploadPhoto(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  const row = await ownListing(args, caller);
  const say = (status: number, key: keyof typeof photoMessages) => jsonError(status, photoMessages[key][caller.locale], "photo");
  const bytes = await readCappedBody(args.request, PHOTO_MAX_BYTES, photoMessages.tooLarge[caller.locale], "photo");
  if (row.status !== "online") return jsonError(409, goneText[caller.locale], "id");
  const processed = await processPhoto(bytes);
  if (!processed.ok) return say(processed.problem.status, processed.problem.message);
  const id = Number(row.listingId);
  const added = await addListingPhoto(
    services(args.context).database.db,
    caller.publisherId,
    id,
    processed.photo,
    PHOTOS_PER_LISTING,
    caller.now,
  );
  if (!added.ok) {
    if (added.reason === "not-found") return jsonError(404, notFoundText[caller.locale], "id");
    if (added.reason === "not-online") return jsonError(409, goneText[caller.locale], "id");
    return say(409, "tooMany");
  }
  return Response.json({ photo: presentPhoto(id, added.photo) }, { status: added.created ? 201 : 200 });
}

/** The answer to a change of a listing's photos: the photos in their new order, or the 4xx of why not. */
function photosChanged(result: ChangePhotosResult, listingId: number, locale: PublisherCaller["locale"]): Response {
  if (result.ok) return Response.json({ photos: result.photos.map((p) => presentPhoto(listingId, p)) });
  if (result.reason === "not-found") return jsonError(404, notFoundText[locale], "id");
  if (result.reason === "not-online") return jsonError(409, goneText[locale], "id");
  if (result.reason === "photo-not-found") return jsonError(404, photoMessages.photoNotFound[locale], "photoId");
  return jsonError(400, photoMessages.notThePhotos[locale], "photoIds");
}

/** POST /api/publisher/v1/listings/{id}/photos/{photoId}/delete: removes a photo; the rest close up. */
export async function deletePhoto(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  const row = await ownListing(args, caller);
  await readJsonBody(args.request, z.unknown());
  const photoId = parseId(args.params.photoId);
  if (photoId === null) return jsonError(404, photoMessages.photoNotFound[caller.locale], "photoId");
  const id = Number(row.listingId);
  return photosChanged(await deleteListingPhoto(services(args.context).database.db, caller.publisherId, id, photoId), id, caller.locale);
}

const photoOrder = z.strictObject({ photoIds: z.array(z.number().int().positive()).min(1).max(PHOTOS_PER_LISTING) });

/** POST /api/publisher/v1/listings/{id}/photos/order `{ photoIds }`: the gallery in that order (every photo, once). */
export async function reorderPhotos(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  const row = await ownListing(args, caller);
  const { photoIds } = await readJsonBody(args.request, photoOrder);
  const id = Number(row.listingId);
  return photosChanged(await reorderListingPhotos(services(args.context).database.db, caller.publisherId, id, photoIds), id, caller.locale);
}
