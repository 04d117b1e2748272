/**
 * Every page's styles in one file (docs/decisions/133, amended): each stylesheet is a render-blocking request, and
 * over a phone's round trips five small files cost more than one of 13 kB (brotli). The parts still import their CSS
 * beside them; this module, imported by root.tsx after the site's own sheets, puts the rest in the shell's file,
 * after them, as each page's sheets came after the shell's before.
 */
import.meta.glob("./*.css", { eager: true });
