/**
 * A web push service on loopback for tests (docs/decisions/116): it receives what the portal's push sender
 * POSTs, checks the VAPID authorisation (an ES256 JWT for this service's origin, signed by the key named in
 * `k=`), and DECRYPTS the body with the subscription's private keys as a browser would (aes128gcm, RFC 8291
 * and RFC 8188, with node:crypto's ECDH and HKDF; web-push is not used here). `device()` makes a subscription
 * (a P-256 key pair and an auth secret) with its own endpoint; `answer` chooses how the service replies.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  device: string;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  ttl: string | undefined;
  /** RFC 8030 Topic: a later message with the same topic replaces one still waiting. */
  topic: string | undefined;
  /** The VAPID public key the request was signed with (base64url). */
  vapidKey: string;
}

/** How the service answers a request for a device: a status, or never (a hung service; the sender's timeout ends it). */
export type PushAnswer = number | "hang";

interface Device {
  id: string;
  ecdh: ECDH;
  auth: Buffer;
}

const b64u = (b: Buffer) => b.toString("base64url");

/** RFC 8291 §3.4 and RFC 8188: the plaintext of an aes128gcm body for the device's keys. */
export function decryptPush(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error("a single record was expected");
  const uaPublic = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("bad padding delimiter");
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>`: ES256 by that key, audience = this origin, not expired. */
function checkVapid(header: string | undefined, origin: string): string {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) throw new Error(`no VAPID authorisation: ${header}`);
  const [h, p, sig] = m[1]!.split(".");
  const raw = Buffer.from(m[2]!, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: "jwk",
  });
  const ok = verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(sig!, "base64url"));
  if (!ok) throw new Error("VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(p!, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud} is not ${origin}`);
  if (claims.exp * 1000 < Date.now()) throw new Error("VAPID token expired");
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`VAPID subject ${claims.sub}`);
  return m[2]!;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushService() {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const requests: Array<{ device: string; status: PushAnswer }> = [];
  const errors: string[] = [];
  const answers = new Map<string, PushAnswer>();
  const hung: Array<() => void> = [];
  let origin = "";
  const server = createServer((req, res) => {
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? "")?.[1];
    readBody(req).then(
      (body) => {
        const device = id ? devices.get(id) : undefined;
        if (req.method !== "POST" || !device) {
          res.writeHead(404).end();
          return;
        }
        const answer = answers.get(device.id) ?? 201;
        requests.push({ device: device.id, status: answer });
        if (answer === "hang") {
          hung.push(() => res.destroy());
          return;
        }
        if (answer >= 200 && answer < 300) {
          try {
            if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
            const vapidKey = checkVapid(req.headers.authorization, origin);
            const plain = decryptPush(body, device.ecdh, device.auth);
            received.push({
              device: device.id,
              payload: JSON.parse(plain.toString("utf8")),
              ttl: req.headers.ttl as string | undefined,
              topic: req.headers.topic as string | undefined,
              vapidKey,
            });
          } catch (error) {
            errors.push(String(error));
            res.writeHead(400).end();
            return;
          }
        }
        res.writeHead(answer).end();
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    requests,
    /** Requests that could not be checked or decrypted (a test expects none). */
    errors,
    /** A new device: the subscription its browser would hand to the page (PushSubscription.toJSON()). */
    device() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const device: Device = { id: b64u(randomBytes(12)), ecdh, auth: randomBytes(16) };
      devices.set(device.id, device);
      return {
        id: device.id,
        subscription: {
          endpoint: `${origin}/push/${device.id}`,
          expirationTime: null,
          keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(device.auth) },
        },
      };
    },
    /** From now on, answer requests for this device with `answer` (410 gone, 503 down, "hang" never). */
    answer(deviceId: string, answer: PushAnswer) {
      answers.set(deviceId, answer);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const end of hung) end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
