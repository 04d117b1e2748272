/**
 * POST /portal-srp/api/v1/phonecall {publisherId, jwt, device, listingId?} — records the call and
 * answers the number with a QR code that dials it (seed 001 §7). The only way a number is revealed.
 */
import { z } from "zod";
import { jsonError } from "../api/errors.ts";
import { apiRoute, limitClient } from "../api/boundary.server.ts";
import { readJsonBody } from "../api/request.ts";
import { crossSiteRefusal } from "../account/api.server.ts";
import { clientKey, currentUserId, deviceFromUserAgent, fromOwnSite } from "../contact/client.server.ts";
import { revealPhone } from "../contact/phone.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.phonecall";

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

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, async (args) => {
  const { request, context } = args;
  if (!fromOwnSite(request, context)) return crossSiteRefusal();
  const input = await readJsonBody(request, body);
  const outcome = await revealPhone(services(context).database.db, {
    publisherId: input.publisherId,
    listingId: input.listingId ?? null,
    device: input.device ?? deviceFromUserAgent(request.headers.get("user-agent")),
    userId: currentUserId(request),
    clientKey: clientKey(request),
    limit: (family, key) => limitClient(args, family, key),
  });
  if (outcome.status === "not-found") return jsonError(404, outcome.message, outcome.field);
  if (outcome.status === "bad-input") return jsonError(400, outcome.message, outcome.field);
  if (outcome.status === "forbidden") return jsonError(403, outcome.message);
  return Response.json(
    {
      publisherId: input.publisherId,
      publisherName: outcome.publisherName,
      phone: outcome.phone,
      tel: outcome.tel,
      qrCode: outcome.qrSvg,
      callId: outcome.callId,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
});

export const loader = endpoint.loader;
export const action = endpoint.action;
