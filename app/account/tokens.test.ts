import { describe, expect, it } from "vitest";
import {
  codeMatches,
  csrfToken,
  csrfTokenMatches,
  deriveKeys,
  formatRememberValue,
  hashCode,
  newRememberValue,
  parseRememberValue,
  signSessionToken,
  verifySessionToken,
  type SessionClaims,
} from "./tokens.server.ts";

const keys = deriveKeys("a".repeat(40));
const now = Date.UTC(2026, 10, 23, 10);
const claims: SessionClaims = {
  uid: 7,
  name: "Anna",
  email: "a@casa.example",
  phone: null,
  ver: true,
  lt: "email",
  tc: null,
  ti: false,
  iat: now / 1000,
  exp: now / 1000 + 3600,
};

describe("session tokens", () => {
  const token = signSessionToken(claims, keys.session);
  it("verify with the key that signed them, until they expire", () => {
    expect(verifySessionToken(token, keys.session, now)).toEqual(claims);
    expect(verifySessionToken(token, keys.session, now + 3600_000)).toBeNull();
    expect(verifySessionToken(token, deriveKeys("b".repeat(40)).session, now)).toBeNull();
    expect(verifySessionToken(token, keys.csrf, now)).toBeNull(); // a sub-key for another use cannot stand in
  });
  it("refuse any change to the body or the signature, and junk", () => {
    const [body, mac] = token.split(".");
    const other = Buffer.from(JSON.stringify({ ...claims, uid: 8 })).toString("base64url");
    expect(verifySessionToken(`${other}.${mac}`, keys.session, now)).toBeNull();
    expect(verifySessionToken(`${body}.${mac!.slice(0, -2)}AA`, keys.session, now)).toBeNull();
    for (const junk of ["", ".", "abc", `${body}.`, `.${mac}`, "x".repeat(5000), `${Buffer.from("not json").toString("base64url")}.x`]) {
      expect(verifySessionToken(junk, keys.session, now)).toBeNull();
    }
  });
});

describe("remember-me values", () => {
  it("round-trip, and are unreadable once malformed or past 30 days", () => {
    const value = newRememberValue(now);
    expect(parseRememberValue(formatRememberValue(value), now)).toEqual(value);
    expect(parseRememberValue(formatRememberValue(value), now + 30 * 86_400_000)).toBeNull();
    expect(parseRememberValue("undefined", now)).toBeNull();
    expect(parseRememberValue(`${formatRememberValue(value)}x`, now)).toBeNull();
    expect(parseRememberValue(formatRememberValue({ ...value, issuedAt: now / 1000 + 3600 }), now)).toBeNull(); // from the future
  });
});

describe("one-time codes and CSRF tokens", () => {
  it("match only the right code for the right user", () => {
    const stored = hashCode("123456", 7, keys.code);
    expect(codeMatches("123456", 7, stored, keys.code)).toBe(true);
    expect(codeMatches("123457", 7, stored, keys.code)).toBe(false);
    expect(codeMatches("123456", 8, stored, keys.code)).toBe(false);
  });
  it("bind the form token to the browser's cookie", () => {
    expect(csrfTokenMatches(csrfToken("cookie-a", keys.csrf), "cookie-a", keys.csrf)).toBe(true);
    expect(csrfTokenMatches(csrfToken("cookie-a", keys.csrf), "cookie-b", keys.csrf)).toBe(false);
    expect(csrfTokenMatches(null, "cookie-a", keys.csrf)).toBe(false);
    expect(csrfTokenMatches(csrfToken("cookie-a", keys.csrf), undefined, keys.csrf)).toBe(false);
  });
});
