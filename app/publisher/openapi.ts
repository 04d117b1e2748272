/**
 * The publishing API as an OpenAPI 3.1 document, served at /api/publisher/v1/openapi.json. The listing's
 * schema is the zod schema itself (core/publisher/listing-input.ts) turned into JSON Schema, so the two
 * cannot drift; app/publisher-api.integration.test.ts checks the paths against app/routes.ts.
 */
import { z } from "zod";
import { listingInput } from "../../core/publisher/listing-input.ts";
import { PHOTO_MAX_BYTES, PHOTO_WIDTHS, PHOTOS_PER_LISTING } from "../../core/publisher/photo.ts";

export const PUBLISHER_API_BASE = "/api/publisher/v1";

const error = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["status", "message"],
      properties: { status: { type: "integer" }, message: { type: "string" }, field: { type: "string" } },
    },
  },
} as const;

const published = {
  type: "object",
  required: ["id", "status", "title", "price", "url", "confirmedAt", "createdAt"],
  properties: {
    id: { type: "integer" },
    externalId: { type: ["string", "null"] },
    status: { enum: ["online", "withdrawn", "expired"] },
    source: { enum: ["api", "feed", "dashboard"] },
    title: { type: "string" },
    price: { type: "integer" },
    url: { type: "string", description: "The listing page's path" },
    confirmedAt: { type: "string", format: "date-time" },
    createdAt: { type: "string", format: "date-time" },
    endedAt: { type: ["string", "null"], format: "date-time" },
  },
} as const;

const photo = {
  type: "object",
  required: ["id", "position", "width", "height", "renditions"],
  properties: {
    id: { type: "integer" },
    position: { type: "integer", description: "Its place in the gallery, from 0" },
    width: { type: "integer", description: "The uploaded picture's width, upright" },
    height: { type: "integer" },
    renditions: {
      type: "array",
      items: {
        type: "object",
        properties: { width: { enum: [...PHOTO_WIDTHS] }, format: { const: "webp" }, url: { type: "string" } },
      },
    },
  },
} as const;

const errors = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((code) => [
      String(code),
      {
        description: errorDescriptions[code] ?? "error",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
const errorDescriptions: Record<number, string> = {
  400: "Invalid input: `field` names the field, `message` says why (Italian, or English with Accept-Language: en)",
  401: "No API key, an unknown one or a revoked one",
  403: "The key's publisher no longer exists",
  404: "No listing of this publisher with this id",
  409: "Conflict: the externalId is taken, or the listing is no longer online",
  413: "Body too large",
  429: "Too many requests for this key (Retry-After)",
};
const one = (description: string, status = "200") => ({
  [status]: {
    description,
    content: {
      "application/json": {
        schema: { type: "object", required: ["listing"], properties: { listing: { $ref: "#/components/schemas/PublishedListing" } } },
      },
    },
  },
});
const idParameter = { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } } as const;
const feedSource = {
  type: "object",
  properties: {
    source: {
      type: ["object", "null"],
      properties: {
        url: { type: "string" },
        format: { type: "string", enum: ["xml", "jsonl"] },
        intervalMinutes: { type: "integer" },
        nextPullAt: { type: "string", format: "date-time" },
        lastPullAt: { type: ["string", "null"], format: "date-time" },
        lastStatus: { type: ["string", "null"], enum: ["done", "failed", null] },
        lastError: { type: ["string", "null"] },
        lastImportId: { type: ["integer", "null"] },
      },
    },
  },
} as const;

const inputBody = { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/ListingInput" } } } } as const;

/** The document (a plain object, built on each call: small). */
export function publisherOpenApi() {
  const { $schema: _draft, ...listingSchema } = z.toJSONSchema(listingInput, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return {
    openapi: "3.1.0",
    info: {
      title: "casa.it publishing API",
      version: "1.0.0",
      description:
        "Agencies and private sellers publish, update, withdraw and confirm their listings. Create a key in /area-agenzia/ (shown once) and send it as `Authorization: Bearer <key>`. Every listing must state its energy class and energy performance index (except land, garages and cellars); its coordinates must lie in the stated municipality, or its street must be one the portal knows.",
    },
    servers: [{ url: PUBLISHER_API_BASE }],
    security: [{ apiKey: [] }],
    paths: {
      "/listings": {
        get: {
          operationId: "listListings",
          summary: "Your listings, newest first",
          parameters: [
            { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 200, default: 50 } },
            { name: "before", in: "query", description: "The `next` of the previous page", schema: { type: "integer" } },
            { name: "status", in: "query", schema: { enum: ["online", "withdrawn", "expired"] } },
          ],
          responses: {
            "200": {
              description: "A page of listings",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      listings: { type: "array", items: { $ref: "#/components/schemas/PublishedListing" } },
                      next: { type: ["integer", "null"] },
                    },
                  },
                },
              },
            },
            ...errors(400, 401, 429),
          },
        },
        post: {
          operationId: "createListing",
          summary: "Publish a listing",
          requestBody: inputBody,
          responses: { ...one("Published", "201"), ...errors(400, 401, 403, 409, 413, 429) },
        },
      },
      "/listings/{id}": {
        get: {
          operationId: "getListing",
          summary: "One of your listings",
          parameters: [idParameter],
          responses: { ...one("The listing"), ...errors(401, 404, 429) },
        },
        post: {
          operationId: "updateListing",
          summary: "Replace a listing's content (and confirm it)",
          parameters: [idParameter],
          requestBody: inputBody,
          responses: { ...one("Updated"), ...errors(400, 401, 403, 404, 409, 413, 429) },
        },
      },
      "/listings/{id}/withdraw": {
        post: {
          operationId: "withdrawListing",
          summary: "Take a listing off the portal",
          parameters: [idParameter],
          responses: { ...one("Withdrawn"), ...errors(401, 404, 429) },
        },
      },
      "/listings/{id}/confirm": {
        post: {
          operationId: "confirmListing",
          summary: "Confirm a listing is still true (it expires 30 days after its last confirmation)",
          parameters: [idParameter],
          responses: { ...one("Confirmed"), ...errors(401, 404, 409, 429) },
        },
      },
      "/listings/{id}/photos": {
        get: {
          operationId: "listPhotos",
          summary:
            "A listing's photos in gallery order, and for a feed listing the photo addresses its feed lists with how each download went (waiting, done with its photo, failed with the reason after 3 tries)",
          parameters: [idParameter],
          responses: {
            "200": {
              description: "The photos",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      photos: { type: "array", items: { $ref: "#/components/schemas/Photo" } },
                      feedPhotos: {
                        type: "array",
                        items: {
                          type: "object",
                          properties: {
                            url: { type: "string", format: "uri" },
                            position: { type: "integer" },
                            state: { type: "string", enum: ["waiting", "done", "failed"] },
                            photoId: { type: ["integer", "null"] },
                            attempts: { type: "integer" },
                            error: {
                              type: ["string", "null"],
                              description:
                                "Why the last try failed, in the caller's language; on a downloaded photo, why the last check of its file failed (the photo stays)",
                            },
                            checkedAt: {
                              type: ["string", "null"],
                              format: "date-time",
                              description:
                                "When the file was last downloaded or confirmed unchanged; the feed listing it again after the re-check interval asks its server again (If-None-Match / If-Modified-Since) and replaces the photo in its place if the file changed",
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
            ...errors(401, 404, 429),
          },
        },
        post: {
          operationId: "uploadPhoto",
          summary: `Add a photo at the end of the gallery: one JPEG, PNG or WebP image as the body (at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB and 50 megapixels, ${PHOTOS_PER_LISTING} photos a listing). It is stored as WebP renditions ${PHOTO_WIDTHS.join(", ")} px wide without any metadata (EXIF, GPS position). The same file sent again answers 200 with the photo already there. HEIC is refused (415): send JPEG.`,
          parameters: [idParameter],
          requestBody: {
            required: true,
            content: {
              "image/jpeg": { schema: { type: "string", contentMediaType: "image/jpeg" } },
              "image/png": { schema: { type: "string", contentMediaType: "image/png" } },
              "image/webp": { schema: { type: "string", contentMediaType: "image/webp" } },
            },
          },
          responses: {
            "201": {
              description: "Added",
              content: {
                "application/json": { schema: { type: "object", properties: { photo: { $ref: "#/components/schemas/Photo" } } } },
              },
            },
            "200": { description: "The same file was there already" },
            ...errors(400, 401, 404, 409, 413, 429),
            "415": {
              description: "Not a JPEG, PNG or WebP image (SVG, HEIC and anything else are refused)",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
            },
          },
        },
      },
      "/listings/{id}/photos/order": {
        post: {
          operationId: "reorderPhotos",
          summary: "Put the gallery in another order: every photo id of the listing, once, first photo first",
          parameters: [idParameter],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["photoIds"],
                  additionalProperties: false,
                  properties: {
                    photoIds: { type: "array", items: { type: "integer", minimum: 1 }, minItems: 1, maxItems: PHOTOS_PER_LISTING },
                  },
                },
              },
            },
          },
          responses: {
            "200": {
              description: "The photos in their new order",
              content: {
                "application/json": {
                  schema: { type: "object", properties: { photos: { type: "array", items: { $ref: "#/components/schemas/Photo" } } } },
                },
              },
            },
            ...errors(400, 401, 404, 409, 429),
          },
        },
      },
      "/listings/{id}/photos/{photoId}/delete": {
        post: {
          operationId: "deletePhoto",
          summary: "Remove a photo; the photos after it move up one place",
          parameters: [idParameter, { name: "photoId", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
          responses: {
            "200": {
              description: "The photos left, in gallery order",
              content: {
                "application/json": {
                  schema: { type: "object", properties: { photos: { type: "array", items: { $ref: "#/components/schemas/Photo" } } } },
                },
              },
            },
            ...errors(401, 404, 409, 429),
          },
        },
      },
      "/feeds": {
        get: {
          operationId: "listFeedImports",
          summary: "Your feed imports, newest first, with their counts",
          responses: { "200": { description: "Imports" }, ...errors(401, 429) },
        },
        post: {
          operationId: "importFeed",
          summary:
            'Import a whole feed: XML in the immobiliare.it 2.8 style (application/xml) or JSON Lines (application/x-ndjson), gzip allowed. A full feed (the default; mode="incremental" on the root says otherwise) withdraws your feed listings it no longer lists. Photos are listed by address (`<pictures><picture-url>` or `<picture url>`; JSON Lines `"photos": [...]`, http or https, at most 40): they are downloaded in the background after the import, an address already downloaded is not fetched again, one no longer listed removes its photo; the report\'s `photos` counts them and names the addresses left out.',
          requestBody: {
            required: true,
            content: {
              "application/xml": { schema: { type: "string" } },
              "application/x-ndjson": { schema: { type: "string" } },
            },
          },
          responses: {
            "200": { description: "The import's report: counts, every rejected listing with its problems in Italian and English" },
            ...errors(401, 403, 413, 429),
            "415": {
              description: "Neither XML nor JSON Lines",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
            },
          },
        },
      },
      "/feed-source": {
        get: {
          operationId: "getFeedSource",
          summary: "The address the portal pulls your feed from (null when you only upload), and how the last pull went",
          responses: {
            "200": { description: "The source", content: { "application/json": { schema: { $ref: "#/components/schemas/FeedSource" } } } },
            ...errors(401, 429),
          },
        },
        post: {
          operationId: "setFeedSource",
          summary:
            "Pull your feed from this address every `intervalMinutes` (15–1440, default 60), the first time at once; each pull is imported as an upload is, with its report among your imports. Addresses on private networks are refused.",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["url"],
                  additionalProperties: false,
                  properties: {
                    url: { type: "string", format: "uri", maxLength: 2000 },
                    format: { type: "string", enum: ["xml", "jsonl"], default: "xml" },
                    intervalMinutes: { type: "integer", minimum: 15, maximum: 1440, default: 60 },
                  },
                },
              },
            },
          },
          responses: {
            "200": { description: "The source", content: { "application/json": { schema: { $ref: "#/components/schemas/FeedSource" } } } },
            ...errors(400, 401, 429),
          },
        },
      },
      "/feed-source/delete": {
        post: {
          operationId: "deleteFeedSource",
          summary: "Stop pulling your feed (your listings stay as they are)",
          responses: { "200": { description: "No source any more" }, ...errors(401, 404, 429) },
        },
      },
      "/feeds/{id}": {
        get: {
          operationId: "getFeedImport",
          summary: "One import's report",
          parameters: [idParameter],
          responses: { "200": { description: "The report" }, ...errors(401, 404, 429) },
        },
      },
      "/openapi.json": {
        get: { operationId: "openApi", summary: "This document", security: [], responses: { "200": { description: "OpenAPI 3.1" } } },
      },
    },
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "A key made in /area-agenzia/" } },
      schemas: { ListingInput: listingSchema, PublishedListing: published, Photo: photo, FeedSource: feedSource, Error: error },
    },
  };
}
