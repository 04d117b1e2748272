/**
 * The mail a publisher receives for a lead (issue 12 §4): who wrote (name, e-mail, phone), the
 * message, the listing's title and link on PUBLIC_URL. The recipient answers with Reply-To, which is
 * the seeker's (validated) address. The HTML is rendered by React, so every field is escaped; the
 * subject is one line whatever a field holds (no CR/LF can reach a header).
 */
import { MailFrame, mailHtml } from "../mail/frame.tsx";
import type { MailContent } from "../mail/mailer.ts";

export interface LeadMailInput {
  publisherName: string;
  seeker: { name: string; email: string; phone: string | null; message: string };
  /** The listing the lead is about; null for a lead to an agency or Agente Pro from its page. */
  listing: { id: number; title: string } | null;
  /** PUBLIC_URL (the origin of every link in a mail). */
  origin: string;
}

/** One header line: control characters (CR, LF, tabs…) become spaces, and the length is capped. */
export function headerText(value: string, max = 180): string {
  // Control characters (CR/LF among them) never reach a mail header.
  const line = value
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function listingLink(origin: string, listingId: number): string {
  return `${origin}/annunci/${listingId}/`;
}

export function leadMail(input: LeadMailInput): MailContent {
  const { seeker, listing } = input;
  const link = listing ? listingLink(input.origin, listing.id) : null;
  const subject = headerText(listing ? `Nuova richiesta per «${listing.title}»` : `Nuova richiesta di contatto da ${seeker.name}`);
  const phone = seeker.phone ?? "non indicato";
  const about = listing ? `ha scritto a proposito dell'annuncio «${listing.title}»` : "ha scritto alla tua agenzia";
  const text = [
    `Buongiorno ${input.publisherName},`,
    "",
    `${seeker.name} ${about}${link ? `:\n${link}` : "."}`,
    "",
    "Messaggio:",
    seeker.message,
    "",
    `Nome: ${seeker.name}`,
    `Email: ${seeker.email}`,
    `Telefono: ${phone}`,
    "",
    `Rispondi a questa email per scrivere direttamente a ${seeker.name}.`,
    "",
  ].join("\n");
  const html = mailHtml(
    <MailFrame title={subject} footer="Hai ricevuto questa email perché un utente di casa.it ti ha contattato tramite il portale.">
      <p>Buongiorno {input.publisherName},</p>
      <p>
        <strong>{seeker.name}</strong> {about}
        {listing && link ? (
          <>
            : <a href={link}>{listing.title}</a>
          </>
        ) : (
          "."
        )}
      </p>
      <blockquote style={{ whiteSpace: "pre-wrap", borderLeft: "3px solid #0b6e4f", margin: 0, padding: "4px 12px" }}>
        {seeker.message}
      </blockquote>
      <table>
        <tbody>
          <tr>
            <th scope="row" align="left">
              Nome
            </th>
            <td>{seeker.name}</td>
          </tr>
          <tr>
            <th scope="row" align="left">
              Email
            </th>
            <td>
              <a href={`mailto:${seeker.email}`}>{seeker.email}</a>
            </td>
          </tr>
          <tr>
            <th scope="row" align="left">
              Telefono
            </th>
            <td>{phone}</td>
          </tr>
        </tbody>
      </table>
      <p>Rispondi a questa email per scrivere direttamente a {seeker.name}.</p>
    </MailFrame>,
  );
  return { subject, text, html };
}
