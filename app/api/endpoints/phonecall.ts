/**
 * POST /portal-srp/api/v1/phonecall {publisherId, jwt, device, listingId?} — records the call and
 * answers the number with a QR code that dials it (seed 001 §7). The only way a number is revealed.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.server.ts";
import { jsonError } from "../errors.ts";
import { anyone } from "../policies.server.ts";
import { clientKey, currentUserId, deviceFromUserAgent } from "../../contact/client.server.ts";
import { revealPhone } from "../../contact/phone.server.ts";

const id = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const body = z.strictObject({
  publisherId: id,
  listingId: id.nullish(),
  /** The session token, or empty for a visitor (seed 001 §7). Read by the accounts work; not trusted here. */
  jwt: z.string().max(4000).optional(),
  device: z.enum(["PM", "PT", "PD"]).optional(),
});

const api = endpoint("POST", {
  // Another site must not make its visitors reveal numbers.
  sameOrigin: "writes",
  // Anyone may ask for a number: the command judges it, under its limits per client and per publisher.
  authorise: anyone,
  validate: (input) => input.jsonOf(body),
  command: async ({ input, svc, request, limit }) => {
    const outcome = await revealPhone(svc.database.db, {
      publisherId: input.publisherId,
      listingId: input.listingId ?? null,
      device: input.device ?? deviceFromUserAgent(request.headers.get("user-agent")),
      userId: currentUserId(request),
      clientKey: clientKey(request),
      limit,
    });
    if (outcome.status === "not-found") throw jsonError(404, outcome.message, outcome.field);
    if (outcome.status === "bad-input") throw jsonError(400, outcome.message, outcome.field);
    if (outcome.status === "forbidden") throw jsonError(403, outcome.message);
    return outcome;
  },
  present: (revealed, { input }) =>
    Response.json(
      {
        publisherId: input.publisherId,
        publisherName: revealed.publisherName,
        phone: revealed.phone,
        tel: revealed.tel,
        qrCode: revealed.qrSvg,
        callId: revealed.callId,
      },
      { headers: { "Cache-Control": "no-store" } },
    ),
});

export const loader = api.loader;
export const action = api.action;
