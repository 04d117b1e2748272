// Runs Biome's lint rules and format check (biome.jsonc); `npm run format` (--write) applies both. Biome ships one native binary per platform; the registry
// this project installs from carries only the Linux ones, so they are optional dependencies and this
// script finds the one for the running platform (docs/decisions/061).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const pkg = `@biomejs/cli-${process.platform}-${process.arch}`;
let binary: string | undefined;
try {
  binary = join(
    dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)),
    process.platform === "win32" ? "biome.exe" : "biome",
  );
} catch {
  binary = undefined;
}
if (!binary || !existsSync(binary)) {
  console.error(
    `lint: ${pkg} is not installed (Biome's binary for this platform). Install it with \`npm install --no-save ${pkg}@2.6.8\`.`,
  );
  process.exit(1);
}
const result = spawnSync(binary, ["check", "--error-on-warnings", ...process.argv.slice(2), "."], { stdio: "inherit" });
process.exit(result.status ?? 1);
