/**
 * POST /portal-srp/api/v1/user/getJWT — the session of this browser (seed 001 §7): the session token
 * checked on this request (renewed first from remember-me when needed) as the user; 401 when logged
 * out. Social tokens (`payload.socialjwt`) are refused until social login is configured (docs/api.md).
 */
import { z } from "zod";
import { accountMessages } from "../../core/account/validation.ts";
import { presentUser } from "../../server/accounts/account-service.ts";
import { accountAction, readAccountBody } from "../account/api.server.ts";
import { jsonError } from "../api/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-getjwt";

const bodySchema = z.object({
  accountUrl: z.string().max(2000).optional(),
  payload: z
    .object({
      socialjwt: z.string().max(8000).optional(),
      publisherCookie: z.string().max(2000).optional(),
      from: z.string().max(100).optional(),
      options: z.object({ selfContents: z.boolean().optional() }).optional(),
    })
    .optional(),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.loginUnavailable, async ({ info }) => {
    const body = await readAccountBody(args.request, bodySchema);
    if (body.payload?.socialjwt) return jsonError(400, "Accesso social non configurato", "payload.socialjwt");
    if (!info.session) return jsonError(401, accountMessages.notLoggedIn);
    return Response.json({
      error: false,
      user: presentUser(info.session),
      rememberMe: true,
      jwt: null,
      publisherCookie: null,
      expiresDateRememberMe: null,
    });
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;
