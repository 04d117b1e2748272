/**
 * GET /portal-srp/api/v1/mycasa/export — "Scarica i miei dati" (GDPR access): everything the portal
 * keeps about the logged-in user as one JSON download: the account (no password hash or tokens),
 * consents, social logins, favourites, hidden ads, addresses, commute points, search history.
 */
import { mycasaMessages } from "../../core/mycasa/records.ts";
import { exportUserData } from "../../db/mycasa.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { jsonError } from "../api/errors.ts";
import { requestInfo, services } from "../services.ts";
import type { Route } from "./+types/api.mycasa-export";

const endpoint = apiRoute<Route.LoaderArgs>({ method: "GET", limit: "mycasa" }, async ({ context }) => {
  const svc = services(context);
  const user = await svc.accounts.sessions.currentUser(requestInfo(context).session);
  if (!user) return jsonError(401, mycasaMessages.loginRequired);
  const data = { exportedAt: new Date().toISOString(), ...(await exportUserData(svc.database.db, user.id)) };
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="casa-i-miei-dati.json"',
      "Cache-Control": "no-store",
    },
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;
