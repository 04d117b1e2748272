/** A real SMTP server on loopback (smtp-server) that parses what arrives (mailparser), for account tests. */
import { simpleParser } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Reply-To header's address(es), "" when none. */
  replyTo: string;
  /** Every envelope recipient of the SMTP transaction this mail came in. */
  envelope: string[];
  /** The envelope sender (MAIL FROM, the Return-Path), "" for none. */
  envelopeFrom: string;
  /** The Message-ID header, "" when none. */
  messageId: string;
  /** The header lines as received ("List-Unsubscribe: <…>"), unfolded. */
  headerLines: string[];
}

/** `port`: listen on this one (a test that stops the server and starts it again on the same port). */
export async function startMailCatcher(port = 0) {
  const mails: CaughtMail[] = [];
  /** Recipients this server refuses for good (550 at RCPT TO), and each refusal it made. */
  const refuse = new Set<string>();
  const refused: string[] = [];
  /** Recipients whose mail this server takes in and never answers (no 250: for the sender, not delivered), and
   * how many such mails it is holding: a test kills the sender while a mail is surely unsent. */
  const stall = new Set<string>();
  let stalled = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A closing server gives open connections 30 s by default, and the portal's pooled connection stays open:
    // a test that stops the server would wait that long. Gone at once, as when a mail server goes down.
    closeTimeout: 1,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (!refuse.has(to)) return callback();
      refused.push(to);
      const error = new Error("5.1.1 Mailbox unavailable") as Error & { responseCode: number };
      error.responseCode = 550;
      return callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (session.envelope.rcptTo.some((r) => stall.has(r.address.toLowerCase()))) {
            stalled++;
            return;
          }
          for (const rcpt of session.envelope.rcptTo) {
            mails.push({
              to: rcpt.address.toLowerCase(),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              replyTo: parsed.replyTo?.value.map((a) => a.address ?? "").join(", ") ?? "",
              envelope: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              messageId: parsed.messageId ?? "",
              headerLines: parsed.headerLines.map((h) => h.line.replace(/\r?\n[ \t]+/g, " ")),
            });
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // smtp-server re-emits a connection's socket errors on the server: a sender killed mid-connection (the SIGKILL
  // test's portal, whose pooled SMTP connections stay open) resets its socket, and an unheard 'error' would end
  // the test process. A real mail server goes on serving the others; so does this one.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const listening = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    mails,
    refuse,
    refused,
    stall,
    stalled: () => stalled,
    /** The latest mail to `to` whose subject matches, waiting up to 10 s. */
    async next(to: string, subject: RegExp, after = 0): Promise<CaughtMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = mails
          .slice(after)
          .reverse()
          .find((m) => m.to === to.toLowerCase() && subject.test(m.subject));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to} matching ${subject} (got: ${mails.map((m) => `${m.to}: ${m.subject}`).join("; ")})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    count: () => mails.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
