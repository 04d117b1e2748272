import { expect, it } from "vitest";
import { contactLabel, contactLabels, contactRecipient, contactTarget, publisherContactTarget } from "./contact.ts";

it.each([
  ["agency", null, "Contatta l'agenzia"],
  ["agency", false, "Contatta l'agenzia"],
  ["agency", true, "Contatta l'agente"],
  ["agent", null, "Contatta l'agente"],
  ["private", null, "Contatta l'inserzionista"],
] as const)("a listing of a %s (agent pro %s) says %s", (kind, pro, label) => {
  expect(contactLabels[contactTarget(kind, pro)]).toBe(label);
});

it("labels a publisher page's contact by the publisher's own kind, in both languages", () => {
  expect(contactLabel(publisherContactTarget({ kind: "agency", isAgentPro: false }), "it")).toBe("Contatta l'agenzia");
  expect(contactLabel(publisherContactTarget({ kind: "agent", isAgentPro: true }), "it")).toBe("Contatta l'agente");
  expect(contactLabel(publisherContactTarget({ kind: "private", isAgentPro: false }), "en")).toBe("Contact the advertiser");
});

it("names a lead's recipient as the agent at the agency, or the advertiser alone", () => {
  expect(contactRecipient("La Chiave Melzo", "Martina Gallo")).toBe("Martina Gallo · La Chiave Melzo");
  expect(contactRecipient("La Chiave Melzo", null)).toBe("La Chiave Melzo");
});
