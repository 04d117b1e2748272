/**
 * Vitest global setup for integration and e2e tests: the PGlite dump of the test dataset, made once per
 * run (test/dataset-snapshots.ts). When several projects run together they share one dump.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makePgliteSnapshot, PGLITE_SNAPSHOT_ENV } from "./dataset-snapshots.ts";

interface Shared {
  users: number;
  ready: Promise<string>;
}
const key = Symbol.for("casa.test.pgliteSnapshot");
const shared = globalThis as { [key]?: Shared };

export default async function setup(): Promise<() => void> {
  shared[key] ??= {
    users: 0,
    ready: (async () => {
      const dir = mkdtempSync(join(tmpdir(), "casa-test-pglite-"));
      const path = join(dir, "dataset.tar");
      writeFileSync(path, new Uint8Array(await (await makePgliteSnapshot()).arrayBuffer()));
      return path;
    })(),
  };
  const state = shared[key];
  state.users++;
  process.env[PGLITE_SNAPSHOT_ENV] = await state.ready;
  return () => {
    if (--state.users > 0) return;
    rmSync(join(process.env[PGLITE_SNAPSHOT_ENV]!, ".."), { recursive: true, force: true });
    delete shared[key];
    delete process.env[PGLITE_SNAPSHOT_ENV];
  };
}
