/**
 * When the filter panel's live count is sent (seed 000 §5): which events of a form control count,
 * and the wait before counting — `countDelay`: multiple-choice and typed changes after 500 ms,
 * single-choice ones at once. A new change restarts the wait, so a burst of changes is one count.
 * No React, no DOM: the hook in app/ui/search-live-count.tsx feeds it the form's events.
 */
import { countDelay, type ControlDescription } from "./ui-rules.ts";

/** Typed values (text, number, textarea) count from their input events, choices from their change events. */
export function countsOn(eventType: string, control: ControlDescription): boolean {
  const tag = control.tagName.toLowerCase();
  const typed = tag === "textarea" || (tag === "input" && !["checkbox", "radio"].includes((control.type ?? "text").toLowerCase()));
  return typed ? eventType === "input" : eventType === "change";
}

export interface CountScheduler {
  /** A form control fired `eventType`: count at once, after its delay, or not at all. */
  changed(eventType: string, control: ControlDescription): void;
  /** Drop a count still waiting (the form goes away). */
  cancel(): void;
}

/** Calls `count` as the live-count rule says, on the host's timers. */
export function createCountScheduler(count: () => void): CountScheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    changed(eventType, control) {
      if (!countsOn(eventType, control)) return;
      const delay = countDelay(control);
      cancel();
      if (delay === 0) count();
      else
        timer = setTimeout(() => {
          timer = undefined;
          count();
        }, delay);
    },
    cancel,
  };
}
