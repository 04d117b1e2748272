/** Who may read the development outbox, /sviluppo/posta/ (DEV_OUTBOX=on, docs/decisions/074). */
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Is the TCP peer this machine? Judged from the socket's own address: forwarded headers can be forged. */
export function isLoopbackPeer(socketAddress: string | undefined): boolean {
  return socketAddress !== undefined && LOOPBACK.test(socketAddress);
}

/**
 * Who may read the development outbox (docs/decisions/074): a loopback peer that did not come through a proxy.
 * Forwarded headers never let a request in; their presence keeps it out, since behind a proxy on this
 * machine every visitor's connection is a loopback one.
 */
export function mayReadDevOutbox(socketAddress: string | undefined, headers: { has(name: string): boolean }): boolean {
  return isLoopbackPeer(socketAddress) && !headers.has("x-forwarded-for") && !headers.has("forwarded");
}
