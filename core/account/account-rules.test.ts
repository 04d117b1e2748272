import { describe, expect, it } from "vitest";
import { cookieDomain } from "./cookie-domain.ts";
import { hasMarketingConsent, shouldDropLocalFlag, shouldShowTermsModal, TERMS_THRESHOLD_SECONDS } from "./consent.ts";
import { chooseLoginFlow, recordLogin, verifyLastSession } from "./last-session.ts";
import { decideSession, RENEW_AFTER_MS } from "./session-check.ts";
import {
  canAttemptLogin,
  contactEmailError,
  displayNameSchema,
  emailSchema,
  fieldErrors,
  isValidPassword,
  phoneSchema,
  registrationSchema,
} from "./validation.ts";
import { accountMessages } from "./messages.ts";

describe("validation messages (seed 001 §5)", () => {
  it.each([
    ["", accountMessages.nameRequired],
    ["   ", accountMessages.nameRequired],
    ["Mario3", accountMessages.nameInvalid],
    ["Mario_Rossi", accountMessages.nameInvalid],
  ])("name %j → %s", (value, message) => {
    const r = displayNameSchema.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(message);
  });
  it.each(["Mario Rossi", "Niccolò Ammaniti", "Zoë Lévêque"])("name %j is valid", (v) =>
    expect(displayNameSchema.safeParse(v).success).toBe(true),
  );

  it.each([
    ["Abcdefg1", true],
    ["abcdefg1", false],
    ["ABCDEFG1", false],
    ["Abcdefgh", false],
    ["Abc1", false],
    ["Abcdefg1!?#", true],
    [`A1${"b".repeat(30)}`, true],
    [`A1${"b".repeat(31)}`, false],
    ["Abcdefg1 ", false],
    ["Abcdèfg1", false],
  ])("password %j valid=%s", (v, ok) => expect(isValidPassword(v)).toBe(ok));

  it("e-mail: empty and malformed share one message, Apple relay has its own, lower-cased", () => {
    expect(emailSchema.safeParse("").error!.issues[0]!.message).toBe("Devi inserire un indirizzo email valido");
    expect(emailSchema.safeParse("mario@").error!.issues[0]!.message).toBe("Devi inserire un indirizzo email valido");
    expect(emailSchema.safeParse("x1@privaterelay.appleid.com").error!.issues[0]!.message).toBe(accountMessages.emailAppleRelay);
    expect(emailSchema.parse(" Mario@Casa.Example ")).toBe("mario@casa.example");
    expect(contactEmailError("Mario", "")).toBe("Inserisci un indirizzo mail valido");
    expect(contactEmailError("", "")).toBe("Devi inserire un indirizzo email valido");
    expect(contactEmailError("Mario", "m@casa.example")).toBeNull();
  });

  it.each([
    ["+393331234567", true],
    ["333 123 4567", true],
    ["(333) 123.4567", true],
    ["333-123-456789", true],
    ["33312", false],
    ["abc1234567", false],
    ["333 123 4567890", false],
    ["+39 333 123 4567", true],
  ])("phone %j valid=%s", (v, ok) => expect(phoneSchema.safeParse(v).success).toBe(ok));

  it("stores a phone number in E.164, as the contact form does (decision 076)", () => {
    expect(phoneSchema.parse("+39 333 123 4567")).toBe("+393331234567");
    expect(phoneSchema.parse("333 123 4567")).toBe("+393331234567");
  });

  it("registration reports every field's message", () => {
    const r = registrationSchema.safeParse({ displayName: "", email: "x", password: "short", consent: false });
    expect(fieldErrors(r.error!)).toEqual({
      displayName: accountMessages.nameRequired,
      email: accountMessages.emailInvalid,
      password: accountMessages.passwordInvalid,
      consent: accountMessages.consentRequired,
    });
  });
  it("login is attempted only with both fields", () => {
    expect(canAttemptLogin("a@b.it", "")).toBe(false);
    expect(canAttemptLogin(" ", "x")).toBe(false);
    expect(canAttemptLogin("a@b.it", "x")).toBe(true);
  });
});

describe("session check (§4)", () => {
  const now = Date.UTC(2026, 10, 23);
  const base = { rememberMe: "id.secret", rememberIssuedAt: now - 1000, sessionTokenValid: true, now };
  it.each([
    [{ rememberMe: undefined }, "anonymous"],
    [{ rememberMe: "undefined" }, "clear"],
    [{ rememberIssuedAt: null }, "clear"],
    [{ sessionTokenValid: false }, "renew"],
    [{ rememberIssuedAt: now - RENEW_AFTER_MS - 1 }, "renew"],
    [{ rememberIssuedAt: now - RENEW_AFTER_MS }, "use-session"],
    [{ consentRefresh: true }, "renew"],
    [{ termsAccepted: true }, "renew"],
    [{}, "use-session"],
  ])("%j → %s", (over, action) => expect(decideSession({ ...base, ...over }).action).toBe(action));
});

describe("cookie domain (§9)", () => {
  it.each([
    ["www.casa.example", "casa.example"],
    ["casa.example:3000", "casa.example"],
    ["a.b.dev.casa.example", "dev.casa.example"],
    ["localhost:3000", undefined],
    ["127.0.0.1:3000", undefined],
    ["[::1]:3000", undefined],
    ["portal", undefined],
  ])("%s → %s", (host, domain) => expect(cookieDomain(host)).toBe(domain));
});

describe("terms modal and consents (§4, §5)", () => {
  const base = {
    isAuthenticated: true,
    lastPrivacyAcceptanceDt: TERMS_THRESHOLD_SECONDS - 1,
    localAcceptanceFlag: null,
    trustedIdentity: false,
  };
  it("shows only when every condition holds", () => {
    expect(shouldShowTermsModal(base)).toBe(true);
    expect(shouldShowTermsModal({ ...base, isAuthenticated: false })).toBe(false);
    expect(shouldShowTermsModal({ ...base, lastPrivacyAcceptanceDt: TERMS_THRESHOLD_SECONDS })).toBe(false);
    expect(shouldShowTermsModal({ ...base, lastPrivacyAcceptanceDt: null })).toBe(false);
    expect(shouldShowTermsModal({ ...base, localAcceptanceFlag: 1 })).toBe(false);
    expect(shouldShowTermsModal({ ...base, trustedIdentity: true })).toBe(false);
    expect(shouldDropLocalFlag(100, 101)).toBe(true);
    expect(shouldDropLocalFlag(100, 100)).toBe(false);
  });
  it("marketing counts as given if any known consent is true", () => {
    expect(hasMarketingConsent({ privacy: true })).toBe(false);
    expect(hasMarketingConsent({ privacy: true, profiling: true })).toBe(true);
  });
});

describe("last session (§4)", () => {
  it("is verified with a verified password or the email medium", () => {
    expect(
      verifyLastSession({ email: "a@b.it", medium: ["google"], lastLoginMedium: "google", hasVerifiedPassword: false }).verified,
    ).toBeUndefined();
    expect(
      verifyLastSession({ email: "a@b.it", medium: ["google", "email"], lastLoginMedium: "google", hasVerifiedPassword: false }).verified,
    ).toBe(true);
    expect(
      verifyLastSession({ email: "nope", medium: ["email"], lastLoginMedium: "email", hasVerifiedPassword: true }).verified,
    ).toBeUndefined();
    const after = recordLogin(recordLogin(null, "a@b.it", "otp", false), "a@b.it", "email", true);
    expect(after).toMatchObject({ medium: ["otp", "email"], lastLoginMedium: "email", hasVerifiedPassword: true, verified: true });
  });
  it("chooses the flow by context", () => {
    expect(chooseLoginFlow({ origin: "email-verification", lastSession: null })).toBe("mycasaFakeVerify");
    expect(chooseLoginFlow({ mustRegister: true, lastSession: null })).toBe("registerToSave");
    expect(chooseLoginFlow({ reason: "SaveFavourite", lastSession: null })).toBe("loginToSave");
    expect(
      chooseLoginFlow({ lastSession: { email: "a@b.it", medium: ["email"], lastLoginMedium: "email", hasVerifiedPassword: true } }),
    ).toBe("lastLogin");
    expect(chooseLoginFlow({ reason: "AddFavouriteSearch", lastSession: null })).toBe("default");
  });
});
