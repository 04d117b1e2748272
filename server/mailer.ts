/**
 * Sending mail: SMTP through nodemailer when SMTP_URL is set; otherwise into the database outbox that
 * the development page /sviluppo/posta/ lists (so a fresh checkout can register without a mail server).
 */
import nodemailer from "nodemailer";
import type { Kysely } from "kysely";
import type { Mailer } from "../app/mail/mailer.ts";
import { enqueueMails } from "../db/mail-queue.ts";
import { storeOutboxMail } from "../db/sessions.ts";
import type { Database } from "../db/schema.ts";

/** SMTP when SMTP_URL is set, else the outbox: one rule for the account mails and the mail queue. */
export function createMailer(config: { SMTP_URL?: string | undefined; MAIL_FROM: string }, db: Kysely<Database>): Mailer {
  return config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(db);
}

export function smtpMailer(url: string, from: string): Mailer {
  // Short timeouts: a mail server that hangs fails the attempt (the queue retries) instead of holding a sender for minutes.
  // Pooled: a burst of alerts reuses its connections instead of a TCP and SMTP handshake per mail.
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    maxMessages: 500,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: "smtp",
    async send(to, content, options) {
      await transport.sendMail({
        from,
        to,
        subject: content.subject,
        text: content.text,
        html: content.html,
        ...(options?.replyTo ? { replyTo: options.replyTo } : {}),
        ...(options?.headers ? { headers: options.headers } : {}),
        // Bounces mailed back later go to the mail's own address (decision 131); the From header stays MAIL_FROM.
        ...(options?.envelopeFrom ? { envelope: { from: options.envelopeFrom, to } } : {}),
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Account mail (verification links, one-time codes, resets) through the durable queue that leads use
 * (docs/decisions/059): stored at once, sent by the queue's worker, retried while the mail server is down,
 * so a login code is never lost to an unreachable server. `delivery` is the mailer the worker sends with;
 * `wake` asks this process's worker to send now.
 */
export function queuedMailer(db: Kysely<Database>, delivery: Pick<Mailer, "kind">, wake: () => void): Mailer {
  return {
    kind: delivery.kind,
    async send(to, content, options) {
      await enqueueMails(db, [
        {
          kind: "account",
          recipient: to,
          replyTo: options?.replyTo ?? null,
          subject: content.subject,
          textBody: content.text,
          htmlBody: content.html,
          leadId: null,
        },
      ]);
      wake();
    },
    close() {},
  };
}

export function outboxMailer(db: Kysely<Database>): Mailer {
  return {
    kind: "outbox",
    send: (to, content, options) =>
      storeOutboxMail(db, {
        recipient: to,
        subject: content.subject,
        textBody: content.text,
        htmlBody: content.html,
        replyTo: options?.replyTo ?? null,
      }),
    close() {},
  };
}
