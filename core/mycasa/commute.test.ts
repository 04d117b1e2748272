import { describe, expect, it } from "vitest";
import {
  addressKey,
  pointsToPush,
  roundCoordinate,
  sameCommutePoint,
  toClientPoint,
  toStoredPoint,
  type ClientCommutePoint,
} from "./commute.ts";

const client = (over: Partial<ClientCommutePoint["apiData"]> & { id?: string; name?: string } = {}): ClientCommutePoint => ({
  valueId: over.id ?? "dove-vivo",
  valueMin: [over.travel_time ?? 15],
  valueVehicle: [over.travel_mode ?? "bike"],
  valueCity: { name: "Milano", id: "IT-03-015146" },
  valueAddress: { id: "street:x", description: "Via Roma, Milano", structured_formatting: { main_text: "Via Roma" } },
  valueStreetNum: "",
  valueName: over.name ?? "Dove vivo",
  apiData: {
    location: over.location ?? { lat: 45.464203612345, lon: 9.18951234567 },
    travel_mode: over.travel_mode ?? "bike",
    travel_time: over.travel_time ?? 15,
  },
});

describe("commute points", () => {
  it("rounds coordinates to 7 decimals", () => {
    expect(roundCoordinate(45.464203612345)).toBe(45.4642036);
    expect(roundCoordinate(9.18951235)).toBe(9.1895124);
    expect(roundCoordinate(-0.00000001)).toBe(0);
    expect(Object.is(roundCoordinate(-0.00000001), -0)).toBe(false);
  });

  it("keys an address by its rounded coordinates", () => {
    expect(addressKey(45.1, 9.123456789)).toBe("45.1,9.1234568");
    expect(addressKey(45.10000001, 9.12345679)).toBe(addressKey(45.1, 9.1234568));
  });

  it("calls two points the same when lat, lon, mode and time are equal after rounding", () => {
    const a = { lat: 45.46420361, lon: 9.18951234, transport: "bike" as const, time_gap: 15 };
    expect(sameCommutePoint(a, { ...a, lat: 45.464203612 })).toBe(true);
    expect(sameCommutePoint(a, { ...a, lat: 45.4642037 })).toBe(false);
    expect(sameCommutePoint(a, { ...a, transport: "car" })).toBe(false);
    expect(sameCommutePoint(a, { ...a, time_gap: 20 })).toBe(false);
  });

  it("stores the §3 format: labels h/w/name, types, 'snc' and rounded coordinates", () => {
    const now = new Date("2026-11-23T10:00:00Z");
    expect(toStoredPoint(client(), now)).toEqual({
      id: "dove-vivo",
      label: "h",
      time_gap: 15,
      transport: "bike",
      town: "Milano",
      type: "home",
      address: "Via Roma",
      number: "snc",
      updateDt: "2026-11-23T10:00:00.000Z",
      lat: 45.4642036,
      lon: 9.1895123,
    });
    expect(toStoredPoint(client({ id: "dove-lavoro" }), now)).toMatchObject({ label: "w", type: "work" });
    expect(toStoredPoint(client({ id: "custom-1", name: "Palestra" }), now)).toMatchObject({ label: "Palestra", type: "custom" });
    expect(toStoredPoint(client({ id: "custom-2", name: "" }), now)).toMatchObject({ label: "Punto condiviso" });
  });

  it("reads the stored format back into the browser's form", () => {
    const stored = toStoredPoint(client({ id: "custom-1", name: "Palestra", travel_mode: "walk", travel_time: 10 }), new Date(0));
    const back = toClientPoint(stored);
    expect(back).toMatchObject({
      valueId: "custom-1",
      valueName: "Palestra",
      valueMin: [10],
      valueVehicle: ["walk"],
      apiData: { travel_mode: "walk", travel_time: 10 },
    });
    expect(toStoredPoint(back, new Date(0))).toEqual(stored);
  });

  it("pushes only the local points the account lacks, each once", () => {
    const s = (id: string, lat: number, time_gap = 15) => ({ id, lat, lon: 9.19, transport: "car" as const, time_gap });
    const server = [s("dove-vivo", 45.1), s("custom-a", 45.2)];
    const local = [s("custom-x", 45.2), s("dove-vivo", 45.9), s("custom-b", 45.3), s("custom-c", 45.3), s("custom-d", 45.3, 30)];
    expect(pointsToPush(server, local).map((p) => p.id)).toEqual(["custom-b", "custom-d"]);
  });
});
