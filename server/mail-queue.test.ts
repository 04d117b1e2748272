import { describe, expect, it } from "vitest";
import { isPermanentRefusal } from "./mail-queue.ts";

const smtpError = (props: Record<string, unknown>) => Object.assign(new Error("refused"), props);

describe("isPermanentRefusal", () => {
  it.each([
    [{ code: "EENVELOPE", responseCode: 550, command: "RCPT TO" }, true],
    [{ code: "EMESSAGE", responseCode: 554, command: "DATA" }, true],
    [{ code: "EENVELOPE", responseCode: 553 }, true],
    [{ responseCode: 552, command: "DATA" }, true],
    // Try later, or the server away: retried, never counted against the address.
    [{ code: "EENVELOPE", responseCode: 450, command: "RCPT TO" }, false],
    [{ code: "EMESSAGE", responseCode: 421, command: "DATA" }, false],
    [{ code: "ECONNECTION" }, false],
    [{ code: "ESOCKET", responseCode: undefined }, false],
    // A 5xx to the login or the sender is the portal's problem, not the recipient's.
    [{ code: "EAUTH", responseCode: 535, command: "AUTH PLAIN" }, false],
    [{ responseCode: 550, command: "MAIL FROM" }, false],
  ])("%o → %s", (props, permanent) => {
    expect(isPermanentRefusal(smtpError(props))).toBe(permanent);
  });
  it("is false for what is not an error object", () => {
    expect(isPermanentRefusal("550")).toBe(false);
    expect(isPermanentRefusal(null)).toBe(false);
  });
});
