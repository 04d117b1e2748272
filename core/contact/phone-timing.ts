/**
 * The phone button's timing (seed 001 §4 "Contact and phone"): a click closer than 750 ms (phone) or
 * 500 ms (desktop) to the last one that counted is ignored, so a double tap records one call; 'Chiama'
 * in the contact form closes the form and opens the phone modal 450 ms later.
 * No React, no DOM: app/ui/publisher-contact.tsx feeds it the clicks, on the host's clock and timers.
 */
export const PHONE_MODAL_DELAY_MS = 450;
export const CLICK_GUARD_MS = { mobile: 750, desktop: 500 } as const;

export interface ClickGuard {
  /** Whether a click now counts; one that counts starts a new guard interval, an ignored one does not. */
  accepts(device: "mobile" | "desktop"): boolean;
}

export function createClickGuard(now: () => number = Date.now): ClickGuard {
  let lastCounted = Number.NEGATIVE_INFINITY;
  return {
    accepts(device) {
      const at = now();
      if (at - lastCounted < CLICK_GUARD_MS[device]) return false;
      lastCounted = at;
      return true;
    },
  };
}

/** Calls `open` once the form has had PHONE_MODAL_DELAY_MS to close; the returned function cancels it. */
export function openPhoneModalLater(open: () => void): () => void {
  const timer = setTimeout(open, PHONE_MODAL_DELAY_MS);
  return () => clearTimeout(timer);
}
