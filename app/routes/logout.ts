/**
 * GET /logout — seed 001 §4/§7: revokes this browser's remember-me token and clears the session
 * cookies; `?redirect=false` answers 200 JSON, otherwise 303 to the home page. Refused from other sites.
 */
import { accountMessages } from "../../core/account/validation.ts";
import { accountAction, isSameOrigin, crossSiteRefusal, withCookies } from "../account/api.server.ts";
import type { Route } from "./+types/logout";

export function loader(args: Route.LoaderArgs) {
  return accountAction(args, accountMessages.genericError, async ({ info, svc }) => {
    if (!isSameOrigin(args.request, info, svc.accounts.publicOrigin)) return crossSiteRefusal();
    const cookies = await svc.accounts.logout(args.request.headers.get("cookie"), info.cookies);
    const url = new URL(args.request.url);
    if (url.searchParams.get("redirect") === "false") return withCookies(Response.json({ error: false }), cookies);
    const to = url.pathname.startsWith("/en/") ? "/en/" : "/";
    return withCookies(new Response(null, { status: 303, headers: { Location: to } }), cookies);
  });
}

export const action = loader;
