import { describe, expect, it } from "vitest";
import { APPROXIMATE_RADIUS_M } from "./location.ts";
import { publicListing } from "./public.ts";

const base = {
  id: 7,
  price: 250_000,
  priceMax: 300_000,
  originalPrice: 270_000,
  isPrivateNegotiation: false,
  lat: 45.4642,
  lon: 9.19,
  geoVisibility: 1,
  title: "Bilocale in vendita in Via Roma 12, Milano",
  street: "Via Roma",
  streetNumber: "12",
  publisherKind: "agency",
  publisherPhone: "02123456",
};

describe("publicListing", () => {
  it("leaves an exact, priced agency listing as it is", () => {
    const shown = publicListing(base);
    expect(shown).toMatchObject({ ...base, showPhoneNumber: true, location: { exact: true, lat: 45.4642, lon: 9.19 } });
  });

  it("hides every price of a private negotiation", () => {
    const shown = publicListing({ ...base, isPrivateNegotiation: true });
    expect(shown).toMatchObject({ price: null, priceMax: null, originalPrice: null });
    // Rows without the optional fields (map pins) do not grow them.
    const pin = publicListing({ id: 1, price: 9, isPrivateNegotiation: true, lat: 45, lon: 9, geoVisibility: 1 });
    expect(pin).toEqual({
      id: 1,
      price: null,
      isPrivateNegotiation: true,
      lat: 45,
      lon: 9,
      geoVisibility: 1,
      location: { exact: true, lat: 45, lon: 9 },
      showPhoneNumber: false,
    });
  });

  it("shows an approximate listing at its public point without the street number", () => {
    const shown = publicListing({ ...base, lat: 45.46457, lon: 9.15399, geoVisibility: 2 });
    expect(shown).toMatchObject({
      lat: 45.464,
      lon: 9.154,
      streetNumber: "",
      title: "Bilocale in vendita in Via Roma, Milano",
      location: { exact: false, lat: 45.464, lon: 9.154, radius: APPROXIMATE_RADIUS_M },
    });
  });

  it("never gives a private seller's phone", () => {
    const shown = publicListing({ ...base, publisherKind: "private", publisherPhone: "3331234567" });
    expect(shown.publisherPhone).toBeNull();
    expect(shown.showPhoneNumber).toBe(false);
    expect(JSON.stringify(shown)).not.toContain("3331234567");
  });
});
