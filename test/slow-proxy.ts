/**
 * A TCP proxy in front of a database server that delays every answer by `delayMs` (0 at first): a
 * deliberately slow database for overload tests, without touching the server itself.
 */
import { createServer, connect, type Socket } from "node:net";

export interface SlowProxy {
  /** The target URL with the proxy's port. */
  url: string;
  /** Milliseconds each chunk from the server waits before it reaches the client. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startSlowProxy(targetUrl: string): Promise<SlowProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const proxy: SlowProxy = { url: "", delayMs: 0, close: async () => {} };
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    // Chunks keep their order: each waits for the one before it and for its own delay.
    let previous = Promise.resolve();
    upstream.on("data", (chunk) => {
      const delay = proxy.delayMs;
      upstream.pause();
      previous = previous
        .then(() => (delay > 0 ? new Promise<void>((resolve) => setTimeout(resolve, delay)) : undefined))
        .then(() => {
          if (!client.destroyed) client.write(chunk);
          upstream.resume();
        });
    });
    client.pipe(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", () => void previous.then(end));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as { port: number }).port);
  proxy.url = url.toString();
  proxy.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return proxy;
}
