/**
 * The §7 JSON endpoints of the pages without login (seed 001 §7; docs/decisions/091), POST with the base
 * body (site, domain, locale, apireq, baseUri) and the mail link's `token`:
 * - /portal-srp/api/v1/deactivation-alerts → the link's alert turned off: `{ result: { outcome, title, channel } }`
 *   (outcome deactivated | already | used | missing);
 * - /portal-srp/api/v1/deactivation-alerts/manage-consents → the link user's e-mail and saved searches with
 *   their frequencies; with `alerts: [{ id, channel, frequency }]` those are set first;
 * - /portal-srp/api/v1/remove-mail-and-consents/ → every e-mail alert off and marketing consents withdrawn
 *   (outcome removed | used).
 * A forged, altered or expired token answers 400 and nothing else.
 */
import { z } from "zod";
import { BadInputError } from "../../core/errors.ts";
import { deactivateAlertByLink, removeMailAndConsentsByLink, setAlertsByLink } from "../../db/alert-links.ts";
import { MAX_LINK_TOKEN, readAlertLinkView } from "../alerts/alert-links.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readJsonBody } from "../api/request.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.alert-links";

const INVALID = "Il link non è valido o è scaduto.";

const bodySchema = z.object({
  token: z.string({ error: INVALID }).min(1, INVALID).max(MAX_LINK_TOKEN, INVALID),
  site: z.string().max(100).optional(),
  domain: z.string().max(100).optional(),
  locale: z.enum(["it", "en"]).optional(),
  apireq: z.unknown().optional(),
  baseUri: z.string().max(500).optional(),
  alerts: z
    .array(
      z.object({
        id: z.number().int().positive(),
        channel: z.enum(["mail", "push"]),
        frequency: z.enum(["immediately", "daily", "never"]),
      }),
    )
    .max(400)
    .optional(),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, async (args) => {
  const svc = services(args.context);
  const body = await readJsonBody(args.request, bodySchema);
  const locale = body.locale ?? "it";
  const view = await readAlertLinkView(svc, body.token, locale);
  if (view.state === "invalid") throw new BadInputError(INVALID, "token");
  const { claims } = view;
  const path = new URL(args.request.url).pathname.replace(/\/+$/, "");
  const now = new Date();
  if (path.endsWith("/deactivation-alerts")) {
    const outcome = await deactivateAlertByLink(svc.database.db, claims, now);
    return Response.json({ result: { outcome, title: view.search?.title ?? null, channel: claims.c } });
  }
  if (path.endsWith("/manage-consents")) {
    const changed = body.alerts ? await setAlertsByLink(svc.database.db, claims.u, body.alerts, now) : 0;
    const after = changed > 0 ? await readAlertLinkView(svc, body.token, locale) : view;
    if (after.state === "invalid") throw new BadInputError(INVALID, "token");
    return Response.json({ result: { email: after.email, searches: after.searches, changed } });
  }
  const outcome = await removeMailAndConsentsByLink(svc.database.db, claims, now);
  return Response.json({ result: { outcome } });
});

export const loader = endpoint.loader;
export const action = endpoint.action;
