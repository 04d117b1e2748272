import { describe, expect, it } from "vitest";
import { readAnswer, readBudget, readContract, readFeatures, readHomeType, readRooms } from "./chat.ts";

describe("the chat's free-text answers", () => {
  it("reads the contract and the home type", () => {
    expect(readContract("Vorrei comprare")).toBe("vendita");
    expect(readContract("in affitto")).toBe("affitto");
    expect(readContract("I want to rent")).toBe("affitto");
    expect(readContract("boh")).toBeNull();
    expect(readHomeType("un attico")).toEqual({ tipologia: "attico-mansarda" });
    expect(readHomeType("Villetta a schiera")).toEqual({ tipologia: "villetta-a-schiera" });
    expect(readHomeType("una villa")).toEqual({ tipologia: "villa" });
    expect(readHomeType("qualsiasi")).toEqual({ tipologia: undefined });
    expect(readHomeType("castello")).toBeNull();
    expect(readAnswer("parametri", "cerco un appartamento in affitto")).toEqual({ contratto: "affitto", tipologia: "appartamento" });
  });

  it("reads budgets: maximum, minimum, ranges, thousands and millions", () => {
    expect(readBudget("fino a 250 mila euro")).toEqual({ prezzoMin: undefined, prezzoMax: 250_000 });
    expect(readBudget("250k")).toEqual({ prezzoMin: undefined, prezzoMax: 250_000 });
    expect(readBudget("massimo 1.200 €")).toEqual({ prezzoMin: undefined, prezzoMax: 1_200 });
    expect(readBudget("almeno 100000")).toEqual({ prezzoMin: 100_000, prezzoMax: undefined });
    expect(readBudget("tra 800 e 1.200 € al mese")).toEqual({ prezzoMin: 800, prezzoMax: 1_200 });
    expect(readBudget("da 150 a 300 mila")).toEqual({ prezzoMin: 150_000, prezzoMax: 300_000 });
    expect(readBudget("1,2 milioni")).toEqual({ prezzoMin: undefined, prezzoMax: 1_200_000 });
    expect(readBudget("indifferente")).toEqual({ prezzoMin: undefined, prezzoMax: undefined });
    expect(readBudget("tanti soldi")).toBeNull();
    expect(readBudget("5000 milioni")).toBeNull();
  });

  it("reads rooms and bathrooms", () => {
    expect(readRooms("un bilocale")).toEqual({ locali: 2 });
    expect(readRooms("Trilocali")).toEqual({ locali: 3 });
    expect(readRooms("almeno 3 locali e 2 bagni")).toEqual({ locali: 3, bagni: 2 });
    expect(readRooms("tre stanze, due bagni")).toEqual({ locali: 3, bagni: 2 });
    expect(readRooms("7 locali")).toEqual({ locali: 5 });
    expect(readRooms("4 bagni")).toEqual({ bagni: 3 });
    expect(readRooms("4")).toEqual({ locali: 4 });
    expect(readRooms("indifferente")).toEqual({ locali: undefined, bagni: undefined });
    expect(readRooms("grande")).toBeNull();
  });

  it("reads features", () => {
    expect(readFeatures("ascensore e balcone")).toEqual({ filtri: ["lift", "balcony"] });
    expect(readFeatures("con piscina e aria condizionata")).toEqual({ filtri: ["air_conditioned", "has_swimming_pool"] });
    expect(readFeatures("nessuna")).toEqual({ filtri: [] });
    expect(readFeatures("giardino")).toBeNull();
    expect(readAnswer("dove", "Milano")).toBeNull();
  });
});
