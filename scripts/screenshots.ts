/**
 * `npm run screenshots [-- --url http://127.0.0.1:3000] [--out var/screenshots]` — full-page screenshots of
 * home, results, listing, map (Milano, and zoom 13 over the centre), agency, MyCasa and login, at phone
 * (390 × 844) and desktop (1366 × 900) sizes, for reviews (issue 27). Without --url it builds when stale and
 * starts the portal in-process on the small test dataset (about a minute). Output is not committed (var/).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { launchChromium } from "../e2e/browser.ts";
import { startTestPortal } from "../test/portal.ts";
import { ensureBuild } from "./ensure-build.ts";

const { values } = parseArgs({ options: { url: { type: "string" }, out: { type: "string", default: "var/screenshots" } } });
mkdirSync(values.out, { recursive: true });
let portal: Awaited<ReturnType<typeof startTestPortal>> | null = null;
let base = values.url;
if (!base) {
  ensureBuild();
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  base = portal.url;
}
const browser = await launchChromium();
try {
  const probe = await browser.newPage();
  await probe.goto(`${base}/vendita/case/milano/`);
  const listing = await probe.locator('a[href^="/annunci/"]').first().getAttribute("href");
  await probe.goto(`${base}${listing}`);
  const agency = await probe.locator('a[href^="/agenzie/"]').first().getAttribute("href");
  await probe.close();
  const pages: [string, string][] = [
    ["home", "/"],
    ["results", "/vendita/case/milano/"],
    ["listing", listing!],
    ["map", "/vendita/case/milano/mappa/"],
    ["map-z13", "/vendita/case/mappa/?geobounds=9.15,45.445,9.23,45.485&zoom=13"],
    ["agency", agency ?? "/trova-agenzia/"],
    ["mycasa", "/mycasa/"],
    ["login", "/accedi/"],
  ];
  const devices = {
    phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    desktop: { viewport: { width: 1366, height: 900 } },
  };
  for (const [device, options] of Object.entries(devices)) {
    const context = await browser.newContext(options);
    for (const [name, path] of pages) {
      const page = await context.newPage();
      await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
      // As a returning visitor sees it: the cookie question answered.
      const refuse = page.getByRole("button", { name: "Rifiuta", exact: true });
      if (await refuse.isVisible()) await refuse.click();
      if (path.includes("/mappa/")) {
        // The map reports what it drew after it settles (search-map.client.ts): labels and lines are on screen.
        await page
          .locator(".search-map__canvas[data-metro-lines]")
          .waitFor({ state: "attached", timeout: 30_000 })
          .catch(() => {});
        await page.waitForLoadState("networkidle");
      }
      const file = join(values.out, `${name}-${device}.png`);
      await page.screenshot({ path: file, fullPage: !path.includes("/mappa/") });
      process.stdout.write(`${file}\n`);
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  await portal?.stop();
}
