/**
 * `npm run bench:start`: time from process start to /readyz = 200 on the embedded database, first
 * with an empty data folder (migrate + load the default dataset), then again on the same folder.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuild } from "../scripts/ensure-build.ts";

const root = new URL("..", import.meta.url).pathname;
const port = 3900 + Math.floor(Math.random() * 50);
const dataDir = mkdtempSync(join(tmpdir(), "casa-bench-start-"));

async function timeToReady(): Promise<{ ms: number; stop: () => Promise<number> }> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, "scripts/start.ts")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - started;
  return {
    ms,
    async stop() {
      const t = performance.now();
      child.kill("SIGTERM");
      const code = await exited;
      if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM`);
      return performance.now() - t;
    },
  };
}

if (!ensureBuild()) process.exit(1);
const first = await timeToReady();
const firstStop = await first.stop();
const later: number[] = [];
for (let i = 0; i < 3; i++) {
  const run = await timeToReady();
  later.push(run.ms);
  await run.stop();
}
rmSync(dataDir, { recursive: true, force: true });
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`first start to ready (migrate + load default dataset): ${fmt(first.ms)}`);
console.log(`graceful stop on SIGTERM: ${fmt(firstStop)}`);
console.log(`later starts to ready: ${later.map(fmt).join(", ")} (median ${fmt(later.sort((a, b) => a - b)[1]!)})`);
