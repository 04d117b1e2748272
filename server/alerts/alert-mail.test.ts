import { describe, expect, it } from "vitest";
import { alertMail } from "./alert-mail.tsx";

const LINKS = {
  deactivate: "https://casa.example/deactivation-alerts/?t=a.b",
  manage: "https://casa.example/deactivation-alerts/manage-consents/?t=a.b",
  remove: "https://casa.example/remove-mail-and-consents/?t=a.b",
};

const listing = {
  id: 900000007,
  title: "Bilocale <script>alert(1)</script> & giardino",
  price: 250_000,
  shownPrice: 250_000,
  priceMax: null,
  originalPrice: null,
  isPrivateNegotiation: false,
  lat: 45.46,
  lon: 9.19,
  geoVisibility: 1,
  streetNumber: "3",
  photoCount: 1,
  place: "Milano",
  surface: 60,
  rooms: 2,
};

describe("the alert mail as sent", () => {
  it("keeps hostile text as text: escaped HTML, a one-line subject", () => {
    const mail = alertMail({
      locale: "it",
      searchTitle: "Ricerca\r\nBcc: evil@example.it <img src=x>",
      reason: { kind: "new" },
      listing,
      listingUrl: "https://casa.example/annunci/900000007/",
      resultsUrl: "https://casa.example/vendita/case/milano/",
      origin: "https://casa.example",
      links: LINKS,
    });
    expect(mail.subject).toBe("Nuovo annuncio per «Ricerca Bcc: evil@example.it <img src=x>»");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x>");
    expect(mail.html).toContain("Bilocale &lt;script&gt;alert(1)&lt;/script&gt; &amp; giardino");
    expect(mail.html).toContain('<html lang="it">');
    expect(mail.text).toContain("Bilocale <script>alert(1)</script> & giardino");
    expect(mail.text).toContain("Vedi l'annuncio: https://casa.example/annunci/900000007/");
    // The links without login, in the text and the HTML.
    expect(mail.text).toContain("Disattiva questo avviso: https://casa.example/deactivation-alerts/?t=a.b");
    expect(mail.text).toContain("Gestisci i tuoi avvisi: https://casa.example/deactivation-alerts/manage-consents/?t=a.b");
    expect(mail.html).toContain(
      '<a href="https://casa.example/remove-mail-and-consents/?t=a.b">Non ricevere più email e revoca i consensi</a>',
    );
  });

  it("is in English for an English reader", () => {
    const mail = alertMail({
      locale: "en",
      searchTitle: "Milan",
      reason: { kind: "new" },
      listing,
      listingUrl: "https://casa.example/en/annunci/900000007/",
      resultsUrl: "https://casa.example/en/vendita/case/milano/",
      origin: "https://casa.example",
      links: LINKS,
    });
    expect(mail.subject).toBe("New listing for “Milan”");
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain("See all the search's results: https://casa.example/en/vendita/case/milano/");
  });
});
