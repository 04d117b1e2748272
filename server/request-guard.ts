/**
 * Requests refused before the router (issue 14 §3): a Host header that is no host[:port] (React
 * Router builds the request URL from it and would fail with a 500) answers 400; a method the portal
 * does not speak (TRACE, CONNECT, anything unknown) answers 405 with Allow. Both in the API's error shape.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const allowed = new Set<string>(ALLOWED_METHODS);

/** host[:port]: a DNS name or IPv4 address, or a bracketed IPv6 address; port 0–65535. */
const HOST = /^(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)(?::(\d{1,5}))?$/;

export function isValidHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = HOST.exec(host);
  if (!match) return false;
  if (match[1] !== undefined && Number(match[1]) > 65535) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

/** Answers and returns true when the request must not reach the router. */
export function refuseMalformedRequest(req: IncomingMessage, res: ServerResponse): boolean {
  if (!allowed.has(req.method ?? "")) {
    send(res, 405, `method ${String(req.method).slice(0, 20)} is not allowed`, { Allow: ALLOWED_METHODS.join(", ") });
    return true;
  }
  if (!isValidHost(req.headers.host)) {
    send(res, 400, "the Host header must be a host name or address with an optional port");
    return true;
  }
  return false;
}

function send(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "close",
    ...headers,
  });
  res.end(JSON.stringify({ error: { status, message } }));
}

/** CONNECT never reaches the request handler (Node emits 'connect'): answer it the same 405 and close. */
export function refuseConnect(_req: IncomingMessage, socket: import("node:stream").Duplex): void {
  const body = JSON.stringify({ error: { status: 405, message: "method CONNECT is not allowed" } });
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(", ")}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
