/**
 * Social login through OpenID Connect (openid-client): authorization code with PKCE, state and nonce kept
 * in a short-lived signed cookie, the ID token checked by the library. Each provider is configured by
 * environment variables and hidden when not configured.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import * as oidc from "openid-client";
import type { Config } from "../config.ts";

export const SOCIAL_PROVIDERS = ["google", "apple", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_LABELS: Record<SocialProvider, string> = { google: "Google", apple: "Apple", facebook: "Facebook" };

const DEFAULT_ISSUERS: Record<SocialProvider, string> = {
  google: "https://accounts.google.com",
  apple: "https://appleid.apple.com",
  facebook: "https://www.facebook.com",
};

export interface ProviderSettings {
  provider: SocialProvider;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The providers with both a client id and a secret in the configuration. */
export function configuredProviders(config: Config): ProviderSettings[] {
  const out: ProviderSettings[] = [];
  for (const provider of SOCIAL_PROVIDERS) {
    const up = provider.toUpperCase() as "GOOGLE" | "APPLE" | "FACEBOOK";
    const clientId = config[`${up}_CLIENT_ID`];
    const clientSecret = config[`${up}_CLIENT_SECRET`];
    if (clientId && clientSecret) out.push({ provider, issuer: config[`${up}_ISSUER`] ?? DEFAULT_ISSUERS[provider], clientId, clientSecret });
  }
  return out;
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

export class SocialLogin {
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
      const issuer = new URL(s.issuer);
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
  async start(provider: SocialProvider, redirectUri: string, returnTo: string): Promise<{ url: string; cookie: string; formPost: boolean }> {
    const config = await this.configuration(provider);
    const pending: Pending = { p: provider, v: oidc.randomPKCECodeVerifier(), s: oidc.randomState(), n: oidc.randomNonce(), r: returnTo, e: this.now() + 10 * 60_000 };
    const formPost = provider === "apple";
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri, scope: formPost ? "openid email name" : "openid email profile", response_type: "code",
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.v), code_challenge_method: "S256", state: pending.s, nonce: pending.n,
      ...(formPost ? { response_mode: "form_post" } : {}),
    });
    return { url: url.href, cookie: this.sign(pending), formPost };
  }

  /** Checks state, nonce and PKCE through the code exchange; null for anything forged, stale or refused. */
  async finish(provider: SocialProvider, callbackUrl: URL, cookie: string | undefined, postedUser?: string): Promise<SocialIdentity | null> {
    const pending = this.read(cookie);
    if (!pending || pending.p !== provider || pending.e < this.now()) return null;
    try {
      const config = await this.configuration(provider);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: pending.v, expectedState: pending.s, expectedNonce: pending.n, idTokenExpected: true });
      const idClaims = tokens.claims();
      if (!idClaims?.sub) return null;
      // Providers may keep e-mail and name out of the ID token: then they come from userinfo (same subject).
      const claims: Record<string, unknown> = typeof idClaims.email === "string"
        ? idClaims
        : { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), sub: idClaims.sub };
      return {
        provider, subject: String(claims.sub),
        email: typeof claims.email === "string" ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        name: typeof claims.name === "string" ? claims.name : applePostedName(postedUser),
        returnTo: pending.r,
      };
    } catch {
      return null; // forged, replayed or refused: the callback logs it and sends the browser to /accedi/
    }
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
