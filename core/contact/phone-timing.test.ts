import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLICK_GUARD_MS, createClickGuard, openPhoneModalLater, PHONE_MODAL_DELAY_MS } from "./phone-timing.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the phone button's click guard", () => {
  it("on a phone: a double tap counts once, a tap 750 ms after the one that counted counts again", () => {
    const guard = createClickGuard();
    expect(guard.accepts("mobile")).toBe(true);
    vi.advanceTimersByTime(120); // the second tap of a double tap
    expect(guard.accepts("mobile")).toBe(false);
    vi.advanceTimersByTime(CLICK_GUARD_MS.mobile - 120 - 1);
    expect(guard.accepts("mobile")).toBe(false);
    vi.advanceTimersByTime(1);
    expect(guard.accepts("mobile")).toBe(true);
  });

  it("on a desktop the guard is 500 ms", () => {
    const guard = createClickGuard();
    expect(guard.accepts("desktop")).toBe(true);
    vi.advanceTimersByTime(CLICK_GUARD_MS.desktop - 1);
    expect(guard.accepts("desktop")).toBe(false);
    vi.advanceTimersByTime(1);
    expect(guard.accepts("desktop")).toBe(true);
  });

  it("ignored clicks do not extend the guard: it runs from the last click that counted", () => {
    const guard = createClickGuard();
    expect(guard.accepts("mobile")).toBe(true);
    for (let i = 0; i < 7; i++) {
      vi.advanceTimersByTime(100);
      expect(guard.accepts("mobile")).toBe(false);
    }
    vi.advanceTimersByTime(CLICK_GUARD_MS.mobile - 700);
    expect(guard.accepts("mobile")).toBe(true);
  });

  it("counts the first click at once, whatever the clock says", () => {
    expect(createClickGuard(() => 0).accepts("mobile")).toBe(true);
  });
});

describe("'Chiama' from the contact form", () => {
  it("opens the phone modal 450 ms after the form closes, once", () => {
    const open = vi.fn<() => void>();
    openPhoneModalLater(open);
    vi.advanceTimersByTime(PHONE_MODAL_DELAY_MS - 1);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("opens nothing when cancelled first (the page goes away)", () => {
    const open = vi.fn<() => void>();
    const cancel = openPhoneModalLater(open);
    vi.advanceTimersByTime(PHONE_MODAL_DELAY_MS - 1);
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(open).not.toHaveBeenCalled();
  });

  it("uses the seed's numbers: 450 ms before the modal, guards of 750 ms on a phone and 500 ms on a desktop", () => {
    expect(PHONE_MODAL_DELAY_MS).toBe(450);
    expect(CLICK_GUARD_MS).toEqual({ mobile: 750, desktop: 500 });
  });
});
