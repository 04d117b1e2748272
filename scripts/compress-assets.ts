/**
 * Precompresses the browser assets after a build (brotli and gzip beside each file), so the server
 * (sirv in server/http.ts) sends the smallest encoding the browser accepts without compressing per
 * request. Run by ensure-build.ts after each build and by `npm run build`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map)$/;

/**
 * Writes file.br and file.gz beside every compressible file under dir, each only when it is smaller than the
 * file (small chunks too: a page loads dozens of them); returns how many files got at least one.
 */
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
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${path}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
    if (br.length < raw.length || gz.length < raw.length) count++;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? join(new URL("..", import.meta.url).pathname, process.env.CASA_BUILD_DIR ?? "build", "client");
  console.log(`compressed ${compressAssets(dir)} assets in ${dir}`);
}
