import { describe, expect, it } from "vitest";
import { galleryStep, keyStep, SWIPE_MIN_PX, swipeStep } from "./gallery.ts";

describe("gallery steps", () => {
  it.each([
    [0, 5, 1, 1],
    [4, 5, 1, 0],
    [0, 5, -1, 4],
    [2, 5, -7, 0],
    [0, 1, 1, 0],
    [3, 0, 1, 0],
  ])("from %i of %i by %i is %i", (index, total, step, expected) => {
    expect(galleryStep(index, total, step)).toBe(expected);
  });

  it("keys: arrows by one, Home and End to the ends, others nothing", () => {
    expect(keyStep("ArrowRight", 2, 5)).toBe(1);
    expect(keyStep("ArrowLeft", 2, 5)).toBe(-1);
    expect(galleryStep(2, 5, keyStep("Home", 2, 5)!)).toBe(0);
    expect(galleryStep(2, 5, keyStep("End", 2, 5)!)).toBe(4);
    expect(keyStep("Enter", 2, 5)).toBeNull();
  });

  it("swipes: left is next, right is previous, short or vertical moves are none", () => {
    expect(swipeStep(-SWIPE_MIN_PX - 10, 5)).toBe(1);
    expect(swipeStep(SWIPE_MIN_PX + 10, -5)).toBe(-1);
    expect(swipeStep(SWIPE_MIN_PX - 1, 0)).toBeNull();
    expect(swipeStep(-60, 80)).toBeNull();
  });
});
