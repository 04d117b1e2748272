/** A real OpenID Connect provider (oidc-provider) on loopback for social-login tests, with its dev login pages. */
import { createServer, type AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { CookieClient } from "./http-client.ts";

/** A free TCP port on loopback (the portal's callback URL must be known before the provider starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TestAccount {
  email: string;
  name: string;
  emailVerified?: boolean;
}

/** Starts the provider; `accounts` maps the login typed on its dev page to the claims it vouches for. */
export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Facebook sends its secret in the token request's body. */
  tokenAuth?: "client_secret_basic" | "client_secret_post";
}

export async function startOidcProvider(options: { clients: TestClient[]; accounts: Record<string, TestAccount> }) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      response_types: ["code"],
      grant_types: ["authorization_code"],
      token_endpoint_auth_method: c.tokenAuth ?? "client_secret_basic",
    })),
    // `name` is Apple's scope for the name it posts once beside the code (no claim behind it here).
    scopes: ["openid", "email", "profile", "name"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const account = options.accounts[sub];
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: account.emailVerified ?? true, name: account.name }),
      };
    },
    // Consent is implied for the test client.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope("openid email profile name");
      await grant.save();
      return grant;
    },
  });
  const server = provider.listen(port);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A social login over HTTP, as a browser would do it without JavaScript: the portal's login step, the
 * provider's dev login page (any password) as `login`, and back to the portal's callback with `portal`'s
 * cookies. Returns the callback's answer (a redirect that sets the session cookies when it worked).
 */
export async function socialLoginOverHttp(portal: CookieClient, provider: string, login: string, returnTo = "/"): Promise<Response> {
  const start = await portal.get(`/client-account/api/v1/social/${provider}/login?originalUrl=${encodeURIComponent(returnTo)}`);
  if (start.status !== 302) throw new Error(`social login start: HTTP ${start.status}`);
  let url = new URL(start.headers.get("location")!);
  const idp = new CookieClient(url.origin, url.origin);
  const portalOrigin = new URL(portal.base).origin;
  for (let hop = 0; hop < 12; hop++) {
    if (url.origin === portalOrigin) return portal.get(url.pathname + url.search);
    const res = await idp.get(url.pathname + url.search);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider page without a form (HTTP ${res.status}): ${html.slice(0, 300)}`);
    const fields = new URLSearchParams({ login, password: "any" });
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields.set(m[1]!, m[2]!);
    const posted = await idp.request(new URL(action, url).pathname, {
      method: "POST",
      body: fields.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    url = new URL(posted.headers.get("location")!, url);
  }
  throw new Error("social login did not come back to the portal");
}
