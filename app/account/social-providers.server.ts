/**
 * Social login through OpenID Connect (openid-client): authorization code with PKCE, state and nonce kept
 * in a short-lived signed cookie, the ID token checked by the library. Each provider is configured by
 * environment variables (read by server/account-setup.ts) and hidden when not configured.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import * as oidc from "openid-client";

export const SOCIAL_PROVIDERS = ["google", "apple", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_LABELS: Record<SocialProvider, string> = { google: "Google", apple: "Apple", facebook: "Facebook" };

/** Facebook's OAuth 2 endpoints: the login dialog, the code exchange and the Graph API's /me. */
export interface OAuthEndpoints {
  authorization: string;
  token: string;
  me: string;
  scope: string;
}

export interface ProviderSettings {
  provider: SocialProvider;
  /** OpenID Connect discovery (Google, Apple), or plain OAuth 2 endpoints (Facebook). */
  issuer?: string;
  oauth?: OAuthEndpoints;
  clientId: string;
  clientSecret: string;
}

/** What the login step leaves in the `casa_oidc` cookie for the callback. */
interface Pending {
  p: SocialProvider;
  v: string; // PKCE verifier
  s: string; // state
  n: string; // nonce
  r: string; // where to go afterwards
  e: number; // expires, ms
}

export interface SocialIdentity {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  returnTo: string;
}

/** The configured providers: each login started (PKCE, state, nonce in a signed cookie) and finished into an identity. */
export class SocialProviders {
  private readonly settings = new Map<SocialProvider, ProviderSettings>();
  private readonly discovered = new Map<SocialProvider, Promise<oidc.Configuration>>();
  private readonly key: Buffer;
  private readonly now: () => number;

  constructor(settings: ProviderSettings[], key: Buffer, now: () => number) {
    for (const s of settings) this.settings.set(s.provider, s);
    this.key = key;
    this.now = now;
  }

  providers(): SocialProvider[] {
    return [...this.settings.keys()];
  }

  has(provider: string): provider is SocialProvider {
    return this.settings.has(provider as SocialProvider);
  }

  private configuration(provider: SocialProvider): Promise<oidc.Configuration> {
    let found = this.discovered.get(provider);
    if (!found) {
      const s = this.settings.get(provider)!;
      if (s.oauth) {
        // Plain OAuth 2 (Facebook): no discovery document; the secret goes in the token request's body.
        const config = new oidc.Configuration(
          { issuer: new URL(s.oauth.authorization).origin, authorization_endpoint: s.oauth.authorization, token_endpoint: s.oauth.token },
          s.clientId,
          undefined,
          oidc.ClientSecretPost(s.clientSecret),
        );
        if (new URL(s.oauth.token).protocol === "http:") oidc.allowInsecureRequests(config);
        return Promise.resolve(config);
      }
      const issuer = new URL(s.issuer!);
      // Plain http only for a local test provider.
      const options = issuer.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : undefined;
      found = oidc.discovery(issuer, s.clientId, s.clientSecret, undefined, options);
      found.catch(() => this.discovered.delete(provider)); // try again next time
      this.discovered.set(provider, found);
    }
    return found;
  }

  /**
   * The provider's authorization URL and the signed cookie value that must come back with the callback.
   * Apple sends the code back as a cross-site form POST (it requires response_mode=form_post when e-mail or
   * name are asked for), and its scopes are `name email`; `formPost` tells the caller to make the cookie
   * survive that POST.
   */
  async start(
    provider: SocialProvider,
    redirectUri: string,
    returnTo: string,
  ): Promise<{ url: string; cookie: string; formPost: boolean }> {
    const config = await this.configuration(provider);
    const pending: Pending = {
      p: provider,
      v: oidc.randomPKCECodeVerifier(),
      s: oidc.randomState(),
      n: oidc.randomNonce(),
      r: returnTo,
      e: this.now() + 10 * 60_000,
    };
    const formPost = provider === "apple";
    const oauth = this.settings.get(provider)!.oauth;
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: oauth ? oauth.scope : formPost ? "openid email name" : "openid email profile",
      response_type: "code",
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.v),
      code_challenge_method: "S256",
      state: pending.s,
      ...(oauth ? {} : { nonce: pending.n }),
      ...(formPost ? { response_mode: "form_post" } : {}),
    });
    return { url: url.href, cookie: this.sign(pending), formPost };
  }

  /** Checks state, nonce and PKCE through the code exchange; null for anything forged, stale or refused. */
  async finish(
    provider: SocialProvider,
    callbackUrl: URL,
    cookie: string | undefined,
    postedUser?: string,
  ): Promise<SocialIdentity | null> {
    const pending = this.read(cookie);
    if (!pending || pending.p !== provider || pending.e < this.now()) return null;
    try {
      const config = await this.configuration(provider);
      const oauth = this.settings.get(provider)!.oauth;
      if (oauth) return await this.finishOAuth(config, oauth, provider, callbackUrl, pending);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.v,
        expectedState: pending.s,
        expectedNonce: pending.n,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims?.sub) return null;
      // Providers may keep e-mail and name out of the ID token: then they come from userinfo (same subject).
      const claims: Record<string, unknown> =
        typeof idClaims.email === "string"
          ? idClaims
          : { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), sub: idClaims.sub };
      return {
        provider,
        subject: String(claims.sub),
        email: typeof claims.email === "string" ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        name: typeof claims.name === "string" ? claims.name : applePostedName(postedUser),
        returnTo: pending.r,
      };
    } catch {
      return null; // forged, replayed or refused: the callback logs it and sends the browser to /accedi/
    }
  }

  /** Facebook: the code exchange (state and PKCE checked), then who the token belongs to from Graph's /me. */
  private async finishOAuth(
    config: oidc.Configuration,
    oauth: OAuthEndpoints,
    provider: SocialProvider,
    callbackUrl: URL,
    pending: Pending,
  ): Promise<SocialIdentity | null> {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.v,
      expectedState: pending.s,
      idTokenExpected: false,
    });
    const res = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(oauth.me), "GET");
    if (!res.ok) return null;
    const me = (await res.json()) as { id?: unknown; sub?: unknown; email?: unknown; name?: unknown };
    const subject = typeof me.id === "string" ? me.id : typeof me.sub === "string" ? me.sub : null;
    if (!subject) return null;
    const email = typeof me.email === "string" ? me.email.toLowerCase() : null;
    // Graph returns only a confirmed primary e-mail, so one that is there counts as verified.
    return {
      provider,
      subject,
      email,
      emailVerified: email !== null,
      name: typeof me.name === "string" ? me.name : null,
      returnTo: pending.r,
    };
  }

  private sign(pending: Pending): string {
    const body = Buffer.from(JSON.stringify(pending)).toString("base64url");
    return `${body}.${createHmac("sha256", this.key).update(body).digest("base64url")}`;
  }

  private read(cookie: string | undefined): Pending | null {
    if (!cookie || cookie.length > 4000) return null;
    const [body, mac] = cookie.split(".");
    if (!body || !mac) return null;
    const expected = createHmac("sha256", this.key).update(body).digest();
    const given = Buffer.from(mac, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Pending;
    } catch {
      return null;
    }
  }
}

/**
 * Apple puts the user's name only in the first form POST, as a `user` JSON field beside the code
 * ({"name":{"firstName","lastName"},"email"}), never in the ID token; anything malformed is ignored.
 */
export function applePostedName(posted: string | undefined): string | null {
  if (!posted || posted.length > 2000) return null;
  try {
    const user = JSON.parse(posted) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [user.name?.firstName, user.name?.lastName].filter((p): p is string => typeof p === "string" && p.trim() !== "");
    return parts.length > 0 ? parts.join(" ").trim().slice(0, 100) : null;
  } catch {
    return null;
  }
}
