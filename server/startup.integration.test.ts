/** Start-up failures end with one clear line and a non-zero exit (issue: bad input). */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { childPortalEnv } from "../test/portal-process.ts";

const root = new URL("..", import.meta.url).pathname;

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, "scripts/start.ts")], {
      cwd: root,
      env: childPortalEnv({ LOG_LEVEL: "silent", DEMO_COUNT: "100", ...env }),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("start-up errors", () => {
  it("reports a port in use", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    const { code, stderr } = await start({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: mkdtempSync(join(tmpdir(), "casa-")) });
    blocker.close();
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(new RegExp(`^casa-portal: port ${port} is already in use: .*PORT=`));
  });

  it("reports an unreachable DATABASE_URL", async () => {
    const { code, stderr } = await start({ PORT: "0", DATABASE_URL: "postgres://postgres@127.0.0.1:1/nothing" });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^casa-portal: cannot connect to postgres:\/\/.*127\.0\.0\.1:1\/nothing: .*unset DATABASE_URL/);
  });

  it("reports a corrupt data folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "casa-corrupt-"));
    mkdirSync(join(dir, "base"));
    writeFileSync(join(dir, "PG_VERSION"), "garbage\n");
    writeFileSync(join(dir, "global"), "not a directory");
    const { code, stderr } = await start({ PORT: "0", DATA_DIR: dir });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n").at(-1)).toMatch(/^casa-portal: .*(cannot be opened|delete that folder)/);
  });

  it("refuses the development outbox with an https PUBLIC_URL or NODE_ENV=production (docs/decisions/074)", async () => {
    for (const env of [
      { DEV_OUTBOX: "on", PUBLIC_URL: "https://casa.example" } as Record<string, string>,
      { DEV_OUTBOX: "on", NODE_ENV: "production" },
    ]) {
      const { code, stderr } = await start(env);
      expect(code).toBe(1);
      expect(stderr).toMatch(/^casa-portal: invalid configuration: DEV_OUTBOX: .*NODE_ENV=production or an https PUBLIC_URL/);
    }
  });

  it("reports invalid settings by name", async () => {
    const { code, stderr } = await start({ PORT: "99999" });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^casa-portal: invalid configuration: PORT:/);
  });
});
