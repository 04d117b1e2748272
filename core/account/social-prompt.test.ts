import { describe, expect, it } from "vitest";
import {
  consentWaitLeft,
  dismissedRecently,
  parseDismissedAt,
  SOCIAL_PROMPT_DISMISS_MS,
  SOCIAL_PROMPT_WAIT_MS,
  shouldShowSocialPrompt,
  type SocialPromptFacts,
} from "./social-prompt.ts";

const now = Date.UTC(2026, 10, 23, 12);
/** A visitor, checked, with Google configured, after the wait, never closed the card, no modal: shown. */
const shown: SocialPromptFacts = {
  checked: true,
  loggedIn: false,
  providers: 1,
  consentChosen: true,
  sinceLoadMs: SOCIAL_PROMPT_WAIT_MS,
  dismissedAt: null,
  now,
  modalSeen: false,
};

describe("the social prompt on home and results (seed 001 §2)", () => {
  it("shows for a checked visitor once the consent wait is over", () => {
    expect(shouldShowSocialPrompt(shown)).toBe(true);
  });

  it.each<[string, Partial<SocialPromptFacts>]>([
    ["the session check has not run", { checked: false }],
    ["the user is logged in", { loggedIn: true }],
    ["no social provider is configured", { providers: 0 }],
    ["the consent wait is not over", { sinceLoadMs: SOCIAL_PROMPT_WAIT_MS - 1 }],
    ["the cookie banner has not been answered (decision 089)", { consentChosen: false }],
    ["it was closed a moment ago", { dismissedAt: now - 1000 }],
    ["it was closed six days ago", { dismissedAt: now - 6 * 24 * 3600 * 1000 }],
    ["a modal was open on this page view", { modalSeen: true }],
  ])("does not show when %s", (_, change) => {
    expect(shouldShowSocialPrompt({ ...shown, ...change })).toBe(false);
  });

  it("comes back once the closing is older than the period", () => {
    expect(shouldShowSocialPrompt({ ...shown, dismissedAt: now - SOCIAL_PROMPT_DISMISS_MS })).toBe(true);
    expect(shouldShowSocialPrompt({ ...shown, dismissedAt: now - SOCIAL_PROMPT_DISMISS_MS + 1 })).toBe(false);
  });

  it("keeps it closed after a clock set back a little, not for a date far in the future", () => {
    expect(dismissedRecently(now + 3600_000, now)).toBe(true);
    expect(dismissedRecently(now + 10 * SOCIAL_PROMPT_DISMISS_MS, now)).toBe(false);
  });

  it("counts the wait from the page's load", () => {
    expect(consentWaitLeft(0)).toBe(SOCIAL_PROMPT_WAIT_MS);
    expect(consentWaitLeft(1200)).toBe(SOCIAL_PROMPT_WAIT_MS - 1200);
    expect(consentWaitLeft(SOCIAL_PROMPT_WAIT_MS + 1)).toBe(0);
  });

  it("reads the stored closing time, ignoring what is not one", () => {
    expect(parseDismissedAt(String(now))).toBe(now);
    expect(parseDismissedAt(null)).toBeNull();
    expect(parseDismissedAt("")).toBeNull();
    expect(parseDismissedAt("yesterday")).toBeNull();
    expect(parseDismissedAt("-5")).toBeNull();
    expect(parseDismissedAt("1e12")).toBeNull();
  });
});
