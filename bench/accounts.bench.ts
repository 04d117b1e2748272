/**
 * `npm run bench:accounts` — what accounts cost: password login end to end (Argon2id verify, tokens,
 * one INSERT), the session check of a request that holds a valid session token (HMAC only), and a page
 * render for a logged-in user against a visitor.
 *
 * Starts the built portal in-process on an in-memory database with 3,000 listings (logins do not depend
 * on listings). Options: --logins N (default 60), --pages N (default 200).
 */
import { parseArgs } from "node:util";
import { clientDirectory, ensureBuild, importServerBuild } from "../scripts/ensure-build.ts";
import { decideSession } from "../core/account/session-check.ts";
import { deriveKeys, signSessionToken, verifySessionToken } from "../app/account/tokens.server.ts";

const { values } = parseArgs({ options: { logins: { type: "string", default: "60" }, pages: { type: "string", default: "200" } } });
if (!ensureBuild()) process.exit(1);
const bundle = await importServerBuild<any>();
const config = bundle.loadConfig({
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: "memory://",
  DEMO_COUNT: "3000",
  DEMO_SEED: "bench",
  LOG_LEVEL: "silent",
  TRUST_PROXY: "true",
});
const portal = await bundle.startPortal({
  config,
  logger: bundle.createLogger("silent"),
  build: bundle.build,
  clientDir: clientDirectory,
});

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]! };
};
const round = (n: number) => Math.round(n * 100) / 100;

// 1. Password login over HTTP (each from its own address so the per-address limit does not interfere).
const loginTimes: number[] = [];
let cookie = "";
for (let i = 0; i < Number(values.logins) + 5; i++) {
  const t = performance.now();
  const res = await fetch(`${portal.url}/portal-srp/api/v1/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: portal.url, "x-forwarded-for": `10.1.${i >> 8}.${i & 255}` },
    body: JSON.stringify({ email: "demo@casa.example", password: "CasaDemo2026" }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  if (i >= 5) loginTimes.push(performance.now() - t);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

// 2. The session check of a request with a valid session token: verify the HMAC and decide (no database).
const keys = deriveKeys("x".repeat(40));
const now = Date.now();
const token = signSessionToken(
  {
    uid: 1,
    name: "Utente Demo",
    email: "demo@casa.example",
    phone: null,
    ver: true,
    lt: "email",
    tc: null,
    ti: false,
    iat: now / 1000,
    exp: now / 1000 + 3600,
  },
  keys.session,
);
const checks = 100_000;
const t0 = performance.now();
for (let i = 0; i < checks; i++) {
  const claims = verifySessionToken(token, keys.session, now);
  decideSession({ rememberMe: "x", rememberIssuedAt: now - 1000, sessionTokenValid: claims !== null, now });
}
const checkUs = ((performance.now() - t0) / checks) * 1000;

// 3. The home page for a visitor and for a logged-in user, interleaved.
async function render(withCookie: boolean): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${portal.url}/`, { headers: withCookie ? { cookie, accept: "text/html" } : { accept: "text/html" } });
  await res.arrayBuffer();
  return performance.now() - t;
}
for (let i = 0; i < 20; i++) await render(i % 2 === 0);
const visitor: number[] = [];
const user: number[] = [];
for (let i = 0; i < Number(values.pages); i++) {
  visitor.push(await render(false));
  user.push(await render(true));
}
await portal.stop();

const login = stats(loginTimes);
const v = stats(visitor);
const u = stats(user);
console.log(
  `password login (HTTP, Argon2id m=19456 t=2): median ${round(login.median)} ms, p95 ${round(login.p95)} ms over ${loginTimes.length}`,
);
console.log(`session check with a valid session token: ${round(checkUs)} µs per request (no database read)`);
console.log(
  `home page: visitor median ${round(v.median)} ms p95 ${round(v.p95)} ms; logged in median ${round(u.median)} ms p95 ${round(u.p95)} ms; difference of medians ${round(u.median - v.median)} ms`,
);
