/**
 * GET /logout — seed 001 §4/§7: revokes this browser's remember-me token and clears the session
 * cookies; `?redirect=false` answers 200 JSON, otherwise 303 to the home page. Refused from other sites.
 */
import { accountMessages } from "../../core/account/messages.ts";
import { accountEndpointForAnyMethod } from "../account/api.server.ts";
import { noInput } from "../api/endpoint.server.ts";
import { anyone } from "../api/policies.server.ts";
import { withCookies } from "../account/present.server.ts";

const endpoint = accountEndpointForAnyMethod({
  unavailable: accountMessages.genericError,
  // A logout link is a GET that changes something: refused from other sites like a POST.
  sameOriginForGet: true,
  // Anyone may end the session their own cookies hold.
  authorise: anyone,
  validate: noInput,
  command: ({ info, svc, request }) => svc.accounts.sessions.logout(request.headers.get("cookie"), info.cookies),
  present: (cookies, { request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get("redirect") === "false") return withCookies(Response.json({ error: false }), cookies);
    const to = url.pathname.startsWith("/en/") ? "/en/" : "/";
    return withCookies(new Response(null, { status: 303, headers: { Location: to } }), cookies);
  },
});

export const loader = endpoint;
export const action = endpoint;
