/**
 * `npm run generate -- [--count N] [--seed S] [--reference-date YYYY-MM-DD]`: (re)loads the places and
 * N demo listings into the configured database (DATABASE_URL, or the embedded one in DATA_DIR).
 * The running portal is not needed; stop it first when it uses the embedded database.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { openDatabase } from "../db/database.ts";
import { DatasetLock } from "../db/dataset-lock.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadDataset } from "../etl/load.ts";
import { loadConfig } from "../server/config.ts";
import { ProgressBar } from "../server/progress.ts";

const { values } = parseArgs({ options: { count: { type: "string" }, seed: { type: "string" }, "reference-date": { type: "string" } } });
const args = z
  .object({
    count: z.coerce.number().int().min(0).max(5_000_000).optional(),
    seed: z.string().min(1).max(100).optional(),
    "reference-date": z.iso.date().optional(),
  })
  .safeParse(values);
if (!args.success) {
  process.stderr.write(`generate: ${args.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ")}\n`);
  process.exit(2);
}
const config = loadConfig({
  ...process.env,
  ...(args.data.count !== undefined ? { DEMO_COUNT: String(args.data.count) } : {}),
  ...(args.data.seed ? { DEMO_SEED: args.data.seed } : {}),
  ...(args.data["reference-date"] ? { DEMO_REFERENCE_DATE: args.data["reference-date"] } : {}),
});
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrateToLatest(handle.db);
// A serving portal holds the dataset lock: reloading under it would block its searches (db/dataset-lock.ts).
const lock = config.DATABASE_URL ? await DatasetLock.connect(config.DATABASE_URL) : null;
if (lock && !(await lock.tryExclusive())) {
  await lock.close();
  await handle.close();
  process.stderr.write("generate: a portal is serving (or loading) this database: stop it first, then run generate again\n");
  process.exit(1);
}
const bar = new ProgressBar(process.stderr);
const info = await loadDataset(
  handle.db,
  { seed: config.DEMO_SEED, count: config.DEMO_COUNT, referenceDate: config.referenceDate },
  (p, d, t) => bar.update(p, d, t),
);
bar.done();
await lock?.close();
await handle.close();
process.stdout.write(`loaded ${info.listings} listings (seed ${info.seed}) and ${info.places} places into the ${handle.kind} database\n`);
