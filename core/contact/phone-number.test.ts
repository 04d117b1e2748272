import { describe, expect, it } from "vitest";
import { normalisePhone } from "./phone-number.ts";

describe("normalisePhone: the contact form's phone number in E.164 (decision 076)", () => {
  it.each([
    // The common Italian ways of writing a mobile number.
    ["+39 333 123 4567", "+393331234567"],
    ["+39 3331234567", "+393331234567"],
    ["+393331234567", "+393331234567"],
    ["0039 333 123 4567", "+393331234567"],
    ["(+39) 333 123 4567", "+393331234567"],
    ["333 123 4567", "+393331234567"],
    ["333-123-4567", "+393331234567"],
    ["333.123.4567", "+393331234567"],
    ["333/1234567", "+393331234567"],
    ["3331234567", "+393331234567"],
    ["  333 1234567  ", "+393331234567"],
    // Landlines keep their leading 0 after the country code.
    ["02 1234 5678", "+390212345678"],
    ["+39 02 1234 5678", "+390212345678"],
    ["06 123456", "+3906123456"],
    ["0212345678", "+390212345678"],
    // The spec's pattern (seed 001 §5), foreign numbers with their own country code.
    ["(333) 123-4567", "+393331234567"],
    ["333.123.456789", "+39333123456789"],
    ["+441 234 567890", "+441234567890"],
  ])("reads %j as %s", (typed, e164) => {
    expect(normalisePhone(typed)).toBe(e164);
  });

  it.each([
    "",
    "12",
    "12345",
    "333 12",
    "+39 12345",
    "+39 333 123 4567 8901",
    "333 123 4567\r\nBcc: x",
    "333\t123\t4567",
    "333  123 4567",
    "+39 (333) 123 4567 ext 2",
    "++39 333 123 4567",
    "+000 000 000",
    "tel:+393331234567",
  ])("refuses %j", (typed) => {
    expect(normalisePhone(typed)).toBeNull();
  });
});
