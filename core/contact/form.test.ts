import { describe, expect, it } from "vitest";
import { isBlockedEmail, validateContact } from "./form.ts";
import { contactMessages } from "./messages.ts";

const valid = { name: "Maria Rossi", email: "maria.rossi@example.it", telephone: "", message: "Buongiorno" };

describe("contact form validation (seed 001 §5)", () => {
  it("accepts a complete form and trims it", () => {
    expect(validateContact({ ...valid, name: "  Niccolò   D'Angelo " })).toEqual({
      ok: true,
      value: { ...valid, name: "Niccolò D'Angelo" },
    });
  });

  it.each([
    [{ ...valid, name: "" }, "name", contactMessages.nameRequired],
    [{ ...valid, name: "R2D2" }, "name", contactMessages.nameInvalid],
    [{ ...valid, name: "<b>Maria</b>" }, "name", "Il nome inserito non è valido"],
    [{ ...valid, email: "" }, "email", "Inserisci un indirizzo mail valido"],
    [{ ...valid, name: "", email: "" }, "email", "L'indirizzo email è obbligatorio"],
    [{ ...valid, email: "maria@" }, "email", "L'indirizzo email non è valido"],
    [{ ...valid, email: "maria rossi@example.it" }, "email", contactMessages.emailInvalid],
    [
      { ...valid, email: "abc@privaterelay.appleid.com" },
      "email",
      "A quest'email non è possibile ricevere le risposte dell'inserzionista. Usane un'altra.",
    ],
    [{ ...valid, telephone: "12345" }, "telephone", "Il numero di telefono inserito non è valido"],
    [{ ...valid, telephone: "333 123 4567\r\nBcc: x" }, "telephone", contactMessages.phoneInvalid],
    [{ ...valid, message: "   " }, "message", contactMessages.messageRequired],
  ] as const)("%o → %s: %s", (input, field, message) => {
    const result = validateContact(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(message);
  });

  it.each(["333 123 4567", "+393331234567", "(333) 123-4567", "333.123.456789", "0212345678", "+39 333 123 4567"])(
    "accepts the phone %s",
    (telephone) => {
      expect(validateContact({ ...valid, telephone }).ok).toBe(true);
    },
  );

  it.each([
    ["+39 333 123 4567", "+393331234567"],
    ["333 123 4567", "+393331234567"],
    ["0039 02 1234 5678", "+390212345678"],
  ])("stores the phone %s as %s (E.164)", (telephone, stored) => {
    expect(validateContact({ ...valid, telephone })).toEqual({ ok: true, value: { ...valid, telephone: stored } });
  });

  it("blocks Apple relay and throw-away domains, subdomains too, not look-alikes", () => {
    expect(isBlockedEmail("x@privaterelay.appleid.com")).toBe(true);
    expect(isBlockedEmail("x@MAILINATOR.com")).toBe(true);
    expect(isBlockedEmail("x@eu.mailinator.com")).toBe(true);
    expect(isBlockedEmail("x@notmailinator.com")).toBe(false);
  });
});
