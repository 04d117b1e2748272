/**
 * GET /portal-srp/api/v1/mycasa/export — "Scarica i miei dati" (GDPR access): everything the portal
 * keeps about the logged-in user as one JSON download: the account (no password hash or tokens),
 * consents, social logins, favourites, hidden ads, addresses, commute points, search history.
 */
import { exportUserData } from "../../../db/mycasa.ts";
import { endpoint, noInput } from "../endpoint.server.ts";
import { mycasaUser } from "../../mycasa/policies.server.ts";

const api = endpoint("GET", {
  limit: "mycasa",
  authorise: mycasaUser,
  validate: noInput,
  command: async ({ actor, svc }) => ({ exportedAt: new Date().toISOString(), ...(await exportUserData(svc.database.db, actor.id)) }),
  present: (data) =>
    new Response(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": 'attachment; filename="casa-i-miei-dati.json"',
        "Cache-Control": "no-store",
      },
    }),
});

export const loader = api.loader;
export const action = api.action;
