/**
 * Precompresses the browser assets after a build (brotli and gzip beside each file), so the server
 * (sirv in server/http.ts) sends the smallest encoding the browser accepts without compressing per
 * request. Run by ensure-build.ts after each build and by `npm run build`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map)$/;

/** Writes file.br and file.gz for every compressible file under dir (at least 1 kB); returns how many. */
export function compressAssets(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      count += compressAssets(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(path);
    if (raw.length < 1024) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
    count++;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? join(new URL("..", import.meta.url).pathname, process.env.CASA_BUILD_DIR ?? "build", "client");
  console.log(`compressed ${compressAssets(dir)} assets in ${dir}`);
}
