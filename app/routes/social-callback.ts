/**
 * GET (or form_post POST) /client-account/api/v1/social/:provider/callback — the provider sends the browser
 * back here; the code is exchanged with PKCE, state and nonce checked, and the user logged in with new tokens.
 * Anything forged, stale or refused goes back to /accedi/?errore=social, never to a 500.
 */
import { redirect } from "react-router";
import { parseCookies, REMEMBER_COOKIE } from "../account/cookies.server.ts";
import { clearSocialCookie, SOCIAL_COOKIE } from "../account/social-cookie.server.ts";
import { withCookies } from "../account/present.server.ts";
import { requestInfo, services } from "../services.ts";
import type { Route } from "./+types/social-callback";

async function callback({ request, context, params }: Route.LoaderArgs | Route.ActionArgs) {
  const svc = services(context);
  const info = requestInfo(context);
  const cookies = parseCookies(request.headers.get("cookie"));
  const provider = params.provider;
  const failed = () => (
    svc.logger.warn({ provider }, "social login refused"),
    withCookies(redirect("/accedi/?errore=social", 303), [clearSocialCookie(info.cookies)])
  );
  if (!svc.accounts.socialProviders.has(provider)) return failed();
  const url = new URL(request.url);
  let postedUser: string | undefined;
  if (request.method === "POST") {
    // A form_post answer (Apple): the code and state come in the body; the name, once, in `user`.
    const form = await request.formData().catch(() => new FormData());
    for (const [k, v] of form) {
      if (typeof v !== "string") continue;
      if (k === "user") postedUser = v;
      else url.searchParams.set(k, v);
    }
  }
  if (svc.accounts.publicOrigin) {
    const pub = new URL(svc.accounts.publicOrigin);
    url.protocol = pub.protocol;
    url.host = pub.host;
  }
  const identity = await svc.accounts.socialProviders.finish(provider, url, cookies[SOCIAL_COOKIE], postedUser);
  if (!identity) return failed();
  const issue = await svc.accounts.socialLogin.login(identity, info.cookies, cookies[REMEMBER_COOKIE]);
  if (!issue) return failed();
  return withCookies(redirect(identity.returnTo, 303), [...issue.setCookies, clearSocialCookie(info.cookies)]);
}

export const loader = callback;
export const action = callback;
