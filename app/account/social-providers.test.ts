import { describe, expect, it } from "vitest";
import { applePostedName } from "./social-providers.server.ts";

describe("the name Apple posts once beside the code", () => {
  it("joins first and last name", () => {
    expect(applePostedName(JSON.stringify({ name: { firstName: "Anna", lastName: "Riva" }, email: "a@privaterelay.appleid.com" }))).toBe(
      "Anna Riva",
    );
    expect(applePostedName(JSON.stringify({ name: { firstName: "Anna" } }))).toBe("Anna");
  });
  it("ignores what is missing, malformed or oversized", () => {
    expect(applePostedName(undefined)).toBeNull();
    expect(applePostedName("{not json")).toBeNull();
    expect(applePostedName(JSON.stringify({ name: { firstName: 7, lastName: " " } }))).toBeNull();
    expect(applePostedName(JSON.stringify({ name: null }))).toBeNull();
    expect(applePostedName("x".repeat(3000))).toBeNull();
    expect(applePostedName(JSON.stringify({ name: { firstName: "A".repeat(300) } }))).toHaveLength(100);
  });
});
