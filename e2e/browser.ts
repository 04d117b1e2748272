/** Debian's Chromium driven by playwright-core: never a downloaded browser (see docs/decisions). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const flags = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
];

export interface BrowserOptions {
  viewport?: { width: number; height: number };
  javaScriptEnabled?: boolean;
  isMobile?: boolean;
}

/** A fresh browser profile; close() removes it. */
export async function openBrowser(options: BrowserOptions = {}): Promise<BrowserContext & { dispose(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "casa-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: flags,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    viewport: options.viewport ?? { width: 1280, height: 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    isMobile: options.isMobile ?? false,
    hasTouch: options.isMobile ?? false,
  });
  return Object.assign(context, {
    async dispose() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  });
}

/** What axe finds at "serious" or "critical" impact on the page as it is now, one line each (empty is the goal). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
}
