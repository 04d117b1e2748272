/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) on the page types of issues 25 and 27
 * against a running portal, each page RUNS times in turn, and the median run's figures with what Lighthouse
 * blames (render-blocking requests, the LCP element and its phases, long tasks). Lighthouse comes through npx,
 * not as a dependency; Chromium is CHROME_PATH (default /usr/bin/chromium).
 *
 *   PORT=3999 DATA_DIR=/tmp/lh-data npm start            # in another shell, until 'Portale pronto'
 *   BASE=http://localhost:3999 RUNS=3 npm run bench:lighthouse [-- results listing …]
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";

const base = process.env.BASE ?? "http://localhost:3999";
const runs = Number(process.env.RUNS ?? 3);
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const outDir = process.env.OUT_DIR ?? tmpdir();
const chromeFlags =
  "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

/** A listing and an agency of the data, read from the results page as a visitor would find them. */
async function samplePaths(): Promise<{ listing: string; agency: string }> {
  const html = await (await fetch(`${base}/vendita/case/milano/`)).text();
  const listing = /href="(\/annunci\/\d+\/)"/.exec(html)?.[1];
  if (!listing) throw new Error("no listing link on /vendita/case/milano/");
  const page = await (await fetch(`${base}${listing}`)).text();
  const agency = /href="(\/agenzie\/\d+-[^"/]+\/)"/.exec(page)?.[1];
  if (!agency) throw new Error(`no agency link on ${listing}`);
  return { listing, agency };
}

interface Audit {
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: { items?: Array<Record<string, unknown>> };
}
interface Report {
  categories: Record<string, { score: number }>;
  audits: Record<string, Audit>;
}

/** One Lighthouse run; a run Lighthouse itself gives up on (its trace without a navigation start, now and then) is run again, at most twice. */
function lighthouse(path: string, out: string, attempt = 1): Report {
  try {
    return lighthouseOnce(path, out);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.error(`lighthouse failed on ${path} (attempt ${attempt}), running it again`);
    return lighthouse(path, out, attempt + 1);
  }
}

function lighthouseOnce(path: string, out: string): Report {
  execFileSync(
    "npx",
    [
      "-y",
      "lighthouse@13",
      `${base}${path}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--output=json",
      `--output-path=${out}`,
      `--chrome-flags=${chromeFlags}`,
      "--quiet",
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "inherit"] },
  );
  return JSON.parse(readFileSync(out, "utf8")) as Report;
}

const score = (r: Report, c: string) => Math.round((r.categories[c]?.score ?? 0) * 100);
const ms = (r: Report, a: string) => r.audits[a]?.numericValue ?? Number.NaN;
const seconds = (v: number) => `${(v / 1000).toFixed(1)} s`;

/** What Lighthouse names as the page's cost, in one line each. */
function blame(r: Report): string[] {
  const lines: string[] = [];
  const blocking = r.audits["render-blocking-insight"]?.details?.items ?? [];
  if (blocking.length)
    lines.push(
      `render-blocking: ${blocking.map((i) => `${String(i.url).replace(base, "")} (${Math.round(Number(i.totalBytes ?? 0) / 1024)} kB)`).join(", ")}`,
    );
  const phases = r.audits["lcp-breakdown-insight"]?.details?.items?.find((i) => Array.isArray((i as { items?: unknown }).items)) as
    | { items: Array<{ label?: string; subpart?: string; duration?: number }> }
    | undefined;
  if (phases) lines.push(`LCP phases: ${phases.items.map((p) => `${p.label ?? p.subpart} ${Math.round(p.duration ?? 0)} ms`).join(", ")}`);
  const element = r.audits["largest-contentful-paint-element"]?.details?.items?.[0] as
    | { items?: Array<{ node?: { snippet?: string } }> }
    | undefined;
  const snippet = element?.items?.[0]?.node?.snippet;
  if (snippet) lines.push(`LCP element: ${snippet.slice(0, 120)}`);
  const tasks = (r.audits["long-tasks"]?.details?.items ?? []).slice(0, 5);
  if (tasks.length)
    lines.push(`long tasks: ${tasks.map((t) => `${String(t.url).replace(base, "")} ${Math.round(Number(t.duration))} ms`).join(", ")}`);
  const bootup = (r.audits["bootup-time"]?.details?.items ?? []).slice(0, 4);
  if (bootup.length)
    lines.push(`script time: ${bootup.map((b) => `${String(b.url).replace(base, "")} ${Math.round(Number(b.total))} ms`).join(", ")}`);
  return lines;
}

const { listing, agency } = await samplePaths();
const pages: Record<string, string> = {
  home: "/",
  results: "/vendita/case/milano/",
  listing,
  agency,
  hub: "/immobili/lombardia/milano/",
  guided: "/cerca-casa/",
};
const chosen = process.argv.slice(2).filter((a) => a in pages);
// A page may also be given by its path (`/immobili/lazio/roma/`), named by the path.
for (const a of process.argv.slice(2)) if (a.startsWith("/")) pages[a] = a;
console.log(
  `Lighthouse against ${base}, ${runs} runs a page; load average at start ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log("| page | performance (median, runs) | a11y | best practices | SEO | FCP / LCP / TBT / CLS (median run) | load average |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
const notes: string[] = [];
for (const [name, path] of Object.entries(pages)) {
  if ((chosen.length || Object.keys(pages).some((k) => k.startsWith("/"))) && !chosen.includes(name) && !name.startsWith("/")) continue;
  const reports: Report[] = [];
  const loads: number[] = [];
  for (let i = 0; i < runs; i++) {
    reports.push(lighthouse(path, join(outDir, `lh-${name.replace(/\W+/g, "_")}-${i}.json`)));
    loads.push(loadavg()[0]!);
  }
  const sorted = [...reports].sort((a, b) => score(a, "performance") - score(b, "performance"));
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const perf = reports.map((r) => score(r, "performance")).join(", ");
  console.log(
    `| ${name} \`${path}\` | **${score(median, "performance")}** (${perf}) | ${score(median, "accessibility")} | ${score(median, "best-practices")} | ${score(median, "seo")} | ` +
      `${seconds(ms(median, "first-contentful-paint"))} / ${seconds(ms(median, "largest-contentful-paint"))} / ${Math.round(ms(median, "total-blocking-time"))} ms / ${ms(median, "cumulative-layout-shift").toFixed(2)} | ` +
      `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} |`,
  );
  notes.push(`${name}:`, ...blame(median).map((l) => `  ${l}`));
}
console.log(`\n${notes.join("\n")}`);
