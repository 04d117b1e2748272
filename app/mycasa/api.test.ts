import { describe, expect, it } from "vitest";
import type { UserRecord } from "../../db/users.ts";
import { mycasaPath } from "./api.server.ts";
import { namesOtherUser } from "./user-field.ts";

const user = { id: 7, email: "Anna@Casa.example" } as UserRecord;

describe("a body's user field", () => {
  it.each([
    [undefined, false],
    [null, false],
    ["", false],
    [7, false],
    ["7", false],
    ["anna@casa.example", false],
    [{ id: 7, username: "anna@casa.example", displayName: "Anna" }, false],
    [{ displayName: "Anna" }, false],
    [8, true],
    ["8", true],
    ["bruno@casa.example", true],
    [{ id: 8 }, true],
    [{ id: "7", username: "bruno@casa.example" }, true],
  ])("%j names another user: %s", (ref, expected) => {
    expect(namesOtherUser(ref as Parameters<typeof namesOtherUser>[0], user)).toBe(expected);
  });
});

describe("the command of a multi-path route", () => {
  it("is the path after /mycasa/", () => {
    expect(mycasaPath(new Request("http://x/portal-srp/api/v1/mycasa/listing/upsert"))).toBe("listing/upsert");
    expect(mycasaPath(new Request("http://x/portal-srp/api/v1/mycasa/nearby/"))).toBe("nearby");
    expect(mycasaPath(new Request("http://x/other"))).toBe("");
  });
});
