/**
 * `npm run bench:map-browser` — the search map in this machine's Chromium (issue 10 "Speed"):
 *
 * 1. Panning: a desktop window (1280 × 900, as the map e2e tests) opens a map page whose view holds at
 *    least 5,000 listings (Milano's map: counted cells, as the map draws a view of more than 300 listings),
 *    the mouse drags the map around in circles for a few seconds, and the page records every
 *    requestAnimationFrame: frame rate median and 5th percentile (the slow frames). The same for a street
 *    view of Milano's centre, where every listing is a price pin (the densest drawing the map makes).
 *    And the renderer's floor: the same panning over a bare MapLibre map (one background layer, nothing
 *    else), which no map drawn by this Chromium can beat.
 * 2. First map render on a phone: Lighthouse's mobile settings as DevTools applies them (412 × 823 at
 *    DPR 1.75, touch, 4× CPU slowdown, 562.5 ms round trip, 1.47 Mbit/s down, 0.68 Mbit/s up) on a fresh
 *    profile: Largest Contentful Paint from a PerformanceObserver, and the time until the map is drawn
 *    (`data-map-state` ready with its markers). Lighthouse itself is not a project dependency; run it
 *    with npx as docs/BENCHMARKS.md shows for the Lighthouse score.
 *
 * WebGL is software-rendered (SwiftShader), as in the map e2e tests; the machine may be shared, so every
 * figure comes with the load average at the time.
 *
 *   npm run bench:map-browser                       starts the portal on casa_bench (1.2 M listings; ~40 s)
 *   npm run bench:map-browser -- --url http://…     uses a portal that is already running
 *
 * Options: --path (default /vendita/case/milano/mappa/), --seconds of panning per run (default 5),
 * --runs (default 3), --phone-runs (default 3), --database (default casa_bench on 127.0.0.1).
 * The portal only reads the database (it is started as `npm start` is, on data already loaded).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/browser.ts";
import { MAPLIBRE_VERSION } from "../app/ui/maplibre.client.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    path: { type: "string", default: "/vendita/case/milano/mappa/" },
    seconds: { type: "string", default: "5" },
    runs: { type: "string", default: "3" },
    "phone-runs": { type: "string", default: "3" },
    database: { type: "string", default: "postgres://postgres@127.0.0.1:5432/casa_bench" },
  },
});
const root = new URL("..", import.meta.url).pathname;
const MIN_LISTINGS = 5_000;
/** Milano's centre at zoom 15: about 250 listings, every one a price pin. */
const STREET_VIEW = "/vendita/case/mappa/?geobounds=9.17,45.455,9.21,45.475&zoom=15";

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))]!;

async function startPortal(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(root, "scripts/start.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: values.database,
      DEMO_SEED: "bench",
      DEMO_COUNT: "1200000",
      WEB_CONCURRENCY: "1",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // One browser asks for a map's markers, boundaries and list pages in bursts: not what the limits are for.
      RATE_LIMIT_MULTIPLIER: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /Portale pronto: (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`the portal exited with ${code}`)));
  });
  // Warm, as in steady operation: the listing facts (cells and pins) are loaded (~40 s at 1.2 M).
  while (
    !(await fetch(`${url}/readyz`).then(
      async (r) => r.ok && (await r.json()).warm === true,
      () => false,
    ))
  )
    await new Promise((r) => setTimeout(r, 1000));
  return { url, child };
}

async function openBrowser(
  options: Parameters<typeof chromium.launchPersistentContext>[1],
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "casa-bench-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    locale: "it-IT",
    ...options,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the map is drawn with its markers and stays so for a second (the first view settles into a
 * bounds search and a second markers load); returns what it shows.
 */
async function mapDrawn(page: Page, timeout = 120_000): Promise<{ markers: number; total: number }> {
  const read = () =>
    page.evaluate(() => {
      const el = document.querySelector("[data-testid=search-map]");
      const markers = el?.getAttribute("data-markers") ?? "";
      const total = el?.getAttribute("data-markers-total") ?? "";
      // Both are empty while markers load; before the first load there is no total.
      return el?.getAttribute("data-map-state") === "ready" && /^\d+$/.test(markers) && /^\d+$/.test(total) ? `${markers}/${total}` : null;
    });
  const deadline = Date.now() + timeout;
  let last: string | null = null;
  while (Date.now() < deadline) {
    const now = await read();
    if (now !== null && now === last) {
      const [markers, total] = now.split("/").map(Number) as [number, number];
      return { markers, total };
    }
    last = now;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("the map did not finish drawing its markers");
}

/** The page's frame rate while nothing moves, for comparison: every requestAnimationFrame for a second. */
async function idleFps(page: Page): Promise<number> {
  const frames = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let count = 0;
        const start = performance.now();
        const tick = (t: number) => {
          count++;
          if (t - start < 1000) requestAnimationFrame(tick);
          else resolve((count * 1000) / (t - start));
        };
        requestAnimationFrame(tick);
      }),
  );
  return frames;
}

// ---------- 1. panning ----------

/** Drags the map in circles for `seconds` over the element in `box`; every requestAnimationFrame as fps, and the main thread's busy share. */
async function dragAndRecord(
  context: BrowserContext,
  page: Page,
  box: { x: number; y: number; width: number; height: number },
  seconds: number,
): Promise<{ fps: number[]; mainThread: number; load: string }> {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const radius = Math.min(box.width, box.height) / 5;
  // Every frame the page produces while the mouse drags the map.
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__frames = [];
    w.__recording = true;
    const tick = (t: number) => {
      w.__frames.push(t);
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const taskSeconds = async () =>
    (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration")?.value ?? Number.NaN;
  const tasksBefore = await taskSeconds();
  await page.mouse.move(cx + radius, cy);
  await page.mouse.down();
  const started = performance.now();
  // Circles around the start, so the view stays over the same dense area: about 60 mouse moves a second.
  for (let step = 0; performance.now() - started < seconds * 1000; step++) {
    const angle = step / 20;
    await page.mouse.move(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
    await new Promise((r) => setTimeout(r, 16));
  }
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });
  const busy = (await taskSeconds()) - tasksBefore;
  const elapsed = (performance.now() - started) / 1000;
  const measuredLoad = load();
  await page.mouse.up();
  const fps = frames
    .slice(1)
    .map((t, i) => t - frames[i]!)
    .filter((d) => d > 0)
    .map((d) => 1000 / d);
  return { fps, mainThread: busy / elapsed, load: measuredLoad };
}

async function panRun(
  url: string,
  seconds: number,
  minListings: number,
): Promise<{ fps: number[]; idle: number; mainThread: number; before: { markers: number; total: number }; load: string }> {
  const browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await browser.context.newPage();
    await page.goto(url);
    const before = await mapDrawn(page);
    const idle = await idleFps(page);
    if (before.total < minListings)
      throw new Error(`the view holds ${before.total} listings, fewer than ${minListings}: choose a denser --path`);
    const box = (await page.locator(".search-map__canvas canvas").boundingBox())!;
    return { ...(await dragAndRecord(browser.context, page, box, seconds)), idle, before };
  } finally {
    await browser.close();
  }
}

/**
 * The renderer's floor: the same window and panning on a page that holds nothing but a MapLibre map whose
 * style is one background layer (no sources, no markers, no portal code), MapLibre served by the portal
 * from /vendor/ as on the map pages. No map this Chromium draws can pan faster than this.
 */
async function floorRun(portalUrl: string, seconds: number): Promise<{ fps: number[]; mainThread: number; load: string }> {
  const browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await browser.context.newPage();
    const vendor = `/vendor/maplibre-gl/${MAPLIBRE_VERSION}`;
    const html = `<!doctype html><html><head><link rel="stylesheet" href="${vendor}/maplibre-gl.css">
<style>html,body,#map{margin:0;width:100%;height:100%}</style></head><body><div id="map"></div>
<script type="module">
import * as maplibregl from "${vendor}/maplibre-gl.mjs";
const map = new maplibregl.Map({ container: "map", center: [9.19, 45.46], zoom: 11,
  style: { version: 8, sources: {}, layers: [{ id: "background", type: "background", paint: { "background-color": "#f2efe9" } }] } });
map.on("load", () => { window.__ready = true; });
</script></body></html>`;
    // A page of the portal's origin (so MapLibre's module worker loads from /vendor/), answered by the browser itself.
    await page.route(`${portalUrl}/__map-floor`, (route) => route.fulfill({ contentType: "text/html", body: html }));
    await page.goto(`${portalUrl}/__map-floor`);
    await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true, null, { timeout: 60_000 });
    await new Promise((r) => setTimeout(r, 1000));
    const box = (await page.locator("#map canvas").boundingBox())!;
    return await dragAndRecord(browser.context, page, box, seconds);
  } finally {
    await browser.close();
  }
}

// ---------- 2. first map render on a phone ----------

interface LighthouseResult {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string;
}

/**
 * Lighthouse's own mobile run (simulated throttling), through npx as docs/BENCHMARKS.md runs it: not a
 * project dependency. Null when npx cannot fetch or run it (offline).
 */
async function lighthouseRun(url: string): Promise<LighthouseResult | null> {
  const out = join(mkdtempSync(join(tmpdir(), "casa-lighthouse-")), "report.json");
  let errors = "";
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      "npx",
      [
        "-y",
        "lighthouse@13",
        url,
        "--only-categories=performance",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        `--chrome-flags=${CHROMIUM_FLAGS.join(" ")}`,
      ],
      // Lighthouse 13 wants Node 22.19 or newer: the project's Node first on the PATH.
      {
        env: { ...process.env, CHROME_PATH: CHROMIUM_PATH, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    child.stderr!.on("data", (d) => (errors += d));
    child.on("exit", resolve);
    child.on("error", () => resolve(null));
  });
  if (code !== 0) {
    const said = errors
      .split("\n")
      .filter((line) => line.trim() && !line.startsWith("npm warn"))
      .slice(-3)
      .join(" | ");
    console.log(`Lighthouse failed (exit ${code}): ${said}`);
    return null;
  }
  const report = JSON.parse(readFileSync(out, "utf8")) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number; details?: { items?: Array<{ type?: string; selector?: string }> } }>;
  };
  rmSync(dirname(out), { recursive: true, force: true });
  const a = report.audits;
  const lcpNode = a["lcp-breakdown-insight"]?.details?.items?.find((item) => item.type === "node");
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: a["first-contentful-paint"]?.numericValue ?? Number.NaN,
    lcp: a["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbt: a["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: a["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    lcpElement: lcpNode?.selector ?? "?",
  };
}

/** Lighthouse's mobile settings (its constants.js: moto G Power, mobileSlow4G with DevTools' throttling adjustments). */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
  cpuSlowdown: 4,
  network: { latency: 150 * 3.75, downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9, uploadThroughput: ((750 * 1024) / 8) * 0.9 },
};

async function phoneRun(url: string): Promise<{ lcp: number; lcpElement: string; mapDrawn: number; fcp: number; load: string }> {
  const { cpuSlowdown, network, ...device } = PHONE;
  const browser = await openBrowser(device);
  try {
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...network });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: { time: number; element: string } | null };
      w.__lcp = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
          const el = entry.element;
          w.__lcp = {
            time: entry.startTime,
            element: el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ")[0]}` : ""}` : "?",
          };
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    // When the map first shows markers (the page's clock, from navigation start).
    const drawnAt = (await (
      await page.waitForFunction(
        () => {
          const el = document.querySelector("[data-testid=search-map]");
          const ready =
            el?.getAttribute("data-map-state") === "ready" &&
            /^[1-9]\d*$/.test(el.getAttribute("data-markers") ?? "") &&
            /^\d+$/.test(el.getAttribute("data-markers-total") ?? "");
          return ready ? performance.now() : null;
        },
        null,
        { timeout: 120_000, polling: 50 },
      )
    ).jsonValue()) as number;
    // LCP is final at the first input; a tap on the page header settles it.
    await page.mouse.click(5, 5);
    const result = await page.evaluate(() => {
      const w = window as unknown as { __lcp: { time: number; element: string } | null };
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
      return { lcp: w.__lcp?.time ?? Number.NaN, lcpElement: w.__lcp?.element ?? "none", fcp };
    });
    return { ...result, mapDrawn: drawnAt, load: load() };
  } finally {
    await browser.close();
  }
}

const portal = values.url ? { url: values.url, child: null } : await startPortal();
try {
  const url = `${portal.url}${values.path}`;
  console.log(`load average at start (1/5/15 min): ${load()}`);
  // The issue's case: a view over at least 5,000 listings (drawn as counted cells, as the map draws a view of
  // more than 300 listings); and the densest drawing the map makes, a street-level view of price pins.
  const scenarios = [
    { name: "city view", path: values.path, minListings: MIN_LISTINGS },
    { name: "street view, price pins", path: STREET_VIEW, minListings: 0 },
  ];
  for (const scenario of scenarios) {
    const allFps: number[] = [];
    for (let run = 1; run <= Number(values.runs); run++) {
      const {
        fps,
        idle,
        mainThread,
        before,
        load: l,
      } = await panRun(`${portal.url}${scenario.path}`, Number(values.seconds), scenario.minListings);
      allFps.push(...fps);
      const sorted = [...fps].sort((a, b) => a - b);
      console.log(
        `panning, ${scenario.name} ${scenario.path}, run ${run}: ${before.total} listings in view (${before.markers} markers drawn), ` +
          `idle ${idle.toFixed(0)} fps; panning ${values.seconds} s: ${fps.length} frames (${(fps.length / Number(values.seconds)).toFixed(1)} a second), fps median ${quantile(sorted, 0.5).toFixed(1)}, p5 ${quantile(sorted, 0.05).toFixed(1)}, ` +
          `page's main thread busy ${(mainThread * 100).toFixed(0)} %; load average ${l}`,
      );
    }
    const sorted = allFps.sort((a, b) => a - b);
    console.log(
      `panning, ${scenario.name}, all runs: fps median ${quantile(sorted, 0.5).toFixed(1)}, p5 ${quantile(sorted, 0.05).toFixed(1)} (target ≥ 50)`,
    );
  }
  for (let run = 1; run <= Number(values.runs); run++) {
    const { fps, mainThread, load: l } = await floorRun(portal.url, Number(values.seconds));
    const sorted = [...fps].sort((a, b) => a - b);
    console.log(
      `panning, renderer's floor (MapLibre with a background layer only), run ${run}: ${fps.length} frames ` +
        `(${(fps.length / Number(values.seconds)).toFixed(1)} a second), fps median ${quantile(sorted, 0.5).toFixed(1)}, p5 ${quantile(sorted, 0.05).toFixed(1)}, ` +
        `page's main thread busy ${(mainThread * 100).toFixed(0)} %; load average ${l}`,
    );
  }

  const median = (xs: number[]) =>
    quantile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  const lighthouse: LighthouseResult[] = [];
  for (let run = 1; run <= Number(values["phone-runs"]); run++) {
    const r = await lighthouseRun(url);
    if (!r) {
      console.log("Lighthouse: npx could not run lighthouse@13 (offline?); only the PerformanceObserver figures below");
      break;
    }
    lighthouse.push(r);
    console.log(
      `Lighthouse mobile run ${run}: performance ${r.score}, FCP ${(r.fcp / 1000).toFixed(2)} s, LCP ${(r.lcp / 1000).toFixed(2)} s (${r.lcpElement}), ` +
        `TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}; load average ${load()}`,
    );
  }
  if (lighthouse.length > 0)
    console.log(`Lighthouse mobile: LCP median ${(median(lighthouse.map((r) => r.lcp)) / 1000).toFixed(2)} s (target ≤ 2.5 s)`);

  // Lighthouse does not count a canvas as contentful: the map itself, drawn with its markers, measured in the page.
  const lcps: number[] = [];
  const drawn: number[] = [];
  for (let run = 1; run <= Number(values["phone-runs"]); run++) {
    const r = await phoneRun(url);
    lcps.push(r.lcp);
    drawn.push(r.mapDrawn);
    console.log(
      `phone run ${run} (DevTools throttling, observed): FCP ${(r.fcp / 1000).toFixed(2)} s, LCP ${(r.lcp / 1000).toFixed(2)} s (${r.lcpElement}), ` +
        `map drawn with its markers ${(r.mapDrawn / 1000).toFixed(2)} s; load average ${r.load}`,
    );
  }
  console.log(
    `phone, observed: LCP median ${(median(lcps) / 1000).toFixed(2)} s, map drawn with its markers median ${(median(drawn) / 1000).toFixed(2)} s`,
  );
} finally {
  portal.child?.kill("SIGTERM");
}
process.exit(0);
