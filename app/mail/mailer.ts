/**
 * What features send mail through: the content (app/mail/frame.tsx renders its HTML) and the sender. The host
 * makes the senders (server/mailer.ts: SMTP, the development outbox, the durable queue of docs/decisions/059).
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  kind: "smtp" | "outbox";
  /** `replyTo`: where the recipient's answer goes (a lead's seeker). */
  /** `headers`: extra one-line headers (an alert's List-Unsubscribe, RFC 8058). */
  /** `envelopeFrom`: the SMTP envelope sender (Return-Path), a signed per-mail bounce address (decision 131). */
  send(
    to: string,
    content: MailContent,
    options?: { replyTo?: string; headers?: Record<string, string>; envelopeFrom?: string },
  ): Promise<void>;
  close(): void;
}
