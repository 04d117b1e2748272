import { describe, expect, it } from "vitest";
import { formatEuro, formatInteger, formatListingCount } from "./format.ts";

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
