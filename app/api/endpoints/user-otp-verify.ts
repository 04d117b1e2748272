/**
 * POST /portal-srp/api/v1/user/otp/verify — `{ email, code }` → the session response (login medium
 * `otp`); 401 'Il codice non è valido o è scaduto' for a wrong, expired or used code.
 */
import { z } from "zod";
import { loginEmailSchema, oneTimeCodeSchema } from "../../../core/account/validation.ts";
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint, readAccountBody, safeRedirect } from "../../account/api.server.ts";
import { rememberCookie } from "../../account/cookies.server.ts";
import { anyone } from "../policies.server.ts";
import { sessionResponse } from "../../account/present.server.ts";

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.loginUnavailable,
  authorise: anyone,
  validate: (input) =>
    readAccountBody(input, z.object({ email: loginEmailSchema, code: oneTimeCodeSchema, path: z.string().max(2000).optional() })),
  command: ({ input, info, svc, request }) =>
    svc.accounts.credentials.loginWithCode(input.email, input.code, info.ip, info.cookies, rememberCookie(request)),
  present: ({ issue }, { input }) => sessionResponse(issue, { redirect: safeRedirect(input.path) }),
});

export const loader = endpoint.loader;
export const action = endpoint.action;
