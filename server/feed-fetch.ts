/**
 * Fetching a publisher's feed from the address it gave (docs/decisions/135). The address is the publisher's, so
 * the request must not reach what only the portal's own machines can: every address a name resolves to is
 * checked when the connection is made (the check and the connection use the same answer, so a name that
 * resolves differently a second time cannot slip past), and private, loopback, link-local and other special
 * ranges are refused unless FEED_PULL_ALLOW_PRIVATE is on (tests, a feed on the portal's own network).
 * Redirects are followed up to 3 times, each checked the same way.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP } from "node:net";
import { Readable } from "node:stream";

const special = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  special.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  special.addSubnet(network, prefix, "ipv6");

/** Whether an IP address is on the public internet (not private, loopback, link-local, multicast or reserved). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !special.check(address, "ipv6");
  }
  return !special.check(address, "ipv4");
}

/** Why a fetch failed, for the record of a feed photo (core/publisher/feed-photos.ts codes). */
export type FetchFailure = "refused" | "unreachable" | "redirects" | "too-large" | `http-${number}`;

export class FeedFetchError extends Error {
  readonly reason: FetchFailure;
  constructor(message: string, reason: FetchFailure = "unreachable") {
    super(message);
    this.reason = reason;
  }
}

/** What an address may not be before any request is made: a special IP written out, or a local name. */
export function refusedAddress(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") return "only http and https addresses";
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0 && !isPublicAddress(host)) return "a private or reserved address";
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return "a local name";
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true, family: options.family === 6 || options.family === "IPv6" ? 6 : 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused)
        return callback(
          Object.assign(new FeedFetchError(`${hostname} resolves to a private or reserved address`, "refused"), { code: "EREFUSED" }),
          [],
        );
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

export interface FetchedFeed {
  body: ReadableStream<Uint8Array>;
  gzip: boolean;
}

/** GET the feed: its body as a stream (the caller caps it), or a FeedFetchError saying why not. */
export async function fetchFeed(address: string, o: { allowPrivate: boolean; timeoutMs: number }): Promise<FetchedFeed> {
  const response = await getFollowingRedirects(address, { ...o, what: "feed", userAgent: "casa-portal feed puller" });
  return {
    body: Readable.toWeb(response) as ReadableStream<Uint8Array>,
    gzip: (response.headers["content-encoding"] ?? "").toLowerCase() === "gzip",
  };
}

/** What a server said of a file it sent, to ask later whether it changed (docs/decisions/145). */
export interface PhotoValidators {
  etag: string | null;
  lastModified: string | null;
}

/** A downloaded photo: its bytes and the validators its server sent with them. */
export interface FetchedPhoto extends PhotoValidators {
  bytes: Buffer;
}

/**
 * GET a photo a feed lists (docs/decisions/141), under the same address rules as the feed: its bytes, at most
 * `maxBytes` (a declared length over it is refused before reading, a body that grows past it is abandoned),
 * the whole fetch within `timeoutMs`; or a FeedFetchError with its reason. With `validators` (a re-check, decision
 * 145) it asks as a crawler does, If-None-Match / If-Modified-Since, and a 304 comes back as "not-modified".
 */
export async function fetchPhoto(
  address: string,
  o: { allowPrivate: boolean; timeoutMs: number; maxBytes: number; validators?: PhotoValidators },
): Promise<FetchedPhoto | "not-modified"> {
  const deadline = AbortSignal.timeout(o.timeoutMs);
  const conditional: Record<string, string> = {};
  if (o.validators?.etag) conditional["if-none-match"] = o.validators.etag;
  if (o.validators?.lastModified) conditional["if-modified-since"] = o.validators.lastModified;
  const response = await getFollowingRedirects(address, {
    ...o,
    what: "photo",
    userAgent: "casa-portal photo fetcher",
    signal: deadline,
    headers: conditional,
  });
  if (response.statusCode === 304) {
    response.resume();
    return "not-modified";
  }
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > o.maxBytes) {
    response.destroy();
    throw new FeedFetchError(`the photo is ${declared} bytes`, "too-large");
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > o.maxBytes) {
        response.destroy();
        throw new FeedFetchError(`the photo is over ${o.maxBytes} bytes`, "too-large");
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError(`${new URL(address).host}: ${(error as Error).message}`, "unreachable");
  }
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null;
  };
  return { bytes: Buffer.concat(chunks), etag: header("etag"), lastModified: header("last-modified") };
}

type GetOptions = {
  allowPrivate: boolean;
  timeoutMs: number;
  what: "feed" | "photo";
  userAgent: string;
  signal?: AbortSignal;
  /** Conditional request headers: then a 304 is an answer too. */
  headers?: Record<string, string>;
};

/**
 * GET `address`, each address and redirect checked, up to 3 redirects; a 2xx response (or a 304 to a conditional
 * request) or a FeedFetchError.
 */
async function getFollowingRedirects(address: string, o: GetOptions): Promise<IncomingMessage> {
  let url = new URL(address);
  for (let redirects = 0; ; redirects++) {
    const refused = refusedAddress(url, o.allowPrivate);
    if (refused)
      throw new FeedFetchError(`${url.host}: ${refused}`, refused === "only http and https addresses" ? "unreachable" : "refused");
    const response = await get(url, o);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status === 304 && o.headers && Object.keys(o.headers).length > 0) return response;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      if (redirects === 3) throw new FeedFetchError("more than 3 redirects", "redirects");
      url = new URL(location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FeedFetchError(`the ${o.what}'s server answered HTTP ${status}`, `http-${status}`);
    }
    return response;
  }
}

function get(url: URL, o: GetOptions): Promise<IncomingMessage> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "GET",
        headers: { ...o.headers, "accept-encoding": o.what === "feed" ? "gzip" : "identity", "user-agent": o.userAgent },
        lookup: checkedLookup(o.allowPrivate) as never,
        timeout: o.timeoutMs,
        ...(o.signal ? { signal: o.signal } : {}),
      },
      resolve,
    );
    req.on("timeout", () => req.destroy(new FeedFetchError(`no answer from ${url.host} for ${o.timeoutMs / 1000} s`)));
    req.on("error", (error) => {
      // The refusal made in the DNS look-up comes back as the connection's error, its cause kept.
      const refusal = error instanceof FeedFetchError ? error : (error as { cause?: unknown }).cause;
      reject(
        refusal instanceof FeedFetchError
          ? refusal
          : new FeedFetchError(`${url.host}: ${(error as NodeJS.ErrnoException).code ?? error.message}`),
      );
    });
    req.end();
  });
}
