/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port, that the test may stop
 * and start (database outages). Never the shared server. PostgreSQL refuses to run as root, so as root
 * the binaries run as the `postgres` user.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { userInfo } from "node:os";

/** The newest installed PostgreSQL's bin folder, or null (then the tests that need it say so and skip). */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  start(): void;
  stop(): void;
  dispose(): void;
}

/** A temporary folder PostgreSQL may own, and how to run its tools there (as `postgres` when root). */
function clusterFolder(bin: string): { dir: string; run: (tool: string, args: string[]) => Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "casa-pg-"));
  chmodSync(dir, 0o755);
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? "runuser" : join(bin, tool), asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args, {
      stdio: "pipe",
      timeout: 120_000,
    });
  return { dir, run };
}

function clusterIn(dir: string, run: (tool: string, args: string[]) => Buffer, port: number, settings: string[]): ThrowawayPostgres {
  const data = join(dir, "data");
  const options = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`,
    ...settings.map((s) => `-c ${s}`),
  ].join(" ");
  const cluster: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => {
      run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "60", "start"]);
    },
    stop: () => {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
    },
    dispose: () => {
      try {
        cluster.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** A new cluster, started; `settings` are extra `name=value` server settings. */
export async function startThrowawayPostgres(options: { settings?: string[] } = {}): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL's initdb is not installed");
  const { dir, run } = clusterFolder(bin);
  run("initdb", ["-D", join(dir, "data"), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]);
  const cluster = clusterIn(dir, run, await freePort(), options.settings ?? []);
  cluster.start();
  return cluster;
}

/**
 * A streaming replica of `primary` (pg_basebackup -R: a standby that follows it), started on its own port.
 * `settings` such as `recovery_min_apply_delay=10s` inject lag.
 */
export async function startThrowawayReplica(primary: ThrowawayPostgres, options: { settings?: string[] } = {}): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL's initdb is not installed");
  const { dir, run } = clusterFolder(bin);
  try {
    // A fast checkpoint: the default spread one makes the backup wait for most of checkpoint_timeout.
    run("pg_basebackup", [
      "-D",
      join(dir, "data"),
      "-h",
      "127.0.0.1",
      "-p",
      String(primary.port),
      "-U",
      "postgres",
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
      "--no-sync",
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const cluster = clusterIn(dir, run, await freePort(), ["hot_standby_feedback=on", ...(options.settings ?? [])]);
  cluster.start();
  return cluster;
}
