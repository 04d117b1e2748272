/** A real OpenID Connect provider (oidc-provider) on loopback for social-login tests, with its dev login pages. */
import { createServer, type AddressInfo } from "node:net";
import Provider from "oidc-provider";

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
