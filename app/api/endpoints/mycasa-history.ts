/**
 * Search history of a logged-in user (seed 001 §3 recent-search entry, §7; docs/api.md): recorded by
 * the results pages when a logged-in user runs a search, newest first, at most MAX_HISTORY.
 * - POST mycasa/history/searches `{ user? }` → `{ statusCode: 200, data: [{ id, uri, localities, filters, searchedAt }] }`
 * - POST mycasa/history/searches/delete `{ ids }` or `{ all: true }` → `{ statusCode: 200, data: { removed } }`
 */
import { z } from "zod";
import { BadInputError, NotFoundError } from "../../../core/errors.ts";
import { mycasaMessages } from "../../../core/mycasa/records.ts";
import { deleteHistory, listHistory } from "../../../db/mycasa.ts";
import { chain, endpointByPath, privateJson } from "../endpoint.server.ts";
import { mycasaBody, readMycasaBody, mycasaPath, unknownRecordCall } from "../../mycasa/api.server.ts";
import { mycasaUserForThemselves } from "../../mycasa/policies.server.ts";

const deleteSchema = mycasaBody({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100).optional(),
  all: z.literal(true).optional(),
});

const endpoint = endpointByPath(
  "POST",
  { limit: "mycasa" },
  mycasaPath,
  {
    "history/searches": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({})),
      command: async ({ actor, svc }) => ({
        statusCode: 200,
        data: (await listHistory(svc.database.db, actor.id)).map((h) => ({ ...h, searchedAt: h.searchedAt.toISOString() })),
      }),
      present: privateJson,
    }),
    "history/searches/delete": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, deleteSchema),
      command: async ({ input, actor, svc }) => {
        if (!input.all && !input.ids) throw new BadInputError(mycasaMessages.invalidField("ids"), "ids");
        const removed = await deleteHistory(svc.database.db, actor.id, input.all ? "all" : input.ids!);
        if (!input.all && removed === 0) throw new NotFoundError(mycasaMessages.historyNotFound, "ids");
        return { statusCode: 200, data: { removed } };
      },
      present: privateJson,
    }),
  },
  unknownRecordCall,
);

export const loader = endpoint.loader;
export const action = endpoint.action;
