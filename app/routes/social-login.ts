/**
 * GET /client-account/api/v1/social/:provider/login?originalUrl=… — starts social login (seed 001 §7
 * "Social redirects"): a signed cookie keeps PKCE, state and nonce for ten minutes, and the browser goes to
 * the provider. Also under the spec's paths `social/googlelogin?originalUrl=` and `social/facebook/?path=`.
 * 404 for a provider that is not configured.
 */
import { safeRedirect } from "../account/api.server.ts";
import { socialCookie } from "../account/social-cookie.server.ts";
import { jsonError } from "../api/errors.ts";
import { requestInfo, services } from "../services.ts";
import type { Route } from "./+types/social-login";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const svc = services(context);
  const info = requestInfo(context);
  const url = new URL(request.url);
  const provider = params.provider ?? (url.pathname.includes("/googlelogin") ? "google" : "facebook");
  if (!svc.accounts.socialProviders.has(provider)) return jsonError(404, "Accesso social non configurato");
  const returnTo = safeRedirect(url.searchParams.get("originalUrl") ?? url.searchParams.get("path")) ?? "/";
  const base = svc.accounts.publicOrigin ?? info.origin;
  try {
    const {
      url: to,
      cookie,
      formPost,
    } = await svc.accounts.socialProviders.start(provider, `${base}/client-account/api/v1/social/${provider}/callback`, returnTo);
    return new Response(null, {
      status: 302,
      headers: { Location: to, "Set-Cookie": socialCookie(cookie, info.cookies, formPost), "Cache-Control": "no-store" },
    });
  } catch (error) {
    svc.logger.error(error, "social login could not start");
    return jsonError(503, "Ci scusiamo per il disagio, al momento non è possibile eseguire l'operazione richiesta");
  }
}
