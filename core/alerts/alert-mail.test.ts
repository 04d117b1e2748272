import { describe, expect, it } from "vitest";
import { formatEuro } from "../format.ts";
import { alertMailContent, alertOccasion, type AlertMailInput } from "./alert-mail.ts";

const LINKS = {
  deactivate: "https://casa.example/deactivation-alerts/?t=a.b",
  manage: "https://casa.example/deactivation-alerts/manage-consents/?t=a.b",
  remove: "https://casa.example/remove-mail-and-consents/?t=a.b",
};

const input: AlertMailInput = {
  locale: "it",
  searchTitle: "Milano centro",
  reason: { kind: "new" },
  listing: {
    id: 900000001,
    title: "Trilocale in Via Roma 5, Milano",
    price: 350_000,
    shownPrice: 350_000,
    priceMax: null,
    originalPrice: null,
    isPrivateNegotiation: false,
    lat: 45.46,
    lon: 9.19,
    geoVisibility: 1,
    streetNumber: "5",
    photoCount: 3,
    place: "Milano, Brera",
    surface: 85,
    rooms: 3,
  },
  listingUrl: "https://casa.example/annunci/900000001/",
  resultsUrl: "https://casa.example/vendita/case/milano/",
  origin: "https://casa.example",
  links: LINKS,
};

describe("the alert mail's content", () => {
  it("names the search, the listing's price, place, facts, photo and links, in Italian", () => {
    const c = alertMailContent(input);
    expect(c.subject).toBe("Nuovo annuncio per «Milano centro»");
    expect(c.heading).toBe("C'è un nuovo annuncio per la tua ricerca «Milano centro».");
    expect(c.card).toEqual({
      title: "Trilocale in Via Roma 5, Milano",
      price: formatEuro(350_000),
      oldPrice: null,
      place: "Milano, Brera",
      facts: "85 m² · 3 locali",
      photoUrl: "https://casa.example/media/listing/900000001/0.svg",
    });
    expect(c.resultsUrl).toBe(input.resultsUrl);
  });

  it("says the old and new price of a drop, in English too", () => {
    const c = alertMailContent({ ...input, locale: "en", reason: { kind: "price_drop", oldPrice: 400_000, newPrice: 350_000 } });
    expect(c.subject).toBe("Price reduced for “Milano centro”");
    expect(c.heading).toContain(`went down from ${formatEuro(400_000)} to ${formatEuro(350_000)}`);
    expect(c.card.oldPrice).toBe(formatEuro(400_000));
    expect(c.card.facts).toBe("85 m² · 3 rooms");
  });

  it("never shows a private negotiation's price, nor a hidden street number", () => {
    const c = alertMailContent({ ...input, listing: { ...input.listing, isPrivateNegotiation: true, shownPrice: null, geoVisibility: 3 } });
    expect(c.card.price).toBe("Trattativa riservata");
    expect(JSON.stringify(c)).not.toContain("350");
    expect(c.card.title).toBe("Trilocale in Via Roma, Milano");
  });
});

describe("what an event alerts about", () => {
  it("is the listing for a new one, the new price for a drop; nothing for a home back on the market or a private price", () => {
    const open = { shownPrice: 90 };
    expect(alertOccasion({ kind: "new", newPrice: 1 }, open)).toBe("listed");
    expect(alertOccasion({ kind: "price_drop", newPrice: 90 }, open)).toBe("price:90");
    expect(alertOccasion({ kind: "back", newPrice: 90 }, open)).toBeNull();
    expect(alertOccasion({ kind: "price_drop", newPrice: 90 }, { shownPrice: null })).toBeNull();
  });
});
