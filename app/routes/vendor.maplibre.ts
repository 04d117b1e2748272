/**
 * GET /vendor/maplibre-gl/{version}/{file}: MapLibre's own dist files, served as published. MapLibre 6
 * is ESM-only and starts its worker from a file beside itself, so the folder is served whole rather
 * than bundled; only the listing page imports it, on demand (docs/decisions/023).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Route } from "./+types/vendor.maplibre";
import { ownValue } from "../../core/errors.ts";

const files: Readonly<Record<string, string>> = {
  "maplibre-gl.mjs": "text/javascript; charset=utf-8",
  "maplibre-gl-worker.mjs": "text/javascript; charset=utf-8",
  "maplibre-gl.css": "text/css; charset=utf-8",
};

let dist: { dir: string; version: string } | null = null;
function maplibreDist(): { dir: string; version: string } {
  if (!dist) {
    const require = createRequire(import.meta.url);
    const manifest = require.resolve("maplibre-gl/package.json");
    dist = { dir: join(dirname(manifest), "dist"), version: (require(manifest) as { version: string }).version };
  }
  return dist;
}

/** Raw and gzipped bytes, read once (the files are about 1 MB; gzip takes them to about 300 kB). */
const cache = new Map<string, { raw: Buffer; gzip: Buffer }>();

export async function loader({ params, request }: Route.LoaderArgs) {
  const type = ownValue(files, params.file);
  const { dir, version } = maplibreDist();
  if (!type || params.version !== version) return new Response("File non trovato", { status: 404 });
  let entry = cache.get(params.file);
  if (!entry) {
    const raw = await readFile(join(dir, params.file));
    entry = { raw, gzip: gzipSync(raw, { level: 9 }) };
    cache.set(params.file, entry);
  }
  const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Cache-Control": "public, max-age=31536000, immutable",
    Vary: "Accept-Encoding",
  };
  if (gzip) headers["Content-Encoding"] = "gzip";
  return new Response(new Uint8Array(gzip ? entry.gzip : entry.raw), { headers });
}
