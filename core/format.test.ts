import { describe, expect, it } from "vitest";
import { formatDate, formatEuro, formatInteger, formatListingCount } from "./format.ts";

describe("it-IT formatting", () => {
  it("groups thousands with dots, also for four digits", () => {
    expect(formatEuro(1_250_000)).toBe("1.250.000\u00a0€"); // a no-break space keeps the sign with the number;
    expect(formatEuro(1_250)).toBe("1.250\u00a0€");
    expect(formatInteger(7896)).toBe("7.896");
  });
  it("uses singular and plural", () => {
    expect(formatListingCount(1)).toBe("1 annuncio");
    expect(formatListingCount(1234)).toBe("1.234 annunci");
  });
});

describe("English formatting (decision 081)", () => {
  it("writes the euro sign first and groups thousands with commas", () => {
    expect(formatEuro(1_250_000, "en")).toBe("€1,250,000");
    expect(formatEuro(1_250, "en")).toBe("€1,250");
    expect(formatInteger(7896, "en")).toBe("7,896");
  });
  it("writes dates with English month names, in Rome's calendar", () => {
    expect(formatDate(new Date("2026-11-25T23:30:00Z"), "en")).toBe("26 November 2026");
    expect(formatDate(new Date("2026-11-25T23:30:00Z"))).toBe("26 novembre 2026");
  });
});
