import { describe, expect, it } from "vitest";
import { nearestHouseNumber, normalizeHouseNumber } from "./house-number.ts";

const via = (...numbers: string[]) =>
  numbers.map((numberFull, i) => ({ number: Number.parseInt(numberFull, 10), numberFull, lat: 45 + i / 1000, lon: 9 }));

describe("house numbers", () => {
  it("reads typed numbers as the data writes them", () => {
    expect(normalizeHouseNumber("3/b")).toBe("3B");
    expect(normalizeHouseNumber("21")).toBe("21");
    expect(normalizeHouseNumber("bis")).toBeNull();
  });

  it("finds the typed number, else the nearest on the same street", () => {
    // Via Torino in the 2020 data: 1–4 and 15–22, no 12.
    const street = via("1", "2", "3", "4", "15", "16", "17", "18", "21", "21A", "22");
    expect(nearestHouseNumber(street, "21")?.numberFull).toBe("21");
    expect(nearestHouseNumber(street, "21a")?.numberFull).toBe("21A");
    expect(nearestHouseNumber(street, "12")?.numberFull).toBe("15");
    expect(nearestHouseNumber(street, "8")?.numberFull).toBe("4");
    // Two numbers as near: the lower; a plain number before a lettered one.
    expect(nearestHouseNumber(via("17", "21"), "19")?.numberFull).toBe("17");
    expect(nearestHouseNumber(via("8A", "8"), "9")?.numberFull).toBe("8");
    expect(nearestHouseNumber(via("40", "7"), "9")?.numberFull).toBe("7");
    expect(nearestHouseNumber([], "5")).toBeNull();
  });
});
