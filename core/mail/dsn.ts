/**
 * Reading a bounce report (RFC 3464 delivery status notification, docs/decisions/131). A DSN is a
 * multipart/report; report-type=delivery-status mail whose `message/delivery-status` part holds one block of
 * per-message fields, then one block per recipient (Final-Recipient, Action, Status, Diagnostic-Code), blocks
 * separated by blank lines, fields folded like mail headers. Pure: the part's text in, what each recipient's
 * delivery became out. A permanent failure is `Action: failed` with a 5.x.x status (RFC 3463): what a 5xx reply
 * at RCPT or DATA says synchronously (decision 118). Delays (4.x.x, `delayed`) and successes are not failures.
 */

export interface RecipientStatus {
  /** The address the report is about (Final-Recipient, else Original-Recipient), lower case, or null. */
  recipient: string | null;
  action: string;
  status: string;
  /** Diagnostic-Code: the remote server's answer, when the report gives it. */
  diagnostic: string | null;
}

/** Largest delivery-status text read: a report is a few hundred bytes per recipient. */
const MAX_REPORT_CHARS = 64 * 1024;
const MAX_RECIPIENTS = 100;

/** Field blocks of a delivery-status body: unfolded, names lower case. */
function blocks(text: string): Array<Map<string, string>> {
  const out: Array<Map<string, string>> = [];
  for (const raw of text
    .slice(0, MAX_REPORT_CHARS)
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)) {
    const fields = new Map<string, string>();
    const unfolded = raw.replace(/\n[ \t]+/g, " ");
    for (const line of unfolded.split("\n")) {
      const m = /^([A-Za-z0-9-]{1,64})[ \t]*:[ \t]*(.*)$/.exec(line);
      if (m && !fields.has(m[1]!.toLowerCase())) fields.set(m[1]!.toLowerCase(), m[2]!.trim());
    }
    if (fields.size > 0) out.push(fields);
  }
  return out;
}

/** "rfc822; Someone@Example.org" → "someone@example.org"; another address type or no address → null. */
function address(field: string | undefined): string | null {
  if (!field) return null;
  const m = /^\s*rfc822\s*;\s*<?([^\s<>;]+@[^\s<>;]+?)>?\s*$/i.exec(field);
  return m ? m[1]!.toLowerCase() : null;
}

/** Each recipient block of a delivery-status part (the per-message block, which has no Action, is skipped). */
export function parseDeliveryStatus(text: string): RecipientStatus[] {
  return blocks(text)
    .filter((f) => f.has("action") && f.has("status"))
    .slice(0, MAX_RECIPIENTS)
    .map((f) => ({
      recipient: address(f.get("final-recipient")) ?? address(f.get("original-recipient")),
      action: f.get("action")!.toLowerCase(),
      status: /^\s*(\d\.\d{1,3}\.\d{1,3})/.exec(f.get("status")!)?.[1] ?? f.get("status")!,
      diagnostic: f.get("diagnostic-code")?.slice(0, 500) ?? null,
    }));
}

/** Whether a recipient's delivery failed for good: `failed` with a 5.x.x status. */
export function isPermanentFailure(r: RecipientStatus): boolean {
  return r.action === "failed" && /^5\.\d{1,3}\.\d{1,3}$/.test(r.status);
}

/** The reason kept for a permanent failure: the server's answer when given, else the status. */
export function failureReason(r: RecipientStatus): string {
  return `bounce report ${r.status}${r.diagnostic ? `: ${r.diagnostic}` : ""}`;
}
