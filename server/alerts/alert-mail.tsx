/**
 * The immediate alert mail (issue 23): core/alerts/alert-mail.ts decides what it says; this renders it
 * as HTML through React (every text escaped, so a hostile search title or listing text stays text) and
 * as plain text. The subject is one header line whatever the title holds (headerText).
 */
import { headerText } from "../../app/contact/lead-mail.tsx";
import { alertMailContent, type AlertMailInput } from "../../core/alerts/alert-mail.ts";
import { MailFrame, mailHtml } from "../../app/mail/frame.tsx";
import type { MailContent } from "../accounts/mail-templates.tsx";

export function alertMail(input: AlertMailInput): MailContent {
  const c = alertMailContent(input);
  const subject = headerText(c.subject);
  const text = [
    c.heading,
    "",
    c.card.title,
    // A drop's old price is in the heading ("da … a …"); the HTML strikes it through beside the new one.
    c.card.price,
    c.card.place,
    c.card.facts,
    "",
    `${c.listingLink}: ${c.listingUrl}`,
    `${c.resultsLink}: ${c.resultsUrl}`,
    "",
    c.footer,
    "",
  ].join("\n");
  const html = mailHtml(
    <MailFrame title={subject} lang={input.locale} footer={c.footer}>
      <p>{c.heading}</p>
      <table role="presentation" style={{ border: "1px solid #d5dde2", borderRadius: 8, width: "100%" }}>
        <tbody>
          <tr>
            {c.card.photoUrl && (
              <td style={{ width: 160, verticalAlign: "top" }}>
                <a href={c.listingUrl}>
                  <img src={c.card.photoUrl} alt={c.card.title} width={160} style={{ display: "block", borderRadius: 6 }} />
                </a>
              </td>
            )}
            <td style={{ verticalAlign: "top", padding: 8 }}>
              <p style={{ margin: 0, fontSize: 18, fontWeight: 700 }}>
                {c.card.price} {c.card.oldPrice && <s style={{ fontSize: 14, fontWeight: 400, color: "#5b6770" }}>{c.card.oldPrice}</s>}
              </p>
              <p style={{ margin: "4px 0" }}>
                <a href={c.listingUrl}>{c.card.title}</a>
              </p>
              <p style={{ margin: "4px 0", color: "#5b6770" }}>{c.card.place}</p>
              <p style={{ margin: "4px 0", color: "#5b6770" }}>{c.card.facts}</p>
            </td>
          </tr>
        </tbody>
      </table>
      <p>
        <a href={c.listingUrl}>{c.listingLink}</a>
      </p>
      <p>
        <a href={c.resultsUrl}>{c.resultsLink}</a>
      </p>
    </MailFrame>,
  );
  return { subject, text, html };
}
