/**
 * The page's stylesheets written into the document (docs/decisions/133): what React Router's <Links /> would link —
 * the CSS files of the matched routes, root first, in the same order — as <style> elements carrying the file's
 * text, so the first paint waits for no stylesheet request. The server reads the build's CSS files once
 * (server/http.ts) and hands their texts to the render (app/entry.server.tsx); a file it has no text for (the
 * development server) is linked as before. In the browser the texts are read back from the document at
 * hydration, so the tree matches the server's; a stylesheet a client-side navigation adds is linked.
 */
import { createContext, useContext } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";
import { useCspNonce } from "./csp-nonce.ts";

/** The build's stylesheets by address (`/assets/x.css`), minified as Vite wrote them. */
export const StylesheetTextsContext = createContext<ReadonlyMap<string, string>>(new Map());

/** The attribute naming a written stylesheet's file, so the browser can find its text again. */
const FILE_ATTRIBUTE = "data-href";

interface Written {
  text: string;
  nonce: string;
}

/** In the browser: the stylesheets the server wrote into this document, read once at hydration. */
let written: Map<string, Written> | null = null;

function writtenInDocument(): Map<string, Written> {
  if (written) return written;
  written = new Map();
  for (const style of document.querySelectorAll<HTMLStyleElement>(`style[${FILE_ATTRIBUTE}]`)) {
    written.set(style.getAttribute(FILE_ATTRIBUTE)!, { text: style.textContent ?? "", nonce: style.nonce });
  }
  return written;
}

/**
 * A text that can stand inside <style> as it is: the HTML parser ends the element at the first `</style`.
 * Vite's minified CSS never holds one; a file that did would be linked instead.
 */
export function inlinable(text: string): boolean {
  return !/<\/style/i.test(text);
}

/** The stylesheet addresses of the matched routes, root first, each once (React Router's <Links /> order). */
export function stylesheetsOf(routeIds: readonly string[], manifest: { routes: Record<string, { css?: string[] } | undefined> }): string[] {
  const seen = new Set<string>();
  for (const id of routeIds) for (const href of manifest.routes[id]?.css ?? []) seen.add(href);
  return [...seen];
}

export function PageStyles() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  const serverTexts = useContext(StylesheetTextsContext);
  const serverNonce = useCspNonce();
  if (!framework) return null;
  const inBrowser = typeof document !== "undefined";
  const hrefs = stylesheetsOf(
    matches.map((m) => m.id),
    framework.manifest,
  );
  const critical = framework.criticalCss;
  return (
    <>
      {/* The development server's CSS of the first render, as <Links /> writes it. */}
      {typeof critical === "string" && (
        <style data-react-router-critical-css="" nonce={serverNonce} dangerouslySetInnerHTML={{ __html: critical }} />
      )}
      {typeof critical === "object" && <link data-react-router-critical-css="" rel="stylesheet" href={critical.href} nonce={serverNonce} />}
      {hrefs.map((href) => {
        // React Router marks with '#' a file a lazy chunk imports too (decision 070): the same file.
        const file = href.replace(/#$/, "");
        const text = inBrowser
          ? writtenInDocument().get(file)
          : serverTexts.has(file)
            ? { text: serverTexts.get(file)!, nonce: serverNonce }
            : undefined;
        if (text && inlinable(text.text)) {
          const attributes = { [FILE_ATTRIBUTE]: file };
          return <style key={href} {...attributes} nonce={text.nonce} dangerouslySetInnerHTML={{ __html: text.text }} />;
        }
        return <link key={href} rel="stylesheet" href={href} nonce={serverNonce} />;
      })}
    </>
  );
}
