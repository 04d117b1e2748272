/**
 * Sending mail: SMTP through nodemailer when SMTP_URL is set; otherwise into the database outbox that
 * the development page /sviluppo/posta/ lists (so a fresh checkout can register without a mail server).
 */
import nodemailer from "nodemailer";
import type { Kysely } from "kysely";
import { storeOutboxMail } from "../../db/sessions.ts";
import type { Database } from "../../db/schema.ts";
import type { MailContent } from "./mail-templates.tsx";

export interface Mailer {
  kind: "smtp" | "outbox";
  send(to: string, content: MailContent): Promise<void>;
  close(): void;
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(to, content) {
      await transport.sendMail({ from, to, subject: content.subject, text: content.text, html: content.html });
    },
    close: () => transport.close(),
  };
}

export function outboxMailer(db: Kysely<Database>): Mailer {
  return {
    kind: "outbox",
    send: (to, content) => storeOutboxMail(db, { recipient: to, subject: content.subject, textBody: content.text, htmlBody: content.html }),
    close() {},
  };
}
