import { describe, expect, it } from "vitest";
import { safeResultsPath } from "./back-link.ts";

describe("safeResultsPath", () => {
  it.each([
    ["/vendita/case/milano/?prezzoMassimo=300000&pag=3", "/vendita/case/milano/?prezzoMassimo=300000&pag=3"],
    ["/en/affitto/case/roma/", "/en/affitto/case/roma/"],
    ["/preferiti/", "/preferiti/"],
    ["/vendita/case/milano/#annuncio-12", "/vendita/case/milano/#annuncio-12"],
  ])("keeps %s", (input, expected) => {
    expect(safeResultsPath(input)).toBe(expected);
  });

  it.each([
    null,
    "",
    "https://evil.example/vendita/",
    "//evil.example/vendita/",
    "/\\evil.example/vendita/",
    "javascript:alert(1)",
    "/annunci/12/",
    "/",
    "/en/",
    "vendita/case/",
    "/vendita/\ncase/",
    "/" + "a".repeat(2001),
  ])("refuses %j", (input) => {
    expect(safeResultsPath(input)).toBeNull();
  });
});
