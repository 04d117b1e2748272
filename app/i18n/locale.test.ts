import { describe, expect, it } from "vitest";
import { localeFromPath, localizePath } from "./locale.ts";

describe("locale paths", () => {
  it("reads the locale from the path prefix", () => {
    expect(localeFromPath("/")).toBe("it");
    expect(localeFromPath("/en/")).toBe("en");
    expect(localeFromPath("/en")).toBe("en");
    expect(localeFromPath("/entrate/")).toBe("it");
  });
  it("switches a path between locales and back", () => {
    expect(localizePath("/vendita/case/milano/?page=2", "en")).toBe("/en/vendita/case/milano/?page=2");
    expect(localizePath("/en/vendita/case/milano/", "it")).toBe("/vendita/case/milano/");
    expect(localizePath("/en", "it")).toBe("/");
    expect(localizePath("/", "en")).toBe("/en/");
  });
});
