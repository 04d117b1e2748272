/**
 * A lazy chunk (`import()`) must not load again a stylesheet its page already has: appended at the end of
 * <head>, the second copy outranks every stylesheet after the first one, and the page's layout changes
 * under the visitor's pointer. It happened with each modal loaded on demand: the button moved between the
 * press and the release, and the click was lost (docs/decisions/070).
 *
 * Why the copy is made: React Router links a route's CSS files with a '#' at the end of their address when
 * a lazy chunk imports them too (remix-run/react-router#14447), so Vite's preload helper does not see them
 * as loaded and adds its own <link>. This plugin removes, from each lazy import's preload list, the CSS
 * files of the importing chunk's own static imports: those are on the page whenever that chunk runs (in
 * the route's links, or added by the preload that brought the chunk), and stay while it is mounted.
 */
import type { Plugin } from "vite";

/** Vite's preload list of a chunk: `const __vite__mapDeps=(…m.f=["assets/a.js","assets/b.css"]…)=>…;` */
const DEPS_TABLE = /const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);/;
/** One lazy import's preload list: indexes into the table. */
const DEPS_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

interface ChunkFacts {
  imports: readonly string[];
  css: ReadonlySet<string>;
}

/** The CSS files a chunk brings with its static imports (itself included). */
export function staticCss(fileName: string, chunks: ReadonlyMap<string, ChunkFacts>): Set<string> {
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = chunks.get(name);
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    for (const file of chunk.css) css.add(file);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(fileName);
  return css;
}

/** The chunk's code with the CSS files in `linked` left out of every lazy import's preload list. */
export function withoutLinkedCss(code: string, linked: ReadonlySet<string>): string {
  const table = DEPS_TABLE.exec(code);
  if (!table) return code;
  const files = JSON.parse(table[1]!) as string[];
  return code.replace(DEPS_CALL, (_call, list: string) => {
    const kept = list
      .split(",")
      .filter((index) => index !== "" && !linked.has(files[Number(index)]!))
      .join(",");
    return `__vite__mapDeps([${kept}])`;
  });
}

export function linkedCssOnce(): Plugin {
  return {
    name: "casa:linked-css-once",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      // After Vite's import analysis has written the preload lists.
      order: "post",
      handler(_options, bundle) {
        const chunks = new Map<string, ChunkFacts & { code: string }>();
        for (const output of Object.values(bundle)) {
          if (output.type !== "chunk") continue;
          chunks.set(output.fileName, { imports: output.imports, css: output.viteMetadata?.importedCss ?? new Set(), code: output.code });
        }
        for (const output of Object.values(bundle)) {
          if (output.type !== "chunk" || !output.code.includes("__vite__mapDeps")) continue;
          output.code = withoutLinkedCss(output.code, staticCss(output.fileName, chunks));
        }
      },
    },
  };
}
