/**
 * Web push devices of the logged-in user (issue 23 item 5, docs/decisions/116), through MyCasa's chain
 * (same origin, the user from the database, zod, another user's `user` refused). Each device is its browser's
 * push subscription; an endpoint is only accepted on a browser vendor's push service (or PUSH_EXTRA_ORIGINS).
 * - POST mycasa/push/key `{}` → `{ statusCode: 200, data: { publicKey } }` (the VAPID key to subscribe with)
 * - POST mycasa/push/subscribe `{ subscription: { endpoint, expirationTime?, keys: { p256dh, auth } } }` → `{ statusCode: 200, data: { id } }`
 * - POST mycasa/push/unsubscribe `{ endpoint }` → `{ statusCode: 200, data: { endpoint } }`; not the user's: 404
 * - POST mycasa/push/devices `{}` → `{ statusCode: 200, data: [{ id, origin, createdAt }] }` (the user's own only)
 */
import { z } from "zod";
import { isAllowedPushEndpoint, pushMessages } from "../../../core/alerts/alert-push.ts";
import { deletePushSubscription, listPushSubscriptions, savePushSubscription } from "../../../db/push.ts";
import { chain, endpointByPath, privateJson } from "../endpoint.server.ts";
import { jsonError } from "../errors.ts";
import { mycasaBody, readMycasaBody, mycasaPath, unknownRecordCall } from "../../mycasa/api.server.ts";
import { mycasaUserForThemselves } from "../../mycasa/policies.server.ts";

/** Base64url of exactly `bytes` bytes (padding tolerated), as PushSubscription.toJSON() gives the keys. */
const base64urlBytes = (bytes: number) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((s) => Buffer.from(s, "base64url").length === bytes);
const pushEndpoint = z.url({ protocol: /^https?$/ }).max(1000);
export const pushSubscriptionInput = z.strictObject({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    // An uncompressed P-256 point: 65 bytes starting with 4.
    p256dh: base64urlBytes(65).refine((s) => Buffer.from(s, "base64url")[0] === 4),
    auth: base64urlBytes(16),
  }),
});

const endpoint = endpointByPath(
  "POST",
  { limit: "mycasa" },
  mycasaPath,
  {
    "push/key": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({})),
      command: async ({ svc }) => ({ statusCode: 200, data: { publicKey: svc.push.publicKey } }),
      present: privateJson,
    }),
    "push/subscribe": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({ subscription: pushSubscriptionInput })),
      command: async ({ input, actor, svc }) => {
        const s = input.subscription;
        if (!isAllowedPushEndpoint(s.endpoint, svc.push.extraOrigins)) {
          throw jsonError(400, pushMessages.endpointRefused, "subscription.endpoint");
        }
        const device = await savePushSubscription(svc.database.db, actor.id, { endpoint: s.endpoint, ...s.keys }, new Date());
        return { statusCode: 200, data: { id: device.id } };
      },
      present: privateJson,
    }),
    "push/unsubscribe": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({ endpoint: pushEndpoint })),
      command: async ({ input, actor, svc }) => {
        if (!(await deletePushSubscription(svc.database.db, actor.id, input.endpoint)))
          throw jsonError(404, pushMessages.deviceNotFound, "endpoint");
        return { statusCode: 200, data: { endpoint: input.endpoint } };
      },
      present: privateJson,
    }),
    "push/devices": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({})),
      command: async ({ actor, svc }) => ({
        statusCode: 200,
        // The endpoint is a capability to reach the device: only its push service's origin is shown.
        data: (await listPushSubscriptions(svc.database.db, actor.id)).map((d) => ({
          id: d.id,
          origin: new URL(d.endpoint).origin,
          createdAt: d.createdAt.toISOString(),
        })),
      }),
      present: privateJson,
    }),
  },
  unknownRecordCall,
);

export const loader = endpoint.loader;
export const action = endpoint.action;
