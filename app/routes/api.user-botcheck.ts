/** GET /portal-srp/api/v1/user/botcheck — a signed ALTCHA proof-of-work challenge for the registration form. */
import { accountMessages } from "../../core/account/validation.ts";
import { accountAction } from "../account/api.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-botcheck";

const endpoint = apiRoute<Route.LoaderArgs>({ method: "GET" }, (args) => {
  return accountAction(args, accountMessages.genericError, async ({ svc }) => Response.json(await svc.accounts.botCheck.challenge()));
});

export const loader = endpoint.loader;
export const action = endpoint.action;
