/**
 * The HTTP layer: health and readiness probes, static files, request logging, then React Router.
 * Probes are answered here so they work while the database is still loading.
 */
import { createRequestListener } from "@react-router/node";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import compression from "compression";
import { constants } from "node:zlib";
import sirv from "sirv";
import { servicesContext, type Services } from "../app/services.ts";
import type { Logger } from "./logger.ts";

export interface PortalState {
  phase: "starting" | "loading" | "ready" | "stopping";
  services: Services | null;
  /** Shown on /readyz and on pages while not ready. */
  detail: string;
  /** True once the in-memory caches behind search (listing facts) have loaded; /readyz shows it. */
  warm?: boolean;
}

export function createHandler(options: { build: ServerBuild; clientDir: string; state: PortalState; logger: Logger }) {
  const { build, clientDir, state, logger } = options;
  // The build writes .br and .gz beside each asset (scripts/compress-assets.ts).
  const assets = sirv(clientDir, {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res, pathname) {
      if (pathname.startsWith("/assets/")) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    },
  });
  // Pages and JSON compressed on the fly (brotli at a fast level, else gzip); assets are precompressed.
  const compress = compression({ threshold: 1024, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } } });
  const reactRouter = createRequestListener({
    build,
    mode: "production",
    getLoadContext: () => new RouterContextProvider(new Map([[servicesContext, state.services]])),
  });

  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const requestId = (req.headers["x-request-id"] as string | undefined)?.slice(0, 100) || randomUUID();
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const line = { reqId: requestId, method: req.method, url: req.url, status: res.statusCode, ms };
      if (ms > 500) logger.warn(line, "slow request");
      else logger.info(line, "request");
    });
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/healthz") return json(res, 200, { status: "ok", phase: state.phase });
    if (path === "/readyz") {
      return json(res, state.phase === "ready" ? 200 : 503, { status: state.phase === "ready" ? "ready" : "not ready", phase: state.phase, detail: state.detail, warm: state.warm ?? false });
    }
    if (state.phase !== "ready" || !state.services) {
      res.statusCode = 503;
      res.setHeader("Retry-After", "5");
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(`Il portale si sta avviando (${state.detail}). Riprova tra qualche secondo.\n`);
      return;
    }
    assets(req, res, () => {
      compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => reactRouter(req, res));
    });
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(JSON.stringify(body));
}
