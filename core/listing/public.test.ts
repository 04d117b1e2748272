import { describe, expect, it } from "vitest";
import { APPROXIMATE_RADIUS_M } from "./location.ts";
import { publicListing } from "./public.ts";

const base = {
  id: 7,
  price: 250_000,
  shownPrice: 250_000,
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
    const { shownPrice: _shown, ...visible } = base;
    expect(shown).toMatchObject({ ...visible, showPhoneNumber: true, location: { exact: true, lat: 45.4642, lon: 9.19 } });
    expect(shown).not.toHaveProperty("shownPrice");
  });

  it("hides every price of a private negotiation: the row's shown price decides", () => {
    // The database's generated shownPrice is NULL for a private negotiation; the raw price never leaves.
    const shown = publicListing({ ...base, isPrivateNegotiation: true, shownPrice: null });
    expect(shown).toMatchObject({ price: null, priceMax: null, originalPrice: null });
    // Rows without the optional fields (map pins) do not grow them.
    const pin = publicListing({ id: 1, price: 9, shownPrice: null, isPrivateNegotiation: true, lat: 45, lon: 9, geoVisibility: 1 });
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
