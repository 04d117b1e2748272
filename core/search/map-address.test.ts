import { describe, expect, it } from "vitest";
import {
  addRecentAddress,
  addressFromSuggestion,
  addressLabel,
  addressOfFavourite,
  favouriteAddressBody,
  MAX_RECENT_ADDRESSES,
  type MapAddress,
  placesAfterAddressPick,
  readRecentAddresses,
  removeRecentAddress,
  sameAddress,
} from "./map-address.ts";

const viaRoma = {
  id: "street:IT-03-015146:via-roma",
  name: "Via Roma",
  type: "street",
  lat: 45.46421234567,
  lon: 9.19,
  town: { name: "Milano" },
  parent: { name: "Milano" },
};

const at = (name: string, parent: string | null = "Milano"): MapAddress => ({
  name,
  parent,
  lat: 45.46,
  lon: 9.19,
  address: name,
  number: "",
  town: parent ?? "",
  uKey: name,
});

describe("the map's address panel (seed 000 §3, §4 Address panel, §9)", () => {
  it("keeps the typed house number of a street, at the street's centre, in its town", () => {
    const a = addressFromSuggestion(viaRoma, "via roma 12");
    expect(a).toEqual({
      name: "Via Roma 12",
      parent: "Milano",
      lat: 45.4642123,
      lon: 9.19,
      address: "Via Roma",
      number: "12",
      town: "Milano",
      uKey: "street:IT-03-015146:via-roma#12",
    });
    expect(addressLabel(a)).toBe("Via Roma 12, Milano");
    expect(addressFromSuggestion(viaRoma, "via roma").name).toBe("Via Roma");
    expect(addressFromSuggestion(viaRoma, "via roma").uKey).toBe(viaRoma.id);
  });

  it("takes a real house number the suggestion found, not the typed one (decision 111)", () => {
    const house = { ...viaRoma, id: "street:IT-03-015146:via-torino:15", name: "Via Torino 15", lat: 45.463312, lon: 9.18793 };
    expect(addressFromSuggestion(house, "via torino 12")).toMatchObject({
      name: "Via Torino 15",
      address: "Via Torino",
      number: "15",
      lat: 45.463312,
      uKey: "street:IT-03-015146:via-torino:15",
    });
  });

  it("puts a zone in its town and a town in its province, never in itself", () => {
    const zone = { id: "z", name: "Brera", type: "zone", lat: 45.47, lon: 9.18, town: { name: "Milano" }, parent: { name: "Centro" } };
    expect(addressFromSuggestion(zone, "brera").parent).toBe("Milano");
    const milano = { id: "t", name: "Milano", type: "town", lat: 45.46, lon: 9.19, town: { name: "Milano" }, parent: { name: "Milano" } };
    expect(addressFromSuggestion(milano, "milano").parent).toBeNull();
    expect(addressLabel(addressFromSuggestion(milano, "milano"))).toBe("Milano");
    const imola = { id: "i", name: "Imola", type: "town", lat: 44.35, lon: 11.71, town: { name: "Imola" }, parent: { name: "Bologna" } };
    expect(addressFromSuggestion(imola, "imola").parent).toBe("Bologna");
    // A town's number is not a house number.
    expect(addressFromSuggestion(imola, "imola 2").name).toBe("Imola");
  });

  it("keeps recent addresses newest first, unique by name plus parent, at most 50", () => {
    let list: MapAddress[] = [];
    list = addRecentAddress(list, at("Via Roma 12"));
    list = addRecentAddress(list, at("Via Roma 12", "Torino"));
    list = addRecentAddress(list, at("Corso Como"));
    expect(list.map(addressLabel)).toEqual(["Corso Como, Milano", "Via Roma 12, Torino", "Via Roma 12, Milano"]);
    // Picking one again moves it first, whatever the letter case.
    list = addRecentAddress(list, at("via roma  12"));
    expect(list.map(addressLabel)).toEqual(["via roma  12, Milano", "Corso Como, Milano", "Via Roma 12, Torino"]);
    for (let i = 0; i < 60; i++) list = addRecentAddress(list, at(`Via ${i}`));
    expect(list).toHaveLength(MAX_RECENT_ADDRESSES);
    expect(list[0]!.name).toBe("Via 59");
    expect(list.at(-1)!.name).toBe("Via 10");
    expect(sameAddress(at("Via Roma 12"), at("Via Roma 12", "Torino"))).toBe(false);
  });

  it("removes one address ('Elimina', or once saved) and nothing else", () => {
    const list = [at("A"), at("B"), at("B", "Roma")];
    expect(removeRecentAddress(list, at("b")).map(addressLabel)).toEqual(["A, Milano", "B, Roma"]);
  });

  it("reads the stored list defensively", () => {
    expect(readRecentAddresses(null)).toEqual([]);
    expect(readRecentAddresses("not json")).toEqual([]);
    expect(readRecentAddresses('{"a":1}')).toEqual([]);
    const stored = JSON.stringify([
      at("Via Roma 12"),
      { name: "Via Roma 12", parent: "Milano", lat: 45, lon: 9 },
      { name: "", parent: null, lat: 45, lon: 9 },
      { name: "Nowhere", parent: null, lat: 200, lon: 9 },
      { name: "No coordinates", parent: null },
      null,
      { name: "Old entry", parent: null, lat: 41.9, lon: 12.5 },
    ]);
    expect(readRecentAddresses(stored)).toEqual([
      at("Via Roma 12"),
      { name: "Old entry", parent: null, lat: 41.9, lon: 12.5, address: "Old entry", number: "", town: "", uKey: "41.9,12.5" },
    ]);
    const many = JSON.stringify(Array.from({ length: 70 }, (_, i) => at(`Via ${i}`)));
    expect(readRecentAddresses(many)).toHaveLength(MAX_RECENT_ADDRESSES);
  });

  it("saves an address under the chosen name and goes back to it from the favourite", () => {
    const a = addressFromSuggestion(viaRoma, "via roma 12");
    const body = favouriteAddressBody(a, " Casa ");
    expect(body).toEqual({
      address: {
        name: "Casa",
        parent: "Milano",
        lat: 45.4642123,
        lon: 9.19,
        label: "Via Roma 12, Milano",
        address: "Via Roma",
        number: "12",
        town: "Milano",
        uKey: "street:IT-03-015146:via-roma#12",
      },
    });
    expect(addressOfFavourite({ id: 1, ...body.address, number: "12", town: "Milano" })).toEqual(a);
  });
});

describe("placesAfterAddressPick", () => {
  const roma = { id: "IT-12-058091", level: 9, name: "Roma", slug: "roma" };
  const romaChain = [
    { id: "IT-12-058091-z1", level: 10, name: "Centro Storico", slug: "roma-centro-storico" },
    roma,
    { id: "IT-12-RM", level: 6, name: "Roma", slug: "roma-provincia" },
  ];
  it("moves a search on Milano to Roma when the address is in Roma", () => {
    expect(placesAfterAddressPick(["IT-03-015146"], romaChain)).toEqual([roma]);
  });
  it("keeps the places when one of them holds the address (the town, a zone, the province)", () => {
    expect(placesAfterAddressPick(["IT-12-058091"], romaChain)).toBeNull();
    expect(placesAfterAddressPick(["IT-03-015146", "IT-12-RM"], romaChain)).toBeNull();
  });
  it("leaves a search without places alone, and searches the view alone where no town holds the point", () => {
    expect(placesAfterAddressPick([], romaChain)).toBeNull();
    expect(placesAfterAddressPick(["IT-03-015146"], [])).toEqual([]);
  });
});
