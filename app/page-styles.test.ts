import { describe, expect, it } from "vitest";
import { inlinable, stylesheetsOf } from "./page-styles.tsx";

describe("stylesheetsOf", () => {
  const manifest = {
    routes: {
      root: { css: ["/assets/shell.css", "/assets/login.css#"] },
      "routes/search-results": { css: ["/assets/shell.css", "/assets/results.css", "/assets/login.css#"] },
      "routes/empty": {},
    },
  };

  it("lists the matched routes' files root first, in their order, each once", () => {
    expect(stylesheetsOf(["root", "routes/search-results"], manifest)).toEqual([
      "/assets/shell.css",
      "/assets/login.css#",
      "/assets/results.css",
    ]);
  });

  it("skips routes without CSS and routes the manifest does not know", () => {
    expect(stylesheetsOf(["root", "routes/empty", "routes/gone"], manifest)).toEqual(["/assets/shell.css", "/assets/login.css#"]);
  });
});

describe("inlinable", () => {
  it("refuses a text the HTML parser would end early", () => {
    expect(inlinable(".a{color:red}")).toBe(true);
    expect(inlinable('.a::after{content:"</style>"}')).toBe(false);
    expect(inlinable('.a::after{content:"</STYLE "}')).toBe(false);
  });
});
