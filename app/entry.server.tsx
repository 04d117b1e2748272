/**
 * Server rendering: React Router's default Node entry plus what the HTTP layer needs — the CSP nonce
 * on every inline script React Router writes, `charset=utf-8` on HTML, and errors logged through
 * pino as structured errors (with the request id) instead of plain text on stderr.
 */
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { CspNonceContext } from "./csp-nonce.ts";
import { requestContext, servicesContext } from "./services.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestContext).nonce;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The whole document is rendered, then sent as one body. Loaders have finished before rendering starts
    // and the one thing that suspends (the lazily loaded map view) resolves on the server within the same
    // render, so streaming would send the same bytes only a few milliseconds sooner — and React
    // Router flushes the compression stream after every chunk it writes, so a streamed results page cost
    // dozens of brotli flushes and socket writes, a large share of the page's CPU (docs/BENCHMARKS.md, workers).
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        // A finished Suspense boundary (a lazily loaded view, such as the map page) is written in place. By
        // default React moves one over 12.8 kB to the end of the document, behind a fallback that only a
        // script swaps in: without JavaScript the page would show the fallback.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by handleError; later ones only reach here.
          if (shellRendered) logError(loadContext, error, request);
        },
      },
    );
  });
}

/** Loader, action and render errors: logged once, structured, and remembered for the HTTP layer (503 on database failures). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return; // the client went away: nothing went wrong here
  const info = context.get(requestContext);
  info.error ??= error;
  logError(context, error, request);
};

function logError(context: Readonly<RouterContextProvider>, error: unknown, request: Request): void {
  const logger = context.get(servicesContext)?.logger;
  const reqId = context.get(requestContext).id;
  const url = new URL(request.url);
  if (logger) logger.error({ err: error, reqId, method: request.method, path: url.pathname }, "request failed");
}
