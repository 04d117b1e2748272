/**
 * `npm run bench:load -- [count]`: generates and loads `count` listings (default 1,200,000) into the
 * PostgreSQL server (BENCH_DATABASE_URL, default database casa_bench on 127.0.0.1), sampling memory
 * as it goes to show that it stays flat.
 */
import pg from "pg";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadDataset } from "../etl/load.ts";

const count = Number(process.argv[2] ?? 1_200_000);
const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/casa_bench";
const target = new URL(url);
const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
await admin.connect();
const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [target.pathname.slice(1)]);
if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${target.pathname.slice(1).replace(/[^a-z0-9_]/g, "")}`);
await admin.end();

const handle = await openDatabase({ url, dataDir: "" });
await migrateToLatest(handle.db);
const started = performance.now();
const samples: string[] = [];
let nextSample = 0;
let peakRss = 0;
const info = await loadDataset(
  handle.db,
  { seed: "bench", count, referenceDate: new Date("2026-11-01T00:00:00Z") },
  (phase, done, total) => {
    const rss = process.memoryUsage().rss;
    peakRss = Math.max(peakRss, rss);
    if (phase === "annunci" && done >= nextSample) {
      samples.push(
        `${Math.round((done / total) * 100)}%: ${Math.round(rss / 1e6)} MB after ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      nextSample += total / 10;
    }
  },
);
const seconds = (performance.now() - started) / 1000;
await handle.close();
console.log(
  `loaded ${info.listings.toLocaleString("it-IT")} listings and ${info.places.toLocaleString("it-IT")} places in ${seconds.toFixed(0)} s (${Math.round(info.listings / seconds).toLocaleString("it-IT")} listings/s)`,
);
console.log(`resident memory: ${samples.join("; ")}; peak ${Math.round(peakRss / 1e6)} MB`);
