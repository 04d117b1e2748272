/**
 * POST /portal-srp/api/v1/user/login — password login (seed 001 §7): `{ email, password, app?, path? }`
 * (or the same inside `bodyReq`) → the session response with HttpOnly cookies; 401 'Email o password
 * non corretti' whether the e-mail or the password is wrong; 403 'Conferma prima il tuo indirizzo email…' for
 * the right password of an account whose address was never proved (decision 073); 429 with Retry-After when flooded.
 */
import { z } from "zod";
import { loginSchema } from "../../../core/account/validation.ts";
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint, readAccountBody, safeRedirect } from "../../account/api.server.ts";
import { rememberCookie } from "../../account/cookies.server.ts";
import { anyone } from "../policies.server.ts";
import { sessionResponse } from "../../account/present.server.ts";

const bodySchema = z.preprocess(
  (raw) => (raw && typeof raw === "object" && "bodyReq" in raw ? (raw as { bodyReq: unknown }).bodyReq : raw),
  loginSchema.extend({ app: z.string().max(20).optional(), path: z.string().max(2000).optional() }),
);

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.loginUnavailable,
  authorise: anyone,
  validate: (input) => readAccountBody(input, bodySchema),
  command: ({ input, info, svc, request }) =>
    svc.accounts.credentials.loginWithPassword(input.email, input.password, info.ip, info.cookies, rememberCookie(request)),
  present: ({ issue }, { input }) => sessionResponse(issue, { redirect: safeRedirect(input.path) }),
});

export const loader = endpoint.loader;
export const action = endpoint.action;
