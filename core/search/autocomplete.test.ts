import { describe, expect, it } from "vitest";
import { AUTOCOMPLETE, blurAction, createThrottle, moveHighlight, promptKind, shouldSuggest } from "./autocomplete.ts";
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
