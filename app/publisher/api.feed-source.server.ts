/**
 * /api/publisher/v1/feed-source (docs/decisions/135): the address the portal pulls the key's publisher's feed
 * from, its format and interval. GET shows it with how the last pull went, POST sets it (the first pull is due at
 * once), POST …/delete stops the pulls. Addresses on private networks are refused (server/feed-fetch.ts).
 */
import { deleteFeedSource, type FeedSource, getFeedSource, setFeedSource } from "../../db/feed-sources.ts";
import { endpointSteps, noInput } from "../api/endpoint.server.ts";
import { jsonError } from "../api/errors.ts";
import { feedAddressRefusal, feedSourceBody } from "./feed-source.server.ts";
import { publisherKey } from "./policies.server.ts";

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

const presentSource = (source: FeedSource | null) => Response.json(present(source));

/** GET /api/publisher/v1/feed-source: the source, or null when the feed is only uploaded. */
export const showFeedSource = endpointSteps({
  authorise: publisherKey,
  validate: noInput,
  command: ({ actor, svc }) => getFeedSource(svc.database.db, actor.publisherId),
  present: presentSource,
});

/** POST /api/publisher/v1/feed-source `{ url, format?, intervalMinutes? }`: pull the feed from there. */
export const saveFeedSource = endpointSteps({
  authorise: publisherKey,
  validate: (input) => input.jsonOf(feedSourceBody),
  command: async ({ input, actor, svc }) => {
    const refused = feedAddressRefusal(input.url, svc.feedPull.allowPrivate, actor.locale);
    if (refused) throw jsonError(400, refused, "url");
    const source = await setFeedSource(svc.database.db, actor.publisherId, input, actor.now);
    svc.feedPull.wake();
    return source;
  },
  present: presentSource,
});

/** POST /api/publisher/v1/feed-source/delete: no more pulls (the listings stay as they are). */
export const removeFeedSource = endpointSteps({
  authorise: publisherKey,
  validate: async (input) => {
    await input.json();
    return null;
  },
  command: async ({ actor, svc }) => {
    if (!(await deleteFeedSource(svc.database.db, actor.publisherId))) {
      throw jsonError(404, actor.locale === "en" ? "no feed address is set" : "nessun indirizzo del feed impostato", "url");
    }
    return null;
  },
  present: presentSource,
});
