/**
 * 'Prova di nuovo il mio indirizzo' on /mycasa/ricerche/ (docs/decisions/118): when alert mail to the user's
 * address is stopped after refusals, the user may ask for one test mail to it, through the durable queue. If the
 * server takes it, the mail queue forgets the refusals (server/mail-queue.ts) and alert mail resumes; if it is
 * refused again, nothing changes. One waiting test mail at a time, so the button cannot flood the address.
 */
import type { Kysely } from "kysely";
import { mailStop, mailWaiting } from "../../db/mail-queue.ts";
import type { Database } from "../../db/schema.ts";
import { mailCheckMail } from "../account/account-mails.tsx";
import type { Mailer } from "../mail/mailer.ts";

export type MailCheck = "queued" | "waiting" | "not-stopped";

export async function requestMailCheck(
  db: Kysely<Database>,
  mailer: Mailer,
  user: { email: string; displayName: string },
): Promise<MailCheck> {
  if (!(await mailStop(db, user.email))) return "not-stopped";
  const mail = mailCheckMail(user.displayName);
  if (await mailWaiting(db, user.email, mail.subject)) return "waiting";
  await mailer.send(user.email, mail);
  return "queued";
}
