/** MAP_STYLE_URL (docs/decisions/057): validated at start-up, and its origin allowed by the CSP for the map's style, tiles and sprites. */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { contentSecurityPolicy } from "./http.ts";

describe("MAP_STYLE_URL", () => {
  it("is optional, and must be an http(s) URL when set", () => {
    expect(loadConfig({}).MAP_STYLE_URL).toBeUndefined();
    expect(loadConfig({ MAP_STYLE_URL: "" }).MAP_STYLE_URL).toBeUndefined();
    expect(loadConfig({ MAP_STYLE_URL: "https://tiles.example/styles/casa.json" }).MAP_STYLE_URL).toBe(
      "https://tiles.example/styles/casa.json",
    );
    expect(() => loadConfig({ MAP_STYLE_URL: "ftp://tiles.example/style.json" })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_STYLE_URL: "not a url" })).toThrow(/MAP_STYLE_URL/);
  });

  it("adds its origin to connect-src and img-src only", () => {
    const plain = contentSecurityPolicy("n0nce", false);
    expect(plain).toContain("connect-src 'self';");
    const withMap = contentSecurityPolicy("n0nce", false, "https://tiles.example");
    expect(withMap).toContain("connect-src 'self' https://tiles.example;");
    expect(withMap).toContain("img-src 'self' data: blob: https://tiles.example;");
    expect(withMap).toContain("script-src 'self' 'nonce-n0nce';");
    expect(withMap).toContain("worker-src 'self';");
  });
});
