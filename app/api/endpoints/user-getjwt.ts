/**
 * POST /portal-srp/api/v1/user/getJWT — the session of this browser (seed 001 §7): the session token
 * checked on this request (renewed first from remember-me when needed) as the user; 401 when logged
 * out. Social tokens (`payload.socialjwt`) are refused until social login is configured (docs/api.md).
 */
import { z } from "zod";
import { AccountError } from "../../../core/account/account-error.ts";
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint, readAccountBody } from "../../account/api.server.ts";
import { sessionHolder } from "../policies.server.ts";
import { presentUser } from "../../account/present.server.ts";

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

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.loginUnavailable,
  authorise: sessionHolder,
  validate: async (input) => {
    const body = await readAccountBody(input, bodySchema);
    if (body.payload?.socialjwt) throw new AccountError(400, "Accesso social non configurato", "payload.socialjwt");
    return body;
  },
  command: async ({ actor }) => actor,
  present: (session) =>
    Response.json({
      error: false,
      user: presentUser(session),
      rememberMe: true,
      jwt: null,
      publisherCookie: null,
      expiresDateRememberMe: null,
    }),
});

export const loader = endpoint.loader;
export const action = endpoint.action;
