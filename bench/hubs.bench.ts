/**
 * `npm run bench:hubs` — server time of the province hub pages (issue 25 target: Milano, Roma, Napoli p95 ≤ 30 ms
 * at 1.2 M listings; docs/decisions/101). Starts the built portal in-process on DATABASE_URL (or the embedded
 * database in --data, default var/db), waits until it is warm (the listing facts loaded), warms each page once,
 * then requests the sale, rent, short-rent, auction and agency hubs of the three provinces (and the hubPage
 * endpoint) one at a time, round after round, and reports median, p95 and max per page kind, with the HTML size,
 * and the same for a small page of the same layout (what any page costs on the machine at that moment).
 *
 * Options: --rounds N (default 40), --data DIR (default var/db).
 */
import { parseArgs } from "node:util";
import { startBenchPortal } from "./in-process-portal.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "40" }, data: { type: "string", default: "var/db" } } });
const { base, stop } = await startBenchPortal({ DATA_DIR: values.data!, RATE_LIMIT_MULTIPLIER: "1000" });

const provinces = [
  ["lombardia", "milano"],
  ["lazio", "roma"],
  ["campania", "napoli"],
] as const;
const kinds = ["", "affitto/", "affitto-breve/", "aste/", "agenzie/"];
type Probe = { name: string; run: () => Promise<{ status: number; bytes: number }> };
const probes: Probe[] = [];
for (const [region, province] of provinces) {
  for (const kind of kinds) {
    const path = `/immobili/${region}/${province}/${kind}`;
    probes.push({
      name: `page ${kind || "vendita/"}`,
      run: async () => {
        const res = await fetch(`${base}${path}`);
        return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
      },
    });
  }
  probes.push({
    name: "POST hubPage",
    run: async () => {
      const res = await fetch(`${base}/portal-srp/api/v1/hubPage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ province }),
      });
      return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
    },
  });
}
// What any page costs on this machine now: a small page with the same layout (not counted among the hubs).
probes.push({
  name: "baseline /preferenze-cookie/",
  run: async () => {
    const res = await fetch(`${base}/preferenze-cookie/`);
    return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
  },
});
for (const p of probes) await p.run();

const times = new Map<string, number[]>();
const sizes = new Map<string, number>();
const all: number[] = [];
let failures = 0;
for (let round = 0; round < Number(values.rounds); round++) {
  for (const p of probes) {
    const t = performance.now();
    const { status, bytes } = await p.run();
    const ms = performance.now() - t;
    if (status !== 200) failures++;
    times.set(p.name, [...(times.get(p.name) ?? []), ms]);
    sizes.set(p.name, Math.max(sizes.get(p.name) ?? 0, bytes));
    if (p.name.startsWith("page")) all.push(ms);
  }
}
const q = (list: number[], p: number) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(1);
};
const listings = await fetch(`${base}/readyz`).then((r) => r.json());
console.log(`portal: ${JSON.stringify({ database: process.env.DATABASE_URL ? "postgresql" : "pglite", readyz: listings })}`);
for (const [name, list] of times)
  console.log(
    `${name}: ${list.length} requests, median ${q(list, 0.5)} ms, p95 ${q(list, 0.95)} ms, max ${q(list, 1)} ms, largest ${(sizes.get(name)! / 1024).toFixed(0)} kB`,
  );
console.log(`all hub pages: ${all.length} requests, median ${q(all, 0.5)} ms, p95 ${q(all, 0.95)} ms; non-200: ${failures}`);
await stop();
process.exit(0);
