/**
 * Revealing a phone number (seed 001 §4 "Contact and phone", §7 phonecall): the only way a number
 * leaves the server. Each reveal is rate-limited per client and per target (server/rate-limit.ts
 * families phone and phoneTarget) and recorded; the answer carries a QR code (SVG, drawn here) that
 * dials the number. A private seller's number is shown only on one of their online listings
 * (docs/decisions/077): publisher ids are sequential, and a private seller has no public page.
 */
import type { Kysely } from "kysely";
import QRCode from "qrcode";
import type { DeviceCode } from "../../core/device.ts";
import { canContactOnListing } from "../../core/publisher/page.ts";
import { insertPhoneCall } from "../../db/leads.ts";
import { findListingContact, findPublisher } from "../../db/publishers.ts";
import type { Database } from "../../db/schema.ts";
import type { ContactLimit } from "./leads.server.ts";

export type PhoneOutcome =
  | { status: "ok"; phone: string; tel: string; qrSvg: string; callId: number; publisherName: string }
  | { status: "not-found"; message: string; field: string }
  | { status: "bad-input"; message: string; field: string }
  | { status: "forbidden"; message: string };

export const privateNumberNeedsListing = "Il numero di un privato si mostra solo dal suo annuncio";

/** "02 1234 5678" → "tel:0212345678". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M", width: 160 });
}

export async function revealPhone(
  db: Kysely<Database>,
  req: { publisherId: number; listingId: number | null; device: DeviceCode; userId: string | null; clientKey: string; limit: ContactLimit },
): Promise<PhoneOutcome> {
  await req.limit("phone");
  const publisher = await findPublisher(db, req.publisherId);
  if (!publisher) return { status: "not-found", message: "Inserzionista non trovato", field: "publisherId" };
  if (publisher.kind === "private" && req.listingId === null)
    return { status: "bad-input", message: privateNumberNeedsListing, field: "listingId" };
  if (req.listingId !== null) {
    const listing = await findListingContact(db, req.listingId);
    if (!listing || (listing.publisherId !== publisher.id && listing.agentId !== publisher.id)) {
      return { status: "not-found", message: "Annuncio non trovato", field: "listingId" };
    }
    if (!canContactOnListing(listing, listing))
      return { status: "forbidden", message: "L'inserzionista non accetta contatti per questa asta" };
  }
  // An agent is called on the agency's line when the agent has none of its own.
  const phone = publisher.phone ?? (publisher.parentId ? ((await findPublisher(db, publisher.parentId))?.phone ?? null) : null);
  if (!phone || !publisher.showPhoneNumber) return { status: "forbidden", message: "Il numero di telefono non è disponibile" };
  // Capped per target as leads are: one listing's number, or a publisher page's, shown so often and no more.
  await req.limit("phoneTarget", req.listingId !== null ? `l${req.listingId}` : `p${publisher.id}`);
  const callId = await insertPhoneCall(db, {
    publisherId: publisher.id,
    listingId: req.listingId,
    userId: req.userId,
    device: req.device,
    clientKey: req.clientKey,
  });
  const tel = telHref(phone);
  return { status: "ok", phone, tel, qrSvg: await qrSvg(tel), callId, publisherName: publisher.name };
}
