/**
 * The portal as `npm start` runs it serves the browser's files: every script and stylesheet a page
 * names, and every chunk the client build wrote (the lazy ones too). The server learns where the client
 * build is from the build's root (scripts/ensure-build.ts), not from the location of the module holding
 * its code: Vite moves server/app.ts out of build/server/index.js as soon as the server bundle is split.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientDirectory, projectRoot } from "../scripts/ensure-build.ts";
import { pgliteSnapshotCopy, TEST_DATASET_ENV } from "../test/dataset-snapshots.ts";
import { childPortalEnv } from "../test/portal-process.ts";

let child: ChildProcess;
let url = "";
let copy: ReturnType<typeof pgliteSnapshotCopy>;

beforeAll(async () => {
  // The run's seeded copy of the test dataset (test/dataset-snapshots.ts): the start finds its data there instead of
  // loading the gazetteer into an empty database first (15 s of the file's 20).
  copy = pgliteSnapshotCopy();
  child = spawn(process.execPath, [join(projectRoot, "scripts/start.ts")], {
    cwd: projectRoot,
    env: childPortalEnv({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: copy?.dataDir ?? "memory://",
      ...TEST_DATASET_ENV,
      LOG_LEVEL: "silent",
    }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      const ready = /Portale pronto: (\S+)/.exec(out);
      if (ready) resolve(ready[1]!);
    });
    child.on("exit", (code) => reject(new Error(`npm start exited with ${code} before it was ready:\n${out}`)));
  });
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    await exited;
  }
  copy?.dispose();
});

async function status(path: string): Promise<number> {
  const res = await fetch(new URL(path, url));
  await res.arrayBuffer();
  return res.status;
}

describe("client files under npm start", () => {
  it("serves every script and stylesheet the home, a results page and a map page name", async () => {
    for (const page of ["/", "/vendita/case/milano/", "/vendita/case/milano/mappa/"]) {
      const res = await fetch(new URL(page, url));
      expect(res.status, page).toBe(200);
      const html = await res.text();
      const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
      expect(files.length, page).toBeGreaterThan(3);
      for (const file of new Set(files)) expect(await status(file), `${file} of ${page}`).toBe(200);
    }
  });

  it("shows the demo its mail outbox at /sviluppo/posta/ (README; DEV_OUTBOX turned on by the start, docs/decisions/074)", async () => {
    const res = await fetch(new URL("/sviluppo/posta/", url), { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<h1>Posta in uscita (sviluppo)</h1>");
  });

  it("serves every chunk of the client build, the lazily loaded ones included", async () => {
    const chunks = readdirSync(join(clientDirectory, "assets")).filter((f) => f.endsWith(".js"));
    expect(chunks.some((f) => f.startsWith("search-map-page-"))).toBe(true);
    for (const chunk of chunks) expect(await status(`/assets/${chunk}`), chunk).toBe(200);
  });
});
