import { describe, expect, it } from "vitest";
import {
  countDelay,
  dropdownSummary,
  MULTI_CHOICE_DELAY_MS,
  pickDropdownValue,
  recordVisit,
  selectionLabel,
  smartBackTarget,
  truncateLabel,
} from "./ui-rules.ts";

describe("labels", () => {
  it.each([
    ["Milano", 14, "Milano"],
    ["Reggio nell'Emilia", 14, "Reggio nell'Em..."],
    ["San Giovanni Rotondo", 10, "San Giovan..."],
    ["Abcdefghijklmn", 14, "Abcdefghijklmn"],
    ["Abcdefghijklmno", 14, "Abcdefghijklmn..."],
    ["Città di Castello", 14, "Città di Caste..."],
  ])("truncates %s at %i characters", (label, max, expected) => {
    expect(truncateLabel(label, max)).toBe(expected);
  });

  it("adds +N for the extra selections", () => {
    expect(selectionLabel([])).toBe("");
    expect(selectionLabel(["Brera"])).toBe("Brera");
    expect(selectionLabel(["Porta Garibaldi - Isola", "Brera", "Navigli"])).toBe("Porta Garibald... +2");
  });
});

describe("filter dropdown", () => {
  const multi = { multiple: true, defaultValue: "any" };
  it("single choice takes the value and closes", () => {
    expect(pickDropdownValue({ open: true, values: ["any"] }, "2", { multiple: false, defaultValue: "any" })).toEqual({
      open: false,
      values: ["2"],
    });
  });
  it("multiple choice toggles and stays open", () => {
    let s = pickDropdownValue({ open: true, values: ["any"] }, "A4", multi);
    expect(s).toEqual({ open: true, values: ["A4"] });
    s = pickDropdownValue(s, "B", multi);
    expect(s.values).toEqual(["A4", "B"]);
    s = pickDropdownValue(s, "A4", multi);
    expect(s.values).toEqual(["B"]);
  });
  it("the default clears the others, and removing the last restores the default", () => {
    expect(pickDropdownValue({ open: true, values: ["A4", "B"] }, "any", multi).values).toEqual(["any"]);
    expect(pickDropdownValue({ open: true, values: ["B"] }, "B", multi).values).toEqual(["any"]);
  });
  it("summarises as 'Seleziona', one label, or 'N selezionate'", () => {
    const texts = { none: "Seleziona", several: (n: number) => `${n} selezionate` };
    expect(dropdownSummary(["any"], "any", (v) => v, texts)).toBe("Seleziona");
    expect(dropdownSummary(["B"], "any", (v) => `Classe ${v}`, texts)).toBe("Classe B");
    expect(dropdownSummary(["B", "C", "D"], "any", (v) => v, texts)).toBe("3 selezionate");
  });
});

describe("live count timing", () => {
  it("sends multiple-choice and typed changes after 500 ms, single-choice ones at once", () => {
    expect(countDelay({ tagName: "INPUT", type: "checkbox" })).toBe(MULTI_CHOICE_DELAY_MS);
    expect(countDelay({ tagName: "SELECT", multiple: true })).toBe(500);
    expect(countDelay({ tagName: "INPUT", type: "number" })).toBe(500);
    expect(countDelay({ tagName: "INPUT", type: "radio" })).toBe(0);
    expect(countDelay({ tagName: "SELECT", multiple: false })).toBe(0);
  });
});

describe("smart back stack", () => {
  it("pushes new searches, ignores reloads, and pops when the visitor went back", () => {
    let s = recordVisit([], "/vendita/case/milano/");
    s = recordVisit(s, "/vendita/case/milano/");
    expect(s).toEqual(["/vendita/case/milano/"]);
    s = recordVisit(s, "/vendita/case/milano/?price_max=300000");
    s = recordVisit(s, "/vendita/case/milano-brera/");
    expect(s).toHaveLength(3);
    s = recordVisit(s, "/vendita/case/milano/?price_max=300000");
    expect(s).toEqual(["/vendita/case/milano/", "/vendita/case/milano/?price_max=300000"]);
  });
  it("goes back to the previous search, or to the browser's back with one entry or none", () => {
    expect(smartBackTarget([])).toBeNull();
    expect(smartBackTarget(["/a/"])).toBeNull();
    expect(smartBackTarget(["/a/", "/b/", "/c/"])).toEqual({ url: "/b/", stack: ["/a/", "/b/"] });
  });
  it("keeps at most 30 entries", () => {
    let s: string[] = [];
    for (let i = 0; i < 40; i++) s = recordVisit(s, `/p/${i}/`);
    expect(s).toHaveLength(30);
    expect(s[29]).toBe("/p/39/");
  });
});
