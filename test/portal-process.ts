/**
 * The portal as production runs it: `node scripts/start.ts` in a child process, a cluster primary and
 * WEB_CONCURRENCY worker processes sharing one port (server/app.ts). For tests of processes and of several
 * nodes (server/postgres-operations.integration.test.ts, server/scale-out.integration.test.ts).
 */
import { spawn } from "node:child_process";
import { get as httpGet } from "node:http";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

export interface PortalProcess {
  /** http://localhost:PORT, once every worker serves. */
  url: string;
  /** The cluster primary's pid (it serves nothing itself). */
  pid: number;
  /** Resolves with the primary's exit code. */
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** The JSON log lines on stdout (pino: msg, pid, …). */
  logs(): { msg: string; pid: number; [key: string]: unknown }[];
  /** SIGTERM (every worker stops gracefully, then the primary), and its exit code. */
  stop(): Promise<number | null>;
  kill(): void;
  /** The last lines of stdout and stderr, for a failure's message. */
  tail(): string;
}

/** GET on a new connection (the cluster hands new connections to its workers in turn): status and JSON body. */
export function getOnNewConnection(
  base: string,
  path: string,
  timeoutMs = 5000,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(`${base}${path}`, { agent: false }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) as Record<string, unknown> });
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    // A connection handed to a worker as it is killed is never answered.
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on("error", reject);
  });
}

/** The pid of the worker that answers /healthz on a new connection (2 s at most: one handed to a dying worker hangs). */
export async function servingPid(base: string): Promise<number> {
  return (await getOnNewConnection(base, "/healthz", 2000)).body.pid as number;
}

/**
 * What a portal started as a child process (`scripts/start.ts`) gets: this process's environment without its NODE_ENV,
 * and `env` over it. The test projects that run the built portal set NODE_ENV=production so that in-process portals
 * render with production React (vitest.config.ts); a child sets its own default as `npm start` does
 * (scripts/ensure-build.ts), and so does not look like an operator's production deployment (server/config.ts).
 */
export function childPortalEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const { NODE_ENV: _worker, ...inherited } = process.env;
  return { ...inherited, ...env };
}

/**
 * Starts `scripts/start.ts` with `env` over this process's environment (PORT=0, HOST=127.0.0.1 and
 * LOG_LEVEL=info unless given) and resolves once it says every worker is ready; rejects with its output if it
 * exits first or is not ready within `timeoutMs`.
 */
export async function startPortalProcess(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<PortalProcess> {
  const child = spawn(process.execPath, [join(root, "scripts/start.ts")], {
    cwd: root,
    env: childPortalEnv({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const tail = () => `stdout:\n${stdout.slice(-3000)}\nstderr:\n${stderr.slice(-3000)}`;
  const ready = /Portale pronto: (http:\/\/localhost:\d+)(?: \(\d+ process[oi]\))?\n/;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the portal was not ready within ${timeoutMs / 1000} s\n${tail()}`));
    }, timeoutMs);
    const onData = () => {
      const m = ready.exec(stdout);
      if (!m) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      resolve(m[1]!);
    };
    child.stdout.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the portal exited with ${code} before it was ready\n${tail()}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    logs: () =>
      stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { msg: string; pid: number }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
    tail,
  };
}
