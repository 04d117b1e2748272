/**
 * `npm start`: builds the app when the sources are newer than the build, then runs the server
 * (which migrates and loads the demo data on first start). Runs on Node 24 directly from TypeScript.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("..", import.meta.url).pathname;
const serverEntry = join(root, "build/server/index.js");

if (Number(process.versions.node.split(".")[0]) < 24) {
  process.stderr.write(`casa-portal: Node.js 24 or newer is needed (this is ${process.version}); see README.md\n`);
  process.exit(1);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = ["app", "core", "db", "etl", "server"].map((d) => join(root, d)).filter(existsSync);
const sourceTime = Math.max(...sources.map(newestMtime), ...["vite.config.ts", "react-router.config.ts", "package-lock.json"].map((f) => (existsSync(join(root, f)) ? statSync(join(root, f)).mtimeMs : 0)));
if (!existsSync(serverEntry) || statSync(serverEntry).mtimeMs < sourceTime) {
  process.stdout.write("Compilazione del portale…\n");
  const result = spawnSync(join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) {
    process.stderr.write("casa-portal: the build failed (see above); run `npm run build` for details\n");
    process.exit(1);
  }
}

const { main } = (await import(pathToFileURL(serverEntry).href)) as { main: () => Promise<void> };
await main();
