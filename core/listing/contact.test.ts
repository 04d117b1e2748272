import { expect, it } from "vitest";
import { contactLabels, contactTarget } from "./contact.ts";

it.each([
  ["agency", null, "Contatta l'agenzia"],
  ["agency", false, "Contatta l'agenzia"],
  ["agency", true, "Contatta l'agente"],
  ["agent", null, "Contatta l'agente"],
  ["private", null, "Contatta l'inserzionista"],
] as const)("a listing of a %s (agent pro %s) says %s", (kind, pro, label) => {
  expect(contactLabels[contactTarget(kind, pro)]).toBe(label);
});
