import { describe, expect, it } from "vitest";
import { proposeSaveSearch } from "./saved-search-alerts.ts";

describe("proposing to save the search after a favourite or a lead (seed 001 §4 'Favourites')", () => {
  const base = { origin: "favourite", state: { kind: "not-saved" }, loggedIn: false, total: 11, afterLeadEnabled: true } as const;
  it.each([
    ["a visitor's favourite on a search of more than 10 results", {}, true],
    ["a visitor's favourite on 10 results", { total: 10 }, false],
    ["a logged-in user's favourite", { loggedIn: true, total: 500 }, false],
    ["a lead", { origin: "lead", total: 1 }, true],
    ["a logged-in user's lead", { origin: "lead", loggedIn: true, total: 0 }, true],
    ["a lead with the proposal switched off", { origin: "lead", afterLeadEnabled: false }, false],
    ["a search already saved", { origin: "lead", state: { kind: "saved", alarm: true } }, false],
    ["a search saved by this browser's account, logged out", { state: { kind: "inactive" }, total: 50 }, false],
  ] as const)("%s → %s", (_name, change, expected) => {
    expect(proposeSaveSearch({ ...base, ...change })).toBe(expected);
  });
});
