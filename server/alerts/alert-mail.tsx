/**
 * The alert mail (issue 23): core/alerts/alert-mail.ts decides what it says; this renders it
 * as HTML through React (every text escaped, so a hostile search title or listing text stays text) and
 * as plain text. The subject is one header line whatever the title holds (headerText).
 */
import { headerText } from "../../app/contact/lead-mail.tsx";
import { alertListContent, type AlertListInput } from "../../core/alerts/alert-mail.ts";
import { MailFrame, mailHtml } from "../../app/mail/frame.tsx";
import type { MailContent } from "../../app/mail/mailer.ts";

/**
 * An alert mail ('Subito', decision 142, or the daily digest): the listings as cards, how many more, the results link,
 * the links without login.
 */
export function alertListMail(input: AlertListInput): MailContent {
  const c = alertListContent(input);
  const subject = headerText(c.subject);
  const text = [
    c.heading,
    "",
    ...c.cards.flatMap((card) => [card.title, card.note ?? card.price, card.place, card.facts, `${c.listingLink}: ${card.url}`, ""]),
    ...(c.more ? [c.more] : []),
    `${c.resultsLink}: ${c.resultsUrl}`,
    "",
    c.footer,
    ...c.manageLinks.map((l) => `${l.label}: ${l.url}`),
    "",
  ].join("\n");
  const html = mailHtml(
    <MailFrame title={subject} lang={input.locale} footer={c.footer}>
      <p>{c.heading}</p>
      {c.cards.map((card) => (
        // A listing both new and cheaper since the last mail has two cards: its drop's note tells them apart.
        <table
          key={`${card.url} ${card.note ?? ""}`}
          role="presentation"
          style={{ border: "1px solid #d5dde2", borderRadius: 8, width: "100%", marginBottom: 8 }}
        >
          <tbody>
            <tr>
              {card.photoUrl && (
                <td style={{ width: 120, verticalAlign: "top" }}>
                  <a href={card.url}>
                    <img src={card.photoUrl} alt={card.title} width={120} style={{ display: "block", borderRadius: 6 }} />
                  </a>
                </td>
              )}
              <td style={{ verticalAlign: "top", padding: 8 }}>
                <p style={{ margin: 0, fontSize: 16, fontWeight: 700 }}>
                  {card.price} {card.oldPrice && <s style={{ fontSize: 13, fontWeight: 400, color: "#5b6770" }}>{card.oldPrice}</s>}
                </p>
                <p style={{ margin: "4px 0" }}>
                  <a href={card.url}>{card.title}</a>
                </p>
                <p style={{ margin: "4px 0", color: "#5b6770" }}>{card.place}</p>
                <p style={{ margin: "4px 0", color: "#5b6770" }}>{card.facts}</p>
                {card.note && <p style={{ margin: "4px 0" }}>{card.note}</p>}
              </td>
            </tr>
          </tbody>
        </table>
      ))}
      {c.more && <p>{c.more}</p>}
      <p>
        <a href={c.resultsUrl}>{c.resultsLink}</a>
      </p>
      <ManageLinks links={c.manageLinks} />
    </MailFrame>,
  );
  return { subject, text, html };
}

/** The links that work without login (turn off, manage, remove), in small print under every alert mail. */
function ManageLinks({ links }: { links: ReadonlyArray<{ url: string; label: string }> }) {
  return (
    <p style={{ fontSize: 13, color: "#5b6770" }}>
      {links.map((l, i) => (
        <span key={l.url + l.label}>
          {i > 0 && " · "}
          <a href={l.url}>{l.label}</a>
        </span>
      ))}
    </p>
  );
}
