import { describe, expect, it } from "vitest";
import { staticCss, withoutLinkedCss } from "./vite-plugin-linked-css.ts";

const chunks = new Map([
  ["assets/page.js", { imports: ["assets/shell.js", "assets/tools.js"], css: new Set(["assets/page.css"]) }],
  ["assets/shell.js", { imports: [], css: new Set(["assets/shell.css"]) }],
  ["assets/tools.js", { imports: ["assets/shell.js"], css: new Set(["assets/tools.css"]) }],
  ["assets/tree.js", { imports: ["assets/shell.js", "assets/tools.js"], css: new Set(["assets/tree.css"]) }],
]);

const code = [
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/tree.js","assets/shell.js","assets/shell.css","assets/tools.js","assets/tools.css","assets/tree.css"])))=>i.map(i=>d[i]);',
  'import{a}from"./shell.js";',
  "const tree=()=>l(()=>import(`./tree.js`),__vite__mapDeps([0,1,2,3,4,5]));",
  "const other=()=>l(()=>import(`./x.js`),__vite__mapDeps([2]));",
].join("\n");

describe("a lazy import's stylesheets", () => {
  it("are the CSS of the chunk and of everything it imports statically", () => {
    expect(staticCss("assets/page.js", chunks)).toEqual(new Set(["assets/page.css", "assets/shell.css", "assets/tools.css"]));
    expect(staticCss("assets/unknown.js", chunks)).toEqual(new Set());
  });

  it("leave out what the importing chunk already linked, and keep the rest of the list", () => {
    const rewritten = withoutLinkedCss(code, staticCss("assets/page.js", chunks));
    expect(rewritten).toContain("import(`./tree.js`),__vite__mapDeps([0,1,3,5])");
    expect(rewritten).toContain("import(`./x.js`),__vite__mapDeps([])");
    expect(rewritten.split("\n")[0]).toBe(code.split("\n")[0]);
  });

  it("leave a chunk without lazy imports as it was", () => {
    expect(withoutLinkedCss("export const a=1;", new Set(["assets/shell.css"]))).toBe("export const a=1;");
  });
});
