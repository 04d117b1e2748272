/**
 * Flood limits for leads and phone reveals (issue 12 "Bad input"): per client address and per
 * listing/publisher, in memory (one process). A generic limiter is being built elsewhere; this small
 * module is the one place to move onto it (docs/decisions/046-contact-form-and-leads.md).
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { jsonError } from "../api/errors.ts";

/** Leads: 6 per address in 10 minutes; 30 per listing or publisher in an hour. Phone reveals: 20 per address in 10 minutes. */
export const LIMITS = {
  leadsPerAddress: { points: 6, duration: 600 },
  leadsPerTarget: { points: 30, duration: 3600 },
  callsPerAddress: { points: 20, duration: 600 },
} as const;

interface Limiters { leadsPerAddress: RateLimiterMemory; leadsPerTarget: RateLimiterMemory; callsPerAddress: RateLimiterMemory }

/** One set of counters per running portal (keyed by its services), so two portals in one process never share budgets. */
const byPortal = new WeakMap<object, Limiters>();
function limiters(portal: object): Limiters {
  let l = byPortal.get(portal);
  if (!l) {
    l = {
      leadsPerAddress: new RateLimiterMemory({ keyPrefix: "lead-addr", ...LIMITS.leadsPerAddress }),
      leadsPerTarget: new RateLimiterMemory({ keyPrefix: "lead-target", ...LIMITS.leadsPerTarget }),
      callsPerAddress: new RateLimiterMemory({ keyPrefix: "call-addr", ...LIMITS.callsPerAddress }),
    };
    byPortal.set(portal, l);
  }
  return l;
}

export class RateLimited extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super("Troppe richieste: riprova più tardi");
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

async function take(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (e instanceof RateLimiterRes) throw new RateLimited(Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
    throw e;
  }
}

/** Throws RateLimited when this address, or this listing/publisher, has sent too many leads. */
export async function limitLead(portal: object, address: string, target: string): Promise<void> {
  const l = limiters(portal);
  await take(l.leadsPerAddress, address);
  await take(l.leadsPerTarget, target);
}

export async function limitPhoneCall(portal: object, address: string): Promise<void> {
  await take(limiters(portal).callsPerAddress, address);
}

/** The API answer for a limited client: 429 with Retry-After, in the one error shape. */
export function tooManyRequests(e: RateLimited): Response {
  const res = jsonError(429, e.message);
  res.headers.set("Retry-After", String(e.retryAfterSeconds));
  return res;
}
