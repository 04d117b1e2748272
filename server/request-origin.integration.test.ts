/**
 * Same-origin is one rule (docs/decisions/078): without PUBLIC_URL a form is accepted from the origin the
 * browser used (its Host), at 127.0.0.1 as at localhost; with PUBLIC_URL only from that origin. React Router's
 * own check of an action's Origin and the account endpoints' check agree, and another site is refused by both.
 * Mail links never follow the Host (issue 21 §8).
 */
import { request as httpRequest } from "node:http";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser } from "../test/users.ts";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

type Portal = Awaited<ReturnType<typeof startTestPortal>>;

/** node:http, because fetch does not let a client choose the Host header. */
function send(portal: Portal, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: portal.port, path, method: options.method ?? "GET", headers: options.headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const setCookies = (a: Answer) => ([] as string[]).concat(a.headers["set-cookie"] ?? []);
const cookieHeader = (a: Answer) =>
  setCookies(a)
    .map((c) => c.split(";")[0])
    .join("; ");

/** Logs in with the plain HTML form (the page, then the POST a browser without JavaScript sends), as `host`, from `origin`. */
async function formLogin(portal: Portal, host: string, origin: string, user: { email: string; password: string }) {
  const page = await send(portal, "/accedi/", { headers: { host, accept: "text/html" } });
  expect(page.status).toBe(200);
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
  return send(portal, "/accedi/", {
    method: "POST",
    headers: {
      host,
      origin,
      accept: "text/html",
      cookie: cookieHeader(page),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ email: user.email, password: user.password, csrf }).toString(),
  });
}

function jsonLogin(portal: Portal, host: string, origin: string, user: { email: string; password: string }) {
  return send(portal, "/portal-srp/api/v1/user/login", {
    method: "POST",
    headers: { host, origin, "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
}

const loggedIn = (a: Answer) => setCookies(a).some((c) => /^casa_session=[^;]/.test(c));

describe("without PUBLIC_URL: the origin the browser used", () => {
  let portal: Portal;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let user: { email: string; password: string };
  const at = (name: string) => `${name}:${portal.port}`;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    portal = await startTestPortal({ url: undefined, dataDir: "memory://" }, { env: { SMTP_URL: catcher.url, MAIL_QUEUE_POLL_MS: "100" } });
    user = await createTestUser(portal.database.db as unknown as Kysely<Database>, "origine@casa.example");
  });
  afterAll(async () => {
    await portal?.stop();
    await catcher?.close();
  });

  it("accepts the login form and the login endpoint at 127.0.0.1 as at localhost", async () => {
    for (const name of ["127.0.0.1", "localhost"]) {
      const form = await formLogin(portal, at(name), `http://${at(name)}`, user);
      expect(form.status, name).toBe(303);
      expect(loggedIn(form), name).toBe(true);
      const json = await jsonLogin(portal, at(name), `http://${at(name)}`, user);
      expect(json.status, name).toBe(200);
      expect(loggedIn(json), name).toBe(true);
    }
  });

  it("refuses a form and an endpoint call from another site, or from another name of the same server", async () => {
    for (const origin of ["http://evil.example", `http://${at("localhost")}`]) {
      const form = await formLogin(portal, at("127.0.0.1"), origin, user);
      expect(form.status, origin).toBe(400);
      expect(loggedIn(form), origin).toBe(false);
      const json = await jsonLogin(portal, at("127.0.0.1"), origin, user);
      expect(json.status, origin).toBe(403);
      expect(loggedIn(json), origin).toBe(false);
    }
  });

  it("links pages on the origin used, but mails on localhost whatever the Host says", async () => {
    const home = await send(portal, "/", { headers: { host: at("127.0.0.1"), accept: "text/html" } });
    expect(home.body).toContain(`<link rel="canonical" href="http://${at("127.0.0.1")}/"/>`);
    const forgot = await send(portal, "/portal-srp/api/v1/user/password/forgot", {
      method: "POST",
      headers: { host: at("evil.example"), "content-type": "application/json" },
      body: JSON.stringify({ email: user.email }),
    });
    expect(forgot.status).toBe(200);
    const mail = await catcher.next(user.email, /Reimposta la password/);
    expect(mail.text).toContain(`http://localhost:${portal.port}/reimposta-password/?token=`);
    expect(mail.text).not.toContain("evil.example");
  });
});

describe("with PUBLIC_URL: that origin only", () => {
  let portal: Portal;
  let user: { email: string; password: string };
  const PUBLIC_URL = "http://casa.example";

  beforeAll(async () => {
    portal = await startTestPortal({ url: undefined, dataDir: "memory://" }, { env: { PUBLIC_URL } });
    user = await createTestUser(portal.database.db as unknown as Kysely<Database>, "pubblico@casa.example");
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it("accepts forms from PUBLIC_URL and refuses them from the address the server was reached at", async () => {
    const host = `127.0.0.1:${portal.port}`;
    const form = await formLogin(portal, host, PUBLIC_URL, user);
    expect(form.status).toBe(303);
    expect(loggedIn(form)).toBe(true);
    expect((await jsonLogin(portal, host, PUBLIC_URL, user)).status).toBe(200);
    const refused = await formLogin(portal, host, `http://${host}`, user);
    expect(refused.status).toBe(400);
    expect(loggedIn(refused)).toBe(false);
    expect((await jsonLogin(portal, host, `http://${host}`, user)).status).toBe(403);
  });
});
