/**
 * POST /portal-srp/api/v1/user/verify-email — `{ token }` from the mailed link → verified and logged in;
 * `{ token, intent: "disown" }` ('Non ho creato io questo account') → the registrant's password and every
 * session dropped, nobody logged in. A used or superseded link answers 400 with what became of it.
 */
import { z } from "zod";
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint, readAccountBody } from "../../account/api.server.ts";
import { rememberCookie } from "../../account/cookies.server.ts";
import { anyone } from "../policies.server.ts";
import { sessionResponse } from "../../account/present.server.ts";

const bodySchema = z.object({
  token: z.string({ error: accountMessages.linkInvalid }).max(100, accountMessages.linkInvalid),
  intent: z.enum(["confirm", "disown"]).default("confirm"),
});

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.genericError,
  // The link's token is the permission: the commands refuse one that is not valid.
  authorise: anyone,
  validate: (input) => readAccountBody(input, bodySchema),
  command: async ({ input: { token, intent }, info, svc, request }) =>
    intent === "disown"
      ? (await svc.accounts.registration.disownRegistration(token), null)
      : svc.accounts.registration.verifyEmail(token, info.cookies, rememberCookie(request)),
  present: (issue) => (issue ? sessionResponse(issue) : Response.json({ error: false, msg: accountMessages.registrationDisowned })),
});

export const loader = endpoint.loader;
export const action = endpoint.action;
