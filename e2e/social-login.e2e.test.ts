/**
 * 'Continua con Google' against a real OpenID Connect provider started by the test (oidc-provider): the
 * button appears only for the configured provider, the provider's login page vouches for the user, and the
 * portal logs them in (a new account, then the same one again); forged callbacks are refused.
 */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { freePort, startOidcProvider } from "../test/oidc-provider.ts";
import { startTestPortal } from "../test/portal.ts";
import { it } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  const port = await freePort();
  idp = await startOidcProvider({
    clients: [
      {
        clientId: "casa-test",
        clientSecret: "casa-test-secret-0123456789",
        redirectUris: ["google", "apple"].map((p) => `http://localhost:${port}/client-account/api/v1/social/${p}/callback`),
      },
      {
        clientId: "casa-fb",
        clientSecret: "casa-fb-secret-0123456789",
        redirectUris: [`http://localhost:${port}/client-account/api/v1/social/facebook/callback`],
        tokenAuth: "client_secret_post",
      },
    ],
    accounts: {
      sara: { email: "sara@gmail.example", name: "Sara Neri" },
      anna: { email: "anna@icloud.example", name: "Anna Riva" },
      marco: { email: "marco@fb.example", name: "Marco Bassi" },
      nomail: { email: "x@gmail.example", name: "X", emailVerified: false },
    },
  });
  portal = await startTestPortal(
    { url: undefined, dataDir: "memory://" },
    {
      env: {
        PORT: String(port),
        GOOGLE_CLIENT_ID: "casa-test",
        GOOGLE_CLIENT_SECRET: "casa-test-secret-0123456789",
        GOOGLE_ISSUER: idp.issuer,
        // The same test provider plays Apple: it answers with a cross-site form POST (response_mode=form_post).
        APPLE_CLIENT_ID: "casa-test",
        APPLE_CLIENT_SECRET: "casa-test-secret-0123456789",
        APPLE_ISSUER: idp.issuer,
        // And Facebook: OAuth 2 endpoints (its login dialog, code exchange and /me), no discovery. The provider's
        // /me (userinfo) wants the openid scope, which Graph does not: the scope is the one thing set apart.
        FACEBOOK_CLIENT_ID: "casa-fb",
        FACEBOOK_CLIENT_SECRET: "casa-fb-secret-0123456789",
        FACEBOOK_AUTHORIZATION_URL: `${idp.issuer}/auth`,
        FACEBOOK_TOKEN_URL: `${idp.issuer}/token`,
        FACEBOOK_ME_URL: `${idp.issuer}/me`,
        FACEBOOK_SCOPE: "openid email profile",
      },
    },
  );
});
afterAll(async () => {
  await portal?.stop();
  await idp?.close();
});

describe("social login", () => {
  it("logs in with Google through the provider, and refuses forged callbacks", async ({ context, page }) => {
    await page.goto(`${portal.url}/accedi/?redirect=/preferiti/`);
    expect(await page.getByRole("link", { name: "Continua con Google" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Continua con Apple" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Continua con Facebook" }).count()).toBe(1);

    await page.getByRole("link", { name: "Continua con Google" }).click();
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill("sara");
    await page.locator('input[name="password"]').fill("any");
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((u) => u.href.startsWith(portal.url));
    expect(new URL(page.url()).pathname).toBe("/preferiti/");
    await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Sara Neri");
    const user = await page.evaluate(async () => (await (await fetch("/portal-srp/api/v1/user")).json()).user);
    expect(user).toMatchObject({ username: "sara@gmail.example", loginType: "google", trusted_identity: true, isNotVerified: false });
    // The social account completes its registration silently with a password, then logs in with it too.
    const completed = await page.evaluate(async () => {
      const res = await fetch("/portal-srp/api/v1/user/registrationsilently", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          displayName: "Sara Neri",
          email: "sara@gmail.example",
          password: "Segreta123",
          consent: true,
          type: "marketing",
        }),
      });
      return { status: res.status, body: await res.json() };
    });
    expect(completed).toEqual({ status: 200, body: { error: false, msg: "Registrazione completata" } });
    const byPassword = await fetch(`${portal.url}/portal-srp/api/v1/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "sara@gmail.example", password: "Segreta123" }),
    });
    expect(byPassword.status).toBe(200);

    // A forged callback (no matching state cookie) is refused with a message, not a crash.
    const other = await context.newPage();
    await context.clearCookies();
    await other.goto(`${portal.url}/client-account/api/v1/social/google/callback?code=forged&state=forged`);
    expect(new URL(other.url()).pathname).toBe("/accedi/");
    expect(await other.getByRole("alert").textContent()).toContain("L'accesso con il profilo social non è riuscito");
    expect(await other.getByRole("link", { name: "Accedi" }).count()).toBeGreaterThan(0);
  });

  it("logs in with Apple, whose answer is a cross-site form POST, and keeps the state cookie for it", async ({ page }) => {
    const start = await fetch(`${portal.url}/client-account/api/v1/social/apple/login?originalUrl=/preferiti/`, { redirect: "manual" });
    expect(start.status).toBe(302);
    expect(new URL(start.headers.get("location")!).searchParams.get("response_mode")).toBe("form_post");
    // Lax would keep the cookie off the provider's POST from another site, and the login would fail.
    expect(start.headers.get("set-cookie")).toMatch(/casa_oidc=.*SameSite=None; Secure/);

    await page.goto(`${portal.url}/accedi/?redirect=/preferiti/`);
    await page.getByRole("link", { name: "Continua con Apple" }).click();
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill("anna");
    await page.locator('input[name="password"]').fill("any");
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((u) => u.href.startsWith(portal.url) && !u.pathname.includes("/social/"));
    expect(new URL(page.url()).pathname).toBe("/preferiti/");
    const user = await page.evaluate(async () => (await (await fetch("/portal-srp/api/v1/user")).json()).user);
    expect(user).toMatchObject({ username: "anna@icloud.example", loginType: "apple", trusted_identity: true });
  });

  it("logs in with Facebook through OAuth 2 and its /me, from the spec's social/facebook/?path= link", async ({ page }) => {
    await page.goto(`${portal.url}/client-account/api/v1/social/facebook/?path=/preferiti/`);
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    expect(new URL(page.url()).pathname).not.toBe("/auth"); // the provider's login page, not an error
    await page.locator('input[name="login"]').fill("marco");
    await page.locator('input[name="password"]').fill("any");
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((u) => u.href.startsWith(portal.url) && !u.pathname.includes("/social/"));
    expect(new URL(page.url()).pathname).toBe("/preferiti/");
    await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Marco Bassi");
    const user = await page.evaluate(async () => (await (await fetch("/portal-srp/api/v1/user")).json()).user);
    expect(user).toMatchObject({ username: "marco@fb.example", loginType: "facebook" });
  });

  it("answers 404 for a provider that is not configured", async () => {
    expect((await fetch(`${portal.url}/client-account/api/v1/social/twitter/login`, { redirect: "manual" })).status).toBe(404);
    const start = await fetch(`${portal.url}/client-account/api/v1/social/googlelogin?originalUrl=/preferiti/`, { redirect: "manual" });
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toContain(`${idp.issuer}/`);
    expect(start.headers.get("location")).toContain("code_challenge_method=S256");
  });
});
