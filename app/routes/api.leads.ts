/**
 * Leads (seed 001 §7): POST /portal-srp/api/v1/mycasa/searchSpecific (about one listing, to its
 * advertiser), /searchGeneric (the same request to the advertisers of similar listings nearby) and
 * /searchAgency (to an agency or Agente Pro, from its page). Mapping in docs/decisions/046.
 */
import { z } from "zod";
import { jsonError } from "../api/errors.ts";
import { apiRoute, limitClient } from "../api/boundary.server.ts";
import { readJsonBody } from "../api/request.ts";
import { crossSiteRefusal } from "../account/api.server.ts";
import { clientKey, currentUserId, fromOwnSite } from "../contact/client.server.ts";
import { sendLead } from "../contact/leads.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.leads";

const id = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const fields = {
  name: z.string().max(120).optional(),
  email: z.string().max(254).optional(),
  telephone: z.string().max(40).optional(),
  message: z.string().max(4000).optional(),
  /** Why the visitor writes (seed 001 §5): info, virtual-tour, photos, business, auction. */
  context: z.string().max(20).optional(),
  /** The session token (seed 001 §7 sends credentials); read by the accounts work. */
  jwt: z.string().max(4000).optional(),
};
const listingBody = z.strictObject({ listingId: id, ...fields });
const agencyBody = z.strictObject({ publisherId: id, ...fields });

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, async (args) => {
  const { request, context } = args;
  if (!fromOwnSite(request, context)) return crossSiteRefusal();
  const kind = new URL(request.url).pathname.endsWith("/searchAgency")
    ? "agency"
    : new URL(request.url).pathname.endsWith("/searchGeneric")
      ? "generic"
      : "specific";
  const body = kind === "agency" ? await readJsonBody(request, agencyBody) : await readJsonBody(request, listingBody);
  const svc = services(context);
  const outcome = await sendLead(svc.database.db, {
    kind,
    listingId: "listingId" in body ? body.listingId : undefined,
    publisherId: "publisherId" in body ? body.publisherId : undefined,
    context: body.context,
    fields: { name: body.name, email: body.email, telephone: body.telephone, message: body.message },
    userId: currentUserId(request),
    clientKey: clientKey(request),
    limit: (family, key) => limitClient(args, family, key),
    origin: svc.publicOrigin,
  });
  switch (outcome.status) {
    case "invalid": {
      const [field, message] = Object.entries(outcome.errors)[0]!;
      return jsonError(400, message, field);
    }
    case "not-found":
      return jsonError(404, outcome.message, outcome.field);
    case "forbidden":
      return jsonError(403, outcome.message);
    case "sent":
      // Received and stored: the publisher's mail is queued and goes out as soon as the mail server takes it.
      if (outcome.mailsQueued > 0) svc.mailQueue.wake();
      return Response.json({ leadIds: outcome.leadIds, recipients: outcome.recipients, sent: outcome.leadIds.length }, { status: 201 });
  }
});

export const loader = endpoint.loader;
export const action = endpoint.action;
