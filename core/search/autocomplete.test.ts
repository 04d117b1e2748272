import { describe, expect, it } from "vitest";
import {
  ADDRESS_AUTOCOMPLETE,
  ADDRESS_PACING,
  AUTOCOMPLETE,
  blurAction,
  createThrottle,
  LOCALITY_PACING,
  moveHighlight,
  promptKind,
  shouldSuggest,
  suggestDelay,
} from "./autocomplete.ts";
import { selectionLabel, truncateLabel } from "./ui-rules.ts";

describe("autocomplete rules", () => {
  it("asks from two characters, with the spec's constants", () => {
    expect(shouldSuggest("m")).toBe(false);
    expect(shouldSuggest(" m ")).toBe(false);
    expect(shouldSuggest("mi")).toBe(true);
    expect(AUTOCOMPLETE).toMatchObject({ minChars: 2, debounceMs: 350, size: 5, promptThrottleMs: 2000, listMaxHeightPx: 192 });
  });

  it("moves the highlight with the arrows and wraps around", () => {
    expect(moveHighlight(-1, "ArrowDown", 5)).toBe(0);
    expect(moveHighlight(0, "ArrowDown", 5)).toBe(1);
    expect(moveHighlight(4, "ArrowDown", 5)).toBe(0);
    expect(moveHighlight(-1, "ArrowUp", 5)).toBe(4);
    expect(moveHighlight(0, "ArrowUp", 5)).toBe(4);
    expect(moveHighlight(3, "ArrowUp", 5)).toBe(2);
    expect(moveHighlight(2, "ArrowDown", 0)).toBe(-1);
  });

  it("selects the highlighted entry on blur only with an empty query", () => {
    expect(blurAction("", 2, 5)).toEqual({ kind: "select", index: 2 });
    expect(blurAction("  ", -1, 5)).toEqual({ kind: "clear" });
    expect(blurAction("mil", 0, 5)).toEqual({ kind: "clear" });
    expect(blurAction("", 7, 5)).toEqual({ kind: "clear" });
  });

  it("words the maps prompt for addresses after a street word", () => {
    expect(promptKind("via roma")).toBe("address");
    expect(promptKind("Piazza ")).toBe("address");
    expect(promptKind("viadana")).toBe("locality");
  });

  it("lets the prompt react at most once per 2 s", () => {
    const gate = createThrottle(AUTOCOMPLETE.promptThrottleMs);
    expect(gate.allow(1000)).toBe(true);
    expect(gate.allow(2500)).toBe(false);
    expect(gate.allow(2999)).toBe(false);
    expect(gate.allow(3000)).toBe(true);
  });

  it("truncates labels at 14 characters (10 in the short summary) and adds +N", () => {
    expect(truncateLabel("Reggio nell'Emilia (RE)")).toBe("Reggio nell'Em...");
    expect(truncateLabel("Reggio nell'Emilia", 10)).toBe("Reggio nel...");
    expect(truncateLabel("Milano (MI)")).toBe("Milano (MI)");
    expect(selectionLabel(["Milano", "Brera", "Isola"])).toBe("Milano +2");
  });
});

describe("the map's address autocomplete (seed 000 §5, §9)", () => {
  it("asks from three characters", () => {
    expect(ADDRESS_AUTOCOMPLETE).toEqual({ minChars: 3, throttleMs: 100, size: 5 });
    expect(shouldSuggest("vi", ADDRESS_AUTOCOMPLETE.minChars)).toBe(false);
    expect(shouldSuggest(" vi  ", ADDRESS_AUTOCOMPLETE.minChars)).toBe(false);
    expect(shouldSuggest("via", ADDRESS_AUTOCOMPLETE.minChars)).toBe(true);
  });
  it("throttles at 100 ms: at once after a pause, else at the end of the interval; the locality search debounces", () => {
    expect(suggestDelay(ADDRESS_PACING, -Infinity, 1000)).toBe(0);
    expect(suggestDelay(ADDRESS_PACING, 1000, 1030)).toBe(70);
    expect(suggestDelay(ADDRESS_PACING, 1000, 1100)).toBe(0);
    expect(suggestDelay(ADDRESS_PACING, 1000, 1500)).toBe(0);
    expect(suggestDelay(LOCALITY_PACING, 1000, 1030)).toBe(350);
    // Typing every 30 ms for a second asks about once per 100 ms, never more often.
    let asked = -Infinity;
    let due: number | null = null;
    const times: number[] = [];
    for (let now = 0; now <= 1000; now++) {
      if (now % 30 === 0) due = now + suggestDelay(ADDRESS_PACING, asked, now);
      if (due !== null && now >= due) {
        asked = now;
        times.push(now);
        due = null;
      }
    }
    expect(times[0]).toBe(0);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(100);
    expect(times.length).toBeGreaterThanOrEqual(9);
  });
});
