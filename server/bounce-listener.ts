/**
 * Bounces that come back later (docs/decisions/131). When BOUNCE_SMTP_PORT is set, every queued mail leaves with
 * its own envelope sender (Return-Path), `bounce-<mail id>-<signature>@BOUNCE_DOMAIN`: a report that the mail
 * failed (RFC 3464 DSN, multipart/report; report-type=delivery-status) comes back to that address, and this small
 * inbound SMTP server (smtp-server) takes it. The address names the mail and proves it came from a mail the portal
 * sent: any other recipient is refused at RCPT, so nobody can stop another person's alerts by mailing made-up
 * bounces. The report is parsed with mailparser and core/mail/dsn.ts; a permanent failure (failed, 5.x.x) counts
 * against the mail's recipient like a 5xx at RCPT (decision 118), once per mail. Delays and other mail are accepted
 * and dropped (a bounce is never bounced). A database failure answers 451: the sending server tries again.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { failureReason, isPermanentFailure, parseDeliveryStatus } from "../core/mail/dsn.ts";
import { recordLateBounce } from "../db/mail-queue.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "./logger.ts";

/** A bounce report is small; a mail with the original attached stays well below this. */
const MAX_REPORT_BYTES = 1024 * 1024;
const SIGNATURE_HEX = 20;

/** The signed per-mail envelope senders (VERP): made for each mail sent, checked for each bounce received. */
export class BounceAddresses {
  readonly #key: Buffer;
  readonly domain: string;

  constructor(key: Buffer, domain: string) {
    this.#key = key;
    this.domain = domain.toLowerCase();
  }

  #sign(mailId: number): string {
    return createHmac("sha256", this.#key).update(`bounce:${mailId}`).digest("hex").slice(0, SIGNATURE_HEX);
  }

  /** The envelope sender of mail `mailId` (hex only: some servers change the case of local parts). */
  for(mailId: number): string {
    return `bounce-${mailId}-${this.#sign(mailId)}@${this.domain}`;
  }

  /** The mail a bounce address names, or null when it is not one the portal made. */
  mailOf(address: string): number | null {
    const m = /^bounce-(\d{1,15})-([0-9a-f]+)@(.+)$/i.exec(address.trim());
    if (!m || m[3]!.toLowerCase() !== this.domain) return null;
    const id = Number(m[1]);
    const given = Buffer.from(m[2]!.toLowerCase());
    const expected = Buffer.from(this.#sign(id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }
}

/** The domain bounces go to by default: MAIL_FROM's ("casa.it <noreply@casa.example>" → casa.example). */
export function mailFromDomain(mailFrom: string): string {
  return /@([^\s<>@]+?)>?\s*$/.exec(mailFrom)?.[1]?.toLowerCase() ?? "casa.example";
}

export interface BounceListenerOptions {
  db: Kysely<Database>;
  logger: Logger;
  addresses: BounceAddresses;
  port: number;
  host: string;
  /** MAIL_BOUNCE_LIMIT: refusals after which alert mail to an address stops (decision 118). */
  bounceLimit: number;
  /** The certificate and key (PEM) STARTTLS presents; without them no STARTTLS is offered. */
  tls?: { cert: Buffer; key: Buffer };
}

export interface BounceListener {
  port: number;
  /** Reports that counted a failure (logs, tests). */
  counted: number;
  close(): Promise<void>;
}

/** Reads at most MAX_REPORT_BYTES of a message; null when it was larger (the rest is drained). */
async function readCapped(stream: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size <= MAX_REPORT_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_REPORT_BYTES ? null : Buffer.concat(chunks);
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export async function startBounceListener(o: BounceListenerOptions): Promise<BounceListener> {
  const state = { counted: 0 };
  const server = new SMTPServer({
    name: o.addresses.domain,
    banner: "casa.it bounce reports",
    authOptional: true,
    // Sending servers upgrade to TLS when offered (STARTTLS); nobody logs in to a bounce address.
    ...(o.tls ? { disabledCommands: ["AUTH"], cert: o.tls.cert, key: o.tls.key } : { disabledCommands: ["AUTH", "STARTTLS"] }),
    logger: false,
    size: MAX_REPORT_BYTES,
    maxClients: 20,
    socketTimeout: 60_000,
    onRcptTo(address, session, callback) {
      if (o.addresses.mailOf(address.address) === null) return callback(smtpError(550, "5.1.1 No such bounce address"));
      if (session.envelope.rcptTo.length >= 10) return callback(smtpError(452, "4.5.3 Too many recipients"));
      return callback();
    },
    onData(stream, session, callback) {
      void (async () => {
        const raw = await readCapped(stream);
        if (raw === null) return callback(smtpError(552, "5.3.4 Message too big for a bounce report"));
        // keepDeliveryStatus: the report part as an attachment (by default mailparser folds it into the text).
        const parsed = await simpleParser(raw, { keepDeliveryStatus: true });
        const reports = parsed.attachments.filter((a) => /^message\/(global-)?delivery-status$/i.test(a.contentType));
        const failures = reports.flatMap((a) => parseDeliveryStatus(a.content.toString("utf8"))).filter(isPermanentFailure);
        const mailIds = session.envelope.rcptTo.map((r) => o.addresses.mailOf(r.address)).filter((id) => id !== null);
        if (failures.length === 0) {
          o.logger.info({ mailIds, reports: reports.length }, "mail: bounce address got no permanent failure; dropped");
          return callback();
        }
        const reason = failureReason(failures[0]!);
        for (const mailId of new Set(mailIds)) {
          const counted = await recordLateBounce(o.db, mailId, reason, o.bounceLimit);
          if (!counted) {
            o.logger.info({ mailId }, "mail: bounce report for a mail already counted or never sent; dropped");
            continue;
          }
          state.counted++;
          o.logger.warn({ mailId, refusals: counted.failures, reason }, "mail: bounce report counted as a refusal");
          if (counted.stoppedNow)
            o.logger.warn({ mailId, refusals: counted.failures, reason }, "mail: address stopped for alerts after repeated refusals");
        }
        return callback();
      })().catch((error: unknown) => {
        o.logger.error({ err: error }, "mail: bounce report not recorded; the sender will retry");
        callback(smtpError(451, "4.3.0 Try again later"));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (error) => o.logger.error({ err: error }, "mail: bounce listener error"));
  return {
    port: (server.server.address() as AddressInfo).port,
    get counted() {
      return state.counted;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
