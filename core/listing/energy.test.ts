import { describe, expect, it } from "vitest";
import { contrastRatio, energySteps } from "./energy.ts";

describe("energy label", () => {
  it("has the ten classes from A4 to G and marks the current one", () => {
    const steps = energySteps("C");
    expect(steps.map((s) => s.energyClass)).toEqual(["A4", "A3", "A2", "A1", "B", "C", "D", "E", "F", "G"]);
    expect(steps.filter((s) => s.current).map((s) => s.energyClass)).toEqual(["C"]);
    expect(energySteps(null).some((s) => s.current)).toBe(false);
  });

  it("keeps every letter readable (WCAG AA)", () => {
    for (const s of energySteps(null)) expect(contrastRatio(s.background, s.text)).toBeGreaterThanOrEqual(4.5);
  });
});
