/**
 * /api/publisher/v1/feed-source (docs/decisions/135): the address the portal pulls the key's publisher's feed
 * from, its format and interval. GET shows it with how the last pull went, POST sets it (the first pull is due at
 * once), POST …/delete stops the pulls. Addresses on private networks are refused (server/feed-fetch.ts).
 */
import { z } from "zod";
import { deleteFeedSource, type FeedSource, getFeedSource, setFeedSource } from "../../db/feed-sources.ts";
import { jsonError } from "../api/errors.ts";
import { readJsonBody } from "../api/request.ts";
import { services } from "../services.ts";
import { feedAddressRefusal, feedSourceBody } from "./feed-source.server.ts";
import { publisherCaller } from "./publishing.server.ts";

type Args = { request: Request; context: Parameters<typeof services>[0] };

function present(source: FeedSource | null) {
  return {
    source: source && {
      url: source.url,
      format: source.format,
      intervalMinutes: source.intervalMinutes,
      nextPullAt: source.nextPullAt.toISOString(),
      lastPullAt: source.lastPullAt?.toISOString() ?? null,
      lastStatus: source.lastStatus,
      lastError: source.lastError,
      lastImportId: source.lastImportId,
    },
  };
}

/** GET /api/publisher/v1/feed-source: the source, or null when the feed is only uploaded. */
export async function showFeedSource(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  return Response.json(present(await getFeedSource(services(args.context).database.db, caller.publisherId)));
}

/** POST /api/publisher/v1/feed-source `{ url, format?, intervalMinutes? }`: pull the feed from there. */
export async function saveFeedSource(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  const body = await readJsonBody(args.request, feedSourceBody);
  const svc = services(args.context);
  const refused = feedAddressRefusal(body.url, svc.feedPull.allowPrivate, caller.locale);
  if (refused) return jsonError(400, refused, "url");
  const source = await setFeedSource(svc.database.db, caller.publisherId, body, caller.now);
  svc.feedPull.wake();
  return Response.json(present(source));
}

/** POST /api/publisher/v1/feed-source/delete: no more pulls (the listings stay as they are). */
export async function removeFeedSource(args: Args): Promise<Response> {
  const caller = await publisherCaller(args);
  await readJsonBody(args.request, z.unknown());
  const removed = await deleteFeedSource(services(args.context).database.db, caller.publisherId);
  if (!removed) return jsonError(404, caller.locale === "en" ? "no feed address is set" : "nessun indirizzo del feed impostato", "url");
  return Response.json(present(null));
}
