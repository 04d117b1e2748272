import { describe, expect, it } from "vitest";
import { CONSENT_MAX_AGE_S, choiceFor, consentCookieMaxAge, formatConsent, parseConsent, safeReturnPath } from "./cookie-consent.ts";

const now = Date.UTC(2026, 10, 26, 11);
const at = now / 1000;

describe("the cookie consent value (docs/decisions/089)", () => {
  it("reads back what it wrote", () => {
    for (const action of ["accetta", "rifiuta"] as const) {
      const choice = choiceFor(action, {}, now);
      expect(parseConsent(formatConsent(choice), now)).toEqual(choice);
    }
    const custom = choiceFor("personalizza", { statistiche: true }, now);
    expect(custom).toEqual({ statistiche: true, profilazione: false, at });
    expect(formatConsent(custom)).toBe(`1.10.${at}`);
  });

  it("accept gives every purpose, reject and the X none", () => {
    expect(choiceFor("accetta", {}, now)).toMatchObject({ statistiche: true, profilazione: true });
    expect(choiceFor("rifiuta", { statistiche: true }, now)).toMatchObject({ statistiche: false, profilazione: false });
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["forged purpose", `1.21.${at}`],
    ["unknown version", `2.11.${at}`],
    ["extra text", `1.11.${at};x`],
    ["JSON", '{"statistiche":true}'],
    ["dated in the future", `1.11.${at + 3600}`],
    ["six months old", `1.11.${at - CONSENT_MAX_AGE_S}`],
  ])("treats a %s value as no choice", (_, raw) => {
    expect(parseConsent(raw, now)).toBeNull();
  });

  it("keeps a choice just under six months, and its cookie only for what is left of them", () => {
    const old = { statistiche: false, profilazione: false, at: at - CONSENT_MAX_AGE_S + 60 };
    expect(parseConsent(formatConsent(old), now)).toEqual(old);
    expect(consentCookieMaxAge(old, now)).toBe(60);
    expect(consentCookieMaxAge(choiceFor("rifiuta", {}, now), now)).toBe(CONSENT_MAX_AGE_S);
  });

  it("goes back only to a path of this site", () => {
    expect(safeReturnPath("/vendita/case/milano/?prezzoMassimo=1", "/")).toBe("/vendita/case/milano/?prezzoMassimo=1");
    for (const bad of ["//evil.example/", "https://evil.example/", "/\\evil.example", "/a\nb", 42, undefined])
      expect(safeReturnPath(bad, "/en/")).toBe("/en/");
  });
});
