/**
 * Leads (seed 001 §7): POST /portal-srp/api/v1/mycasa/searchSpecific (about one listing, to its
 * advertiser), /searchGeneric (the same request to the advertisers of similar listings nearby) and
 * /searchAgency (to an agency or Agente Pro, from its page). Mapping in docs/decisions/046.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.server.ts";
import { jsonError } from "../errors.ts";
import { anyone } from "../policies.server.ts";
import { clientKey, currentUserId } from "../../contact/client.server.ts";
import { sendLead } from "../../contact/leads.server.ts";
import type { LeadKind } from "../../../db/leads.ts";

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

/** Which lead the path asks for. */
function leadKind(request: Request): LeadKind {
  const path = new URL(request.url).pathname;
  return path.endsWith("/searchAgency") ? "agency" : path.endsWith("/searchGeneric") ? "generic" : "specific";
}

const api = endpoint("POST", {
  // Another site must not make its visitors send leads.
  sameOrigin: "writes",
  // Anyone may write to an advertiser: the command judges the lead, under its limits per client and per listing.
  authorise: anyone,
  validate: async (input) => {
    const kind = leadKind(input.request);
    const body = kind === "agency" ? await input.jsonOf(agencyBody) : await input.jsonOf(listingBody);
    return { kind, body };
  },
  command: async ({ input: { kind, body }, svc, request, limit }) => {
    const outcome = await sendLead(svc.database.db, {
      kind,
      listingId: "listingId" in body ? body.listingId : undefined,
      publisherId: "publisherId" in body ? body.publisherId : undefined,
      context: body.context,
      fields: { name: body.name, email: body.email, telephone: body.telephone, message: body.message },
      userId: currentUserId(request),
      clientKey: clientKey(request),
      limit,
      origin: svc.publicOrigin,
    });
    switch (outcome.status) {
      case "invalid": {
        const [field, message] = Object.entries(outcome.errors)[0]!;
        throw jsonError(400, message, field);
      }
      case "not-found":
        throw jsonError(404, outcome.message, outcome.field);
      case "forbidden":
        throw jsonError(403, outcome.message);
      case "sent":
        // Received and stored: the publisher's mail is queued and goes out as soon as the mail server takes it.
        if (outcome.mailsQueued > 0) svc.mailQueue.wake();
        return outcome;
    }
  },
  present: (sent) => Response.json({ leadIds: sent.leadIds, recipients: sent.recipients, sent: sent.leadIds.length }, { status: 201 }),
});

export const loader = api.loader;
export const action = api.action;
