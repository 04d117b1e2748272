/** Builds the app (`react-router build`) when any source is newer than build/server/index.js. */
import { type SpawnOptions, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { compressAssets } from "./compress-assets.ts";

export const projectRoot = new URL("..", import.meta.url).pathname;
/** Where `react-router build` writes (react-router.config.ts reads the same variable). */
export const buildDirectory = join(projectRoot, process.env.CASA_BUILD_DIR ?? "build");
export const serverEntry = join(buildDirectory, "server/index.js");
/** The browser's files (React Router's client build), served by the portal from here. */
export const clientDirectory = join(buildDirectory, "client");

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function buildIsCurrent(): boolean {
  const inputs = ["app", "core", "db", "etl", "server", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
  const sourceTime = Math.max(...inputs.map((p) => newestMtime(join(projectRoot, p))));
  return existsSync(serverEntry) && statSync(serverEntry).mtimeMs >= sourceTime;
}

const BUILD_COMMAND = join(projectRoot, "node_modules/.bin/react-router");
// Always a production build, whatever NODE_ENV the caller runs with (Vitest's unit project has "test").
const buildOptions = (): SpawnOptions => ({
  cwd: projectRoot,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, NODE_ENV: "production" },
});

/** Returns false when the build failed (its errors are on stderr). */
export function ensureBuild(log: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): boolean {
  if (buildIsCurrent()) return true;
  log("Compilazione del portale…");
  if (spawnSync(BUILD_COMMAND, ["build"], buildOptions()).status !== 0) return false;
  compressAssets(clientDirectory);
  return true;
}

/** `ensureBuild` in a child process the caller can wait for while it does other work (the tests' setup). */
export async function ensureBuildInBackground(): Promise<boolean> {
  if (buildIsCurrent()) return true;
  const run = (command: string, args: string[]) =>
    new Promise<boolean>((resolve) => {
      const child = spawn(command, args, buildOptions());
      child.once("error", () => resolve(false));
      child.once("exit", (status) => resolve(status === 0));
    });
  // Compressing is a child too: in this process it would hold the event loop for seconds.
  return (
    (await run(BUILD_COMMAND, ["build"])) &&
    (await run(process.execPath, [join(projectRoot, "scripts/compress-assets.ts"), clientDirectory]))
  );
}

/**
 * Loads the built server. React (and other libraries) choose their development or production build from
 * NODE_ENV when first loaded, and the server bundle loads them from node_modules: unset, every page was
 * rendered by development React at about twice the CPU. The test projects that start portals set it to production
 * themselves (vitest.config.ts).
 */
export async function importServerBuild<T>(): Promise<T> {
  if (process.env.NODE_ENV === undefined) {
    process.env.NODE_ENV = "production";
    // React's build choice only, not the operator declaring production (server/config.ts declaresProduction).
    process.env.NODE_ENV_DEFAULTED = "1";
  }
  return (await import(pathToFileURL(serverEntry).href)) as T;
}
