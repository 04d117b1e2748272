import { describe, expect, it } from "vitest";
import { listingInput, listingInputProblems } from "./listing-input.ts";
import { formFieldOf, listingInputFromForm, type ListingFormValues, readFormNumber } from "./private-seller.ts";
import { becomeSellerForm, formErrorsOf } from "./private-seller-forms.ts";

const form: ListingFormValues = {
  channel: "vendita",
  propertyType: "appartamento",
  town: "Milano",
  street: "Via Dante",
  streetNumber: "12",
  surface: "85 m²",
  rooms: "3",
  baths: "1",
  floor: "2",
  price: "320.000 €",
  energyClass: "C",
  energyIndex: "95,5",
  description: "Trilocale luminoso a due passi dal Duomo, cucina abitabile e cantina.",
};

describe("readFormNumber", () => {
  it.each([
    ["320.000", "integer", 320000],
    ["1.250.000 €", "integer", 1250000],
    ["85 m²", "integer", 85],
    ["85mq", "integer", 85],
    ["-1", "integer", -1],
    ["95,5", "decimal", 95.5],
    ["95.5", "decimal", 95.5],
    ["", "integer", undefined],
    ["   ", "decimal", undefined],
    ["tanti", "integer", "tanti"],
    ["3,5", "integer", "3,5"],
  ] as const)("%j as %s → %j", (typed, kind, expected) => {
    expect(readFormNumber(typed, kind)).toEqual(expected);
  });
});

describe("listingInputFromForm", () => {
  it("makes the listing input the publishing schema accepts, with a title of type, contract and town", () => {
    const input = listingInputFromForm(form, { id: "IT-MI-015146", name: "Milano" });
    const parsed = listingInput.safeParse(input);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(input).toMatchObject({
      price: 320000,
      surface: 85,
      energyIndex: 95.5,
      title: "Trilocale in vendita a Milano",
      address: { townId: "IT-MI-015146", street: "Via Dante", streetNumber: "12" },
    });
  });

  it("leaves empty fields out and passes text that is no number to the schema, which refuses it on the field", () => {
    const input = listingInputFromForm({ ...form, energyClass: "", price: "tanti" }, null);
    expect(input).not.toHaveProperty("energyClass");
    expect((input.address as Record<string, unknown>).townId).toBe("Milano");
    const parsed = listingInput.safeParse(input);
    expect(formErrorsOf(listingInputProblems(parsed.error!), "it")).toEqual({ price: "Valore non valido" });
  });

  it("names the energy class and index the law requires, in Italian and English", () => {
    const parsed = listingInput.safeParse(listingInputFromForm({ ...form, energyClass: "", energyIndex: "" }, null));
    const problems = listingInputProblems(parsed.error!);
    expect(formErrorsOf(problems, "it")).toEqual({
      energyClass: "La classe energetica è obbligatoria in ogni annuncio (D.Lgs. 192/2005)",
      energyIndex: "L'indice di prestazione energetica (kWh/m² anno) è obbligatorio in ogni annuncio",
    });
    expect(formErrorsOf(problems, "en").energyClass).toBe("The energy class is required in every listing (Italian law, D.Lgs. 192/2005)");
  });
});

describe("formFieldOf", () => {
  it.each([
    ["address.townId", "town"],
    ["address.street", "street"],
    ["address.lat", "street"],
    ["address.streetNumber", "streetNumber"],
    ["price", "price"],
    ["title", "propertyType"],
    ["agentId", "form"],
  ])("%s → %s", (path, field) => expect(formFieldOf(path)).toBe(field));
});

describe("becomeSellerForm", () => {
  it("reads an Italian phone as E.164, none as null, and refuses a name too short or a phone that is none", () => {
    expect(becomeSellerForm.parse({ intent: "become-seller", name: " Mario Rossi ", phone: "333 123 4567" })).toEqual({
      intent: "become-seller",
      name: "Mario Rossi",
      phone: "+393331234567",
    });
    expect(becomeSellerForm.parse({ intent: "become-seller", name: "Mario", phone: "" }).phone).toBeNull();
    const bad = becomeSellerForm.safeParse({ intent: "become-seller", name: "M", phone: "chiamami" });
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual(["name", "phone"]);
  });
});
