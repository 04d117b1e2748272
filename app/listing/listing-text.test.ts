import { describe, expect, it } from "vitest";
import { englishListingTitle, priceTextIn } from "./listing-text.ts";

const parts = {
  propertyType: "appartamento",
  propertyTypeGroup: "case",
  rooms: 2,
  channel: "vendita",
  isAuction: false,
  address: "Via Roma, Milano",
};

describe("listing titles and prices in the page's language (decision 081)", () => {
  it("builds the English title from the parts of the Italian one", () => {
    expect(englishListingTitle(parts)).toBe("Two-room flat for sale in Via Roma, Milano");
    expect(englishListingTitle({ ...parts, rooms: 1, channel: "affitto" })).toBe("Studio flat for rent in Via Roma, Milano");
    expect(englishListingTitle({ ...parts, rooms: 6, propertyType: "villa", isAuction: true })).toBe(
      "Villa at auction in Via Roma, Milano",
    );
    expect(englishListingTitle({ ...parts, propertyType: "stanza", propertyTypeGroup: "stanze", rooms: 1, channel: "affitto" })).toBe(
      "Room for rent in Via Roma, Milano",
    );
    expect(englishListingTitle({ ...parts, propertyType: "negozio-locale-commerciale", propertyTypeGroup: "commerciale" })).toBe(
      "Shop for sale in Via Roma, Milano",
    );
    expect(englishListingTitle({ ...parts, rooms: 3, channel: "affitto-breve" })).toBe(
      "Three-room flat for holiday rental in Via Roma, Milano",
    );
  });
  it("writes prices and ranges as each locale does", () => {
    expect(priceTextIn(1_250_000, null, "", "it")).toBe("1.250.000\u00a0€");
    expect(priceTextIn(1_250_000, null, "", "en")).toBe("€1,250,000");
    expect(priceTextIn(280_000, 349_000, "", "en")).toBe("€280,000 - €349,000");
    expect(priceTextIn(1_250, null, "/month", "en")).toBe("€1,250/month");
  });
});
