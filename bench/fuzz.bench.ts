/**
 * `npm run fuzz` — 10,000 generated requests per JSON endpoint (every route of app/routes.ts under
 * /portal-srp/api/v1 and /lh/v2; generators in test/fuzz-inputs.ts) against an in-process portal on
 * the test dataset (embedded database in memory), asserting that none answers 5xx. Prints the status
 * counts per endpoint and, for any 5xx, the request that caused it; exits 1 if there was one.
 *
 * Options: --runs N per endpoint (default 10000), --seed S (default random, printed), --concurrency C (default 4).
 */
import fc from "fast-check";
import { parseArgs } from "node:util";
import { ensureBuild } from "../scripts/ensure-build.ts";
import { fuzzEndpoints, requestFor, type FuzzRequest } from "../test/fuzz-inputs.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "10000" }, seed: { type: "string" }, concurrency: { type: "string", default: "4" } },
});
const runs = Number(values.runs);
const seed = Number(values.seed ?? Math.floor(Math.random() * 2 ** 31));
const concurrency = Number(values.concurrency);
if (!ensureBuild()) process.exit(1);
process.stdout.write(`fuzz: ${runs} requests × ${fuzzEndpoints.length} endpoints, seed ${seed}\n`);

const portal = await startTestPortal({ url: undefined, dataDir: "memory://" }, BULK_CLIENT);
const failures: Array<{ req: FuzzRequest; status: number; text: string }> = [];
const started = performance.now();
let total = 0;
for (const [i, endpoint] of fuzzEndpoints.entries()) {
  const requests = fc.sample(requestFor(endpoint), { numRuns: runs, seed: seed + i });
  const statuses = new Map<number, number>();
  const t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const req = requests[next++]!;
        const res = await fetch(`${portal.url}${req.path}`, {
          method: req.method,
          headers: { "content-type": "application/json" },
          body: req.body,
        });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500 || (res.status >= 400 && !/"message"/.test(text)))
          failures.push({ req, status: res.status, text: text.slice(0, 300) });
      }
    }),
  );
  total += requests.length;
  const counts = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ");
  process.stdout.write(`${endpoint.padEnd(34)} ${counts}  (${Math.round(performance.now() - t)} ms)\n`);
}
await portal.stop();
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  `\n${total} requests in ${seconds.toFixed(0)} s (${Math.round(total / seconds)} req/s), ${failures.length} answered 5xx or without a message\n`,
);
for (const f of failures.slice(0, 20))
  process.stdout.write(`${f.status} ${f.req.method} ${f.req.path} ${f.req.body?.slice(0, 400) ?? ""}\n  → ${f.text}\n`);
process.exit(failures.length > 0 ? 1 : 0);
