/**
 * Server rendering: React Router's default Node entry plus what the HTTP layer needs — the CSP nonce
 * on every inline script React Router writes, `charset=utf-8` on HTML, and errors logged through
 * pino as structured errors (with the request id) instead of plain text on stderr.
 */
import { PassThrough } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
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
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
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
