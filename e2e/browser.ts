/** Debian's Chromium driven by playwright-core: never a downloaded browser (see docs/decisions). */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import axe from "axe-core";
import { type Browser, chromium, type Page } from "playwright-core";

const require = createRequire(import.meta.url);

/** Debian's Chromium, the whole browser: what bench:map-browser measures (Lighthouse drives it too). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's chromium-headless-shell (same source and version as `chromium`, Chromium's headless mode without the
 * browser's windows and UI), the browser tests' (docs/decisions/158): half the browser process's CPU per test
 * context. A machine without it runs the tests in CHROMIUM_PATH and says so once.
 */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * Each new context is a browser window of its own, and Chromium builds the address bar's suggestion popups for every
 * window as WebUI pages in a renderer of their own, even headless: about 0.9 s of CPU a context, most of a plain
 * page's first load (docs/decisions/114).
 */
const UNUSED_BROWSER_UI = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * The features Playwright switches off with its own --disable-features. Chromium keeps only the last of several
 * --disable-features switches, so ours must repeat Playwright's; it does not export them, so they are read from its
 * bundle, and a Playwright that writes them another way stops the tests here rather than losing them silently.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(require.resolve("playwright-core/lib/coreBundle"), "utf8");
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const features = [...(list ?? "").matchAll(/"(\w+)"/g)].map((m) => m[1]!);
  if (features.length === 0)
    throw new Error(
      "e2e/browser.ts: playwright-core's --disable-features list was not found in its bundle; see playwrightDisabledFeatures",
    );
  return features;
}

/**
 * The whole browser starts a spare renderer ahead of a context's first navigation and never uses it: three renderer
 * processes per test context, two without it (as in the headless shell, which starts none).
 */
const UNUSED_PROCESSES = ["SpareRendererForSitePerProcess"];

/** Headless Chromium with WebGL through SwiftShader: the browser tests' flags, and bench:map-browser's. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
  `--disable-features=${[...playwrightDisabledFeatures(), ...UNUSED_BROWSER_UI, ...UNUSED_PROCESSES].join(",")}`,
];

let warnedNoShell = false;

/** The headless shell (or Chromium where it is not installed) with the flags above; the tests share one per file (e2e/fixtures.ts). */
export function launchChromium(): Promise<Browser> {
  const shell = existsSync(HEADLESS_SHELL_PATH);
  if (!shell && !warnedNoShell) {
    warnedNoShell = true;
    console.warn(
      `browser tests: ${HEADLESS_SHELL_PATH} is missing, so they run in ${CHROMIUM_PATH} (apt-get install -y chromium-headless-shell)`,
    );
  }
  return chromium.launch({ executablePath: shell ? HEADLESS_SHELL_PATH : CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** axe-core's minified build: the same checks as `axe.source` (its unminified build, 1.5 MB) in 0.65 MB to send and parse. */
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** What axe finds at "serious" or "critical" impact on the page as it is now, one line each (empty is the goal). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A modal fading in measures its text's contrast through its opacity: judge the page once the finite
  // animations running now (not spinners) have ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
  // axe-core runs in the page itself, injected once per document: @axe-core/playwright's default run also opened
  // a blank page for every check to merge the frames' results in (the portal has no frames), 3.5-6.5 s a check
  // on the search map against 0.7-1.0 s this way, with the same violations.
  if (!(await page.evaluate(`window.axe?.version === ${JSON.stringify(axe.version)}`))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations),
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
}
