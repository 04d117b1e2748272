/**
 * Who may call the JSON endpoints behind an alert mail's links (the `authorise` step, app/api/endpoint.server.ts;
 * docs/decisions/091): whoever holds the signed link, without login. The token travels in the body; a forged,
 * altered or expired one, or one whose user is gone, answers 400 and shows nobody's data.
 */
import { z } from "zod";
import { BadInputError } from "../../core/errors.ts";
import type { Policy } from "../api/policies.server.ts";
import { checkInput } from "../api/request.ts";
import { type AlertLink, MAX_LINK_TOKEN, verifyAlertLink } from "./alert-links.server.ts";

export const alertLinkInvalid = "Il link non è valido o è scaduto.";

/** The body's `token` as a link may carry it. */
export const alertLinkToken = z.string({ error: alertLinkInvalid }).min(1, alertLinkInvalid).max(MAX_LINK_TOKEN, alertLinkInvalid);

/** The holder of a signed alert link: the link's user and searches, as they are now. */
export const signedAlertLink: Policy<AlertLink> = async ({ svc, input }) => {
  const { token } = checkInput(z.object({ token: alertLinkToken }), await input.json());
  const link = await verifyAlertLink(svc, token);
  if (!link) throw new BadInputError(alertLinkInvalid, "token");
  return link;
};
