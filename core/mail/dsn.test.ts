import { describe, expect, it } from "vitest";
import { failureReason, isPermanentFailure, parseDeliveryStatus } from "./dsn.ts";

const report = [
  "Reporting-MTA: dns; mx.esempio.it",
  "Arrival-Date: Thu, 26 Nov 2026 20:00:00 +0100",
  "",
  "Final-Recipient: rfc822; Rimbalzo@Casa.example",
  "Original-Recipient: rfc822;rimbalzo@casa.example",
  "Action: failed",
  "Status: 5.1.1",
  "Diagnostic-Code: smtp; 550 5.1.1 <rimbalzo@casa.example>:",
  "    Recipient address rejected: User unknown",
  "",
  "Final-Recipient: rfc822; lento@casa.example",
  "Action: delayed",
  "Status: 4.4.1 (connection timed out)",
  "",
].join("\r\n");

describe("delivery status reports (RFC 3464)", () => {
  it("reads each recipient block, unfolding fields, and skips the per-message block", () => {
    expect(parseDeliveryStatus(report)).toEqual([
      {
        recipient: "rimbalzo@casa.example",
        action: "failed",
        status: "5.1.1",
        diagnostic: "smtp; 550 5.1.1 <rimbalzo@casa.example>: Recipient address rejected: User unknown",
      },
      { recipient: "lento@casa.example", action: "delayed", status: "4.4.1", diagnostic: null },
    ]);
  });

  it("counts only a failed delivery with a 5.x.x status as permanent", () => {
    const [failed, delayed] = parseDeliveryStatus(report);
    expect(isPermanentFailure(failed!)).toBe(true);
    expect(isPermanentFailure(delayed!)).toBe(false);
    expect(isPermanentFailure({ recipient: null, action: "failed", status: "4.2.2", diagnostic: null })).toBe(false);
    expect(isPermanentFailure({ recipient: null, action: "delivered", status: "2.0.0", diagnostic: null })).toBe(false);
    expect(isPermanentFailure({ recipient: null, action: "failed", status: "garbage", diagnostic: null })).toBe(false);
    expect(failureReason(failed!)).toBe(
      "bounce report 5.1.1: smtp; 550 5.1.1 <rimbalzo@casa.example>: Recipient address rejected: User unknown",
    );
  });

  it("takes the original recipient when the final one is missing, and no address from another address type", () => {
    expect(parseDeliveryStatus("Original-Recipient: rfc822; <A@b.it>\nAction: failed\nStatus: 5.0.0\n")[0]!.recipient).toBe("a@b.it");
    expect(parseDeliveryStatus("Final-Recipient: x400; whatever\nAction: failed\nStatus: 5.0.0\n")[0]!.recipient).toBeNull();
    expect(parseDeliveryStatus("nothing here")).toEqual([]);
  });
});
