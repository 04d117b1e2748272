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
import { BadInputError } from "../../../core/errors.ts";
import { deactivateAlertByLink, removeMailAndConsentsByLink, setAlertsByLink } from "../../../db/alert-links.ts";
import { alertLinkView, readAlertLinkView } from "../../alerts/alert-links.server.ts";
import { alertLinkInvalid, alertLinkToken, signedAlertLink } from "../../alerts/policies.server.ts";
import { endpoint } from "../endpoint.server.ts";

const bodySchema = z.object({
  token: alertLinkToken,
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

/** Which of the three links the path is. */
function linkAction(request: Request): "deactivate" | "manage" | "remove" {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  return path.endsWith("/deactivation-alerts") ? "deactivate" : path.endsWith("/manage-consents") ? "manage" : "remove";
}

const api = endpoint("POST", {
  authorise: signedAlertLink,
  validate: (input) => input.jsonOf(bodySchema),
  command: async ({ input, actor: link, svc, request }) => {
    const locale = input.locale ?? "it";
    const now = new Date();
    switch (linkAction(request)) {
      case "deactivate": {
        const outcome = await deactivateAlertByLink(svc.database.db, link.claims, now);
        const view = await alertLinkView(svc, link, locale);
        return { result: { outcome, title: view.search?.title ?? null, channel: link.claims.c } };
      }
      case "manage": {
        const changed = input.alerts ? await setAlertsByLink(svc.database.db, link.claims.u, input.alerts, now) : 0;
        const after = changed > 0 ? await readAlertLinkView(svc, link.token, locale) : await alertLinkView(svc, link, locale);
        if (after.state === "invalid") throw new BadInputError(alertLinkInvalid, "token");
        return { result: { email: after.email, searches: after.searches, changed } };
      }
      case "remove":
        return { result: { outcome: await removeMailAndConsentsByLink(svc.database.db, link.claims, now) } };
    }
  },
  present: (answer) => Response.json(answer),
});

export const loader = api.loader;
export const action = api.action;
