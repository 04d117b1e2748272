import { describe, expect, it } from "vitest";
import { deviceClass, fillInRevealDelay } from "./device.ts";

describe("deviceClass (seed 000 §9 layout rules)", () => {
  it.each([
    // width, height, touch → code, desktop, mobile, small phone, touchscreen, short desktop
    [320, 640, true, "PM", false, true, true, true, false],
    [359, 740, true, "PM", false, true, true, true, false],
    [360, 740, true, "PM", false, true, false, true, false],
    [390, 844, true, "PM", false, true, false, true, false],
    [767, 1024, true, "PM", false, true, false, true, false],
    [768, 1024, true, "PT", false, false, false, true, false],
    [950, 700, true, "PT", false, false, false, true, false],
    [951, 700, true, "PT", false, false, false, false, false],
    [1023, 700, false, "PT", false, false, false, false, false],
    [1024, 768, false, "PD", true, false, false, false, false],
    [1280, 650, false, "PD", true, false, false, false, true],
    [1280, 651, false, "PD", true, false, false, false, false],
    [500, 600, false, "PM", false, true, false, false, false],
  ] as const)("%i×%i touch=%s → %s", (width, height, touch, code, isDesktop, isMobile, isSmallPhone, isTouchscreen, isShortDesktop) => {
    expect(deviceClass({ width, height, touch })).toEqual({ code, isDesktop, isMobile, isSmallPhone, isTouchscreen, isShortDesktop });
  });

  it("reveals fill-in listings 150 ms apart, 300 ms on mobile", () => {
    expect(fillInRevealDelay(deviceClass({ width: 390, height: 844, touch: true }))).toBe(300);
    expect(fillInRevealDelay(deviceClass({ width: 1280, height: 800, touch: false }))).toBe(150);
  });
});
