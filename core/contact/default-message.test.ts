import { expect, it } from "vitest";
import { defaultMessage, defaultMessageContext, thisProperty } from "./default-message.ts";

it.each([
  ["villa", "questa villa"],
  ["appartamento", "questo appartamento"],
  ["casa-indipendente", "questa casa"],
  ["box", "questo box"],
  ["sconosciuto", "questo immobile"],
])("%s is '%s'", (type, words) => {
  expect(thisProperty(type)).toBe(words);
});

it("picks the context from the listing: auction, business, no photos, else interest", () => {
  expect(defaultMessageContext({ propertyType: "villa", photoCount: 5, isAuction: true })).toBe("auction");
  expect(defaultMessageContext({ propertyType: "attivita-licenza-commerciale", photoCount: 5, isAuction: false })).toBe("business");
  expect(defaultMessageContext({ propertyType: "villa", photoCount: 0, isAuction: false })).toBe("photos");
  expect(defaultMessageContext({ propertyType: "villa", photoCount: 3, isAuction: false })).toBe("info");
});

it("writes each context's message about the property", () => {
  const villa = { propertyType: "villa", photoCount: 0, isAuction: false };
  expect(defaultMessage("info", villa)).toBe(
    "Buongiorno, sono interessato a questa villa e vorrei ricevere maggiori informazioni. Grazie.",
  );
  expect(defaultMessage("virtual-tour", villa)).toContain("visita virtuale di questa villa");
  expect(defaultMessage("photos", villa)).toContain("più foto di questa villa");
  expect(defaultMessage("auction", { ...villa, propertyType: "appartamento" })).toContain("prossima asta di questo appartamento");
  expect(defaultMessage("business", { ...villa, propertyType: "negozio-locale-commerciale" })).toContain("questo negozio");
  expect(defaultMessage("publisher", null)).toContain("ricontattato");
});
