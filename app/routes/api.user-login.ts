/**
 * POST /portal-srp/api/v1/user/login — password login (seed 001 §7): `{ email, password, app?, path? }`
 * (or the same inside `bodyReq`) → the session response with HttpOnly cookies; 401 'Email o password
 * non corretti' whether the e-mail or the password is wrong; 403 'Conferma prima il tuo indirizzo email…' for
 * the right password of an account whose address was never proved (decision 073); 429 with Retry-After when flooded.
 */
import { z } from "zod";
import { accountMessages, loginSchema } from "../../core/account/validation.ts";
import { accountAction, readAccountBody, safeRedirect, sessionResponse } from "../account/api.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { REMEMBER_COOKIE, parseCookies } from "../../server/accounts/cookies.ts";
import type { Route } from "./+types/api.user-login";

const bodySchema = z.preprocess(
  (raw) => (raw && typeof raw === "object" && "bodyReq" in raw ? (raw as { bodyReq: unknown }).bodyReq : raw),
  loginSchema.extend({ app: z.string().max(20).optional(), path: z.string().max(2000).optional() }),
);

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.loginUnavailable, async ({ info, svc }) => {
    const body = await readAccountBody(args.request, bodySchema);
    const remember = parseCookies(args.request.headers.get("cookie"))[REMEMBER_COOKIE];
    const { issue } = await svc.accounts.loginWithPassword(body.email, body.password, info.ip, info.cookies, remember);
    return sessionResponse(issue, { redirect: safeRedirect(body.path) });
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;
