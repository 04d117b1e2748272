import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countsOn, createCountScheduler } from "./live-count.ts";
import { MULTI_CHOICE_DELAY_MS } from "./ui-rules.ts";

const checkbox = { tagName: "INPUT", type: "checkbox" };
const price = { tagName: "INPUT", type: "number" };
const baths = { tagName: "SELECT", multiple: false };

describe("which events count", () => {
  it("typed values on input, choices on change", () => {
    expect(countsOn("input", price)).toBe(true);
    expect(countsOn("change", price)).toBe(false);
    expect(countsOn("input", { tagName: "TEXTAREA" })).toBe(true);
    expect(countsOn("change", checkbox)).toBe(true);
    expect(countsOn("input", checkbox)).toBe(false);
    expect(countsOn("change", { tagName: "INPUT", type: "radio" })).toBe(true);
    expect(countsOn("change", baths)).toBe(true);
    expect(countsOn("input", baths)).toBe(false);
  });
});

describe("live count timing", () => {
  let count: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    vi.useFakeTimers();
    count = vi.fn<() => void>();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("typing a price: one count, 500 ms after the last key", () => {
    const s = createCountScheduler(count);
    for (let i = 0; i < 6; i++) {
      s.changed("input", price);
      vi.advanceTimersByTime(30);
    }
    s.changed("change", price); // the blur adds nothing
    expect(count).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MULTI_CHOICE_DELAY_MS - 31);
    expect(count).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(count).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(count).toHaveBeenCalledTimes(1);
  });

  it("three boxes ticked quickly: one count, 500 ms after the last", () => {
    const s = createCountScheduler(count);
    s.changed("change", checkbox);
    vi.advanceTimersByTime(200);
    s.changed("change", checkbox);
    vi.advanceTimersByTime(200);
    s.changed("change", checkbox);
    vi.advanceTimersByTime(499);
    expect(count).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(count).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(count).toHaveBeenCalledTimes(1);
  });

  it("a single choice counts at once, and takes over a count still waiting", () => {
    const s = createCountScheduler(count);
    s.changed("change", baths);
    expect(count).toHaveBeenCalledTimes(1);
    s.changed("change", checkbox);
    vi.advanceTimersByTime(100);
    s.changed("change", baths);
    expect(count).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5_000);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it("cancel drops a count still waiting", () => {
    const s = createCountScheduler(count);
    s.changed("change", checkbox);
    s.cancel();
    vi.advanceTimersByTime(5_000);
    expect(count).not.toHaveBeenCalled();
  });
});
