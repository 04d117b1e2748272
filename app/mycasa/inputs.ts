/**
 * Zod schemas of MyCasa's records (shared by the API and the no-JavaScript forms of /mycasa/): names,
 * addresses and commute points in the stored format of seed 001 §3.
 */
import { z } from "zod";
import { MAX_COMMUTE_MINUTES, MIN_COMMUTE_MINUTES, POINT_TYPES, TRAVEL_MODES, type StoredCommutePoint } from "../../core/mycasa/commute.ts";
import { addressKey, roundCoordinate } from "../../core/mycasa/commute.ts";

/** A short human text: no control characters or markup brackets. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{C}<>]*$/u);
export const recordName = text(40).min(1);
const lat = z.number().min(-90).max(90);
const lon = z.number().min(-180).max(180);

export const addressInput = z
  .strictObject({
    name: recordName,
    parent: text(120).nullable().optional(),
    lat,
    lon,
    label: text(200).optional(),
    address: text(200).min(1),
    number: text(20).optional(),
    town: text(120).optional(),
    isPin: z.boolean().optional(),
    uKey: text(200).min(1).optional(),
  })
  .transform((a) => ({
    name: a.name,
    parent: a.parent ?? null,
    lat: roundCoordinate(a.lat),
    lon: roundCoordinate(a.lon),
    label: a.label || [a.number ? `${a.address} ${a.number}` : a.address, a.town].filter(Boolean).join(", "),
    address: a.address,
    number: a.number ?? "",
    town: a.town ?? "",
    isPin: a.isPin ?? false,
    uKey: a.uKey ?? addressKey(a.lat, a.lon),
  }));

/** Commute point ids: the two fixed ones or 'custom-…'. */
export const pointId = z
  .string()
  .max(80)
  .regex(/^(dove-vivo|dove-lavoro|custom-[A-Za-z0-9_-]{1,60})$/);

export const commutePointInput = z
  .strictObject({
    id: pointId,
    label: text(40).min(1),
    time_gap: z.number().int().min(MIN_COMMUTE_MINUTES).max(MAX_COMMUTE_MINUTES),
    transport: z.enum(TRAVEL_MODES),
    town: text(120).optional(),
    type: z.enum(POINT_TYPES).optional(),
    address: text(200).optional(),
    number: text(20).optional(),
    updateDt: z.iso.datetime({ offset: true }).optional(),
    lat,
    lon,
  })
  .transform((p): Omit<StoredCommutePoint, "updateDt"> & { updateDt?: string } => ({
    id: p.id,
    type: p.id === "dove-vivo" ? "home" : p.id === "dove-lavoro" ? "work" : "custom",
    label: p.id === "dove-vivo" ? "h" : p.id === "dove-lavoro" ? "w" : p.label,
    time_gap: p.time_gap,
    transport: p.transport,
    town: p.town ?? "",
    address: p.address ?? "",
    number: p.number || "snc",
    lat: roundCoordinate(p.lat),
    lon: roundCoordinate(p.lon),
    ...(p.updateDt ? { updateDt: p.updateDt } : {}),
  }));
