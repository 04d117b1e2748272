/**
 * Sending a lead, as the API and the no-JavaScript form both do it: rate limit (server/rate-limit.ts
 * families lead and leadTarget), validate (the shared zod module of core/contact), check the
 * recipient, then store the lead and queue its mail to the publisher in one transaction. The mail is
 * sent by the mail queue (server/mail-queue.ts), never inline: a mail server that is down delays the
 * mail, not the answer (docs/decisions/046, 059).
 */
import type { Kysely } from "kysely";
import { defaultMessage, defaultMessageContext, messageContexts, type MessageContext } from "../../core/contact/default-message.ts";
import { validateContact, type ContactField } from "../../core/contact/form.ts";
import { canContactOnListing } from "../../core/publisher/page.ts";
import { insertLeadsWithMail, type LeadKind, type NewLead } from "../../db/leads.ts";
import { findListingDetail, findSimilarListings } from "../../db/listings.ts";
import { findListingContact, findPublisher, findPublisherEmails } from "../../db/publishers.ts";
import type { Database } from "../../db/schema.ts";
import { leadMail } from "./lead-mail.tsx";

/** Counts one request against a family of server/rate-limit.ts (per client, or per `key`); throws TooManyRequestsError when over. */
export type ContactLimit = (family: "lead" | "leadTarget" | "phone" | "phoneTarget", key?: string) => Promise<void>;

export interface LeadRequest {
  kind: LeadKind;
  /** specific and generic leads: the listing written about. */
  listingId?: number;
  /** agency leads: the agency or Agente Pro written to. */
  publisherId?: number;
  context?: string;
  fields: { name?: string; email?: string; telephone?: string; message?: string };
  userId: string | null;
  clientKey: string;
  limit: ContactLimit;
  /** PUBLIC_URL: the origin of the listing link in the publisher's mail. */
  origin: string;
}

export type LeadOutcome =
  | { status: "sent"; leadIds: number[]; recipients: Array<{ publisherId: number; name: string }>; mailsQueued: number }
  | { status: "invalid"; errors: Partial<Record<ContactField, string>> }
  | { status: "not-found"; message: string; field: string }
  | { status: "forbidden"; message: string };

function contextOf(value: string | undefined, fallback: MessageContext): MessageContext {
  return (messageContexts as readonly string[]).includes(value ?? "") ? (value as MessageContext) : fallback;
}

/** Sends one lead (to one publisher, or for a generic lead to the publishers of similar listings). Throws TooManyRequestsError. */
export async function sendLead(db: Kysely<Database>, req: LeadRequest): Promise<LeadOutcome> {
  await req.limit("lead");
  await req.limit("leadTarget", req.kind === "agency" ? `p${req.publisherId}` : `l${req.listingId}`);

  let recipients: Array<{ publisherId: number; agentId: number | null; name: string; listingId: number | null; title: string | null }>;
  let context: MessageContext;
  let listingForMessage: Parameters<typeof defaultMessage>[1] = null;
  if (req.kind === "agency") {
    const publisher = req.publisherId ? await findPublisher(db, req.publisherId) : null;
    if (!publisher || (publisher.kind !== "agency" && !(publisher.kind === "agent" && publisher.isAgentPro))) {
      return { status: "not-found", message: "Agenzia non trovata", field: "publisherId" };
    }
    context = "publisher";
    // An Agente Pro's lead reaches the agent and, through the agency, its office.
    recipients = [
      {
        publisherId: publisher.parentId ?? publisher.id,
        agentId: publisher.parentId ? publisher.id : null,
        name: publisher.name,
        listingId: null,
        title: null,
      },
    ];
  } else {
    const listing = req.listingId ? await findListingContact(db, req.listingId) : null;
    if (!listing) return { status: "not-found", message: "Annuncio non trovato", field: "listingId" };
    if (!canContactOnListing(listing, listing))
      return { status: "forbidden", message: "L'inserzionista non accetta contatti per questa asta" };
    listingForMessage = listing;
    context = contextOf(req.context, defaultMessageContext(listing));
    if (req.kind === "specific") {
      recipients = [
        {
          publisherId: listing.publisherId,
          agentId: listing.agentId,
          name: listing.agentName ?? listing.publisherName,
          listingId: listing.id,
          title: listing.title,
        },
      ];
    } else {
      // Generic after specific: the same request to the advertisers of similar listings nearby.
      const detail = await findListingDetail(db, listing.id);
      const similar = detail ? await findSimilarListings(db, detail) : [];
      const seen = new Set<number>([listing.publisherId]);
      recipients = [];
      for (const s of similar) {
        if (seen.has(s.publisherId) || recipients.length >= 3) continue;
        seen.add(s.publisherId);
        recipients.push({ publisherId: s.publisherId, agentId: s.agentId, name: s.publisherName, listingId: s.id, title: s.title });
      }
    }
  }

  const fields = { ...req.fields, message: req.fields.message?.trim() ? req.fields.message : defaultMessage(context, listingForMessage) };
  const checked = validateContact(fields);
  if (!checked.ok) return { status: "invalid", errors: checked.errors };
  const v = checked.value;
  const rows: NewLead[] = recipients.map((r) => ({
    kind: req.kind,
    publisherId: r.publisherId,
    agentId: r.agentId,
    listingId: r.listingId,
    userId: req.userId,
    name: v.name,
    email: v.email,
    phone: v.telephone || null,
    message: v.message,
    context,
    clientKey: req.clientKey,
  }));
  // The mail goes to the agent the lead names when the agent has an address, else to the publisher.
  const emails = await findPublisherEmails(
    db,
    recipients.flatMap((r) => (r.agentId ? [r.agentId, r.publisherId] : [r.publisherId])),
  );
  const mails = recipients.map((r) => {
    const to = (r.agentId ? emails.get(r.agentId) : null) ?? emails.get(r.publisherId) ?? null;
    if (!to) return null;
    const content = leadMail({
      publisherName: r.name,
      seeker: { name: v.name, email: v.email, phone: v.telephone || null, message: v.message },
      listing: r.listingId !== null && r.title !== null ? { id: r.listingId, title: r.title } : null,
      origin: req.origin,
    });
    return { kind: "lead", recipient: to, replyTo: v.email, subject: content.subject, textBody: content.text, htmlBody: content.html };
  });
  const { leadIds, mailIds } = await insertLeadsWithMail(db, rows, mails);
  return {
    status: "sent",
    leadIds,
    recipients: recipients.map((r) => ({ publisherId: r.publisherId, name: r.name })),
    mailsQueued: mailIds.length,
  };
}
