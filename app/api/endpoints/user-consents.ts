/**
 * POST /portal-srp/api/v1/user/consents — `{ privacy?, marketing?, profiling?, third-party? }` (booleans):
 * records the consents (the terms modal of §4 sends `{ privacy: true }`) and re-issues the session token
 * with the new acceptance date.
 */
import { z } from "zod";
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint, readAccountBody } from "../../account/api.server.ts";
import { signedInUser } from "../policies.server.ts";
import { presentUser, withCookies } from "../../account/present.server.ts";

const bodySchema = z.strictObject({
  privacy: z.literal(true).optional(),
  marketing: z.boolean().optional(),
  profiling: z.boolean().optional(),
  "third-party": z.boolean().optional(),
});

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.genericError,
  authorise: signedInUser,
  validate: (input) => readAccountBody(input, bodySchema),
  command: async ({ input, actor: { user, session }, info, svc }) => {
    const consents = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Record<string, boolean>;
    const accepted = await svc.accounts.consents.accept(user, consents, info.cookies, session);
    return { ...accepted, consents: await svc.accounts.consents.read(user.id) };
  },
  present: ({ claims, setCookie, consents }) =>
    withCookies(Response.json({ error: false, user: presentUser(claims, consents) }), [setCookie]),
});

export const loader = endpoint.loader;
export const action = endpoint.action;
