import { describe, expect, it } from "vitest";
import { formatEuro } from "../../core/format.ts";
import { alertListMail } from "./alert-mail.tsx";

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
    const mail = alertListMail({
      locale: "it",
      frequency: "immediately",
      searchTitle: "Ricerca\r\nBcc: evil@example.it <img src=x>",
      items: [{ reason: { kind: "new" }, listing, listingUrl: "https://casa.example/annunci/900000007/" }],
      max: 10,
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
    const mail = alertListMail({
      locale: "en",
      frequency: "immediately",
      searchTitle: "Milan",
      items: [{ reason: { kind: "new" }, listing, listingUrl: "https://casa.example/en/annunci/900000007/" }],
      max: 10,
      resultsUrl: "https://casa.example/en/vendita/case/milano/",
      origin: "https://casa.example",
      links: LINKS,
    });
    expect(mail.subject).toBe("New listing for “Milan”");
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain("See all the search's results: https://casa.example/en/vendita/case/milano/");
  });

  it("lists every alert of a 'Subito' run as cards: the count in the subject, drops with their prices, past 10 how many more and the results", () => {
    const item = (i: number, drop = false) => ({
      reason: drop ? ({ kind: "price_drop", oldPrice: 300_000, newPrice: 250_000 } as const) : ({ kind: "new" } as const),
      listing: { ...listing, id: 900000100 + i, title: `Casa ${i}` },
      listingUrl: `https://casa.example/annunci/${900000100 + i}/`,
    });
    const input = {
      locale: "it" as const,
      frequency: "immediately" as const,
      searchTitle: "Milano",
      max: 10,
      resultsUrl: "https://casa.example/vendita/case/milano/?criterio=dataModifica",
      origin: "https://casa.example",
      links: LINKS,
    };
    const three = alertListMail({ ...input, items: [item(1), item(2), item(3)] });
    expect(three.subject).toBe("3 nuovi annunci per «Milano»");
    expect(three.text).toContain("Ci sono 3 annunci nuovi per la tua ricerca «Milano».");
    for (const i of [1, 2, 3]) expect(three.text).toContain(`Vedi l'annuncio: https://casa.example/annunci/${900000100 + i}/`);
    expect(three.text).toContain("«Subito»");
    expect(three.text).not.toContain("altri");

    const twelve = alertListMail({ ...input, items: [item(0, true), ...Array.from({ length: 11 }, (_, i) => item(i + 1))] });
    expect(twelve.subject).toBe("12 annunci nuovi o ribassati per «Milano»");
    expect(twelve.text).toContain(`Prezzo sceso da ${formatEuro(300_000)} a ${formatEuro(250_000)}`);
    expect(twelve.text.match(/Vedi l'annuncio: /g)).toHaveLength(10);
    expect(twelve.text).toContain("…e altri 2 annunci.");
    expect(twelve.text).toContain(
      "Vedili tutti nei risultati della ricerca: https://casa.example/vendita/case/milano/?criterio=dataModifica",
    );

    const drop = alertListMail({ ...input, items: [item(0, true)] });
    expect(drop.subject).toBe("Prezzo ribassato per «Milano»");
    expect(alertListMail({ ...input, locale: "en", items: [item(1), item(2)] }).subject).toBe("2 new listings for “Milano”");
  });
});
