/**
 * Search history of a logged-in user (seed 001 §3 recent-search entry, §7; docs/api.md): recorded by
 * the results pages when a logged-in user runs a search, newest first, at most MAX_HISTORY.
 * - POST mycasa/history/searches `{ user? }` → `{ statusCode: 200, data: [{ id, uri, localities, filters, searchedAt }] }`
 * - POST mycasa/history/searches/delete `{ ids }` or `{ all: true }` → `{ statusCode: 200, data: { removed } }`
 */
import { z } from "zod";
import { BadInputError, NotFoundError } from "../../core/errors.ts";
import { mycasaMessages } from "../../core/mycasa/records.ts";
import { deleteHistory, listHistory } from "../../db/mycasa.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { jsonError } from "../api/errors.ts";
import { mycasaAction, mycasaBody, mycasaPath } from "../mycasa/api.server.ts";
import type { Route } from "./+types/api.mycasa-history";

const deleteSchema = mycasaBody({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100).optional(),
  all: z.literal(true).optional(),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "mycasa" }, async (args) => {
  switch (mycasaPath(args.request)) {
    case "history/searches":
      return mycasaAction(args, mycasaBody({}), async ({ user, svc }) => ({
        statusCode: 200,
        data: (await listHistory(svc.database.db, user.id)).map((h) => ({ ...h, searchedAt: h.searchedAt.toISOString() })),
      }));
    case "history/searches/delete":
      return mycasaAction(args, deleteSchema, async ({ body, user, svc }) => {
        if (!body.all && !body.ids) throw new BadInputError(mycasaMessages.invalidField("ids"), "ids");
        const removed = await deleteHistory(svc.database.db, user.id, body.all ? "all" : body.ids!);
        if (!body.all && removed === 0) throw new NotFoundError(mycasaMessages.historyNotFound, "ids");
        return { statusCode: 200, data: { removed } };
      });
    default:
      return jsonError(404, mycasaMessages.invalidBody);
  }
});

export const loader = endpoint.loader;
export const action = endpoint.action;
