/**
 * Rate limits count in fixed windows that start on multiples of their length (server/rate-window.ts): attempts made
 * across a window's edge are counted in two windows, and a limit a test means to reach is not reached (a CI run hit
 * it once, at 15:00:00). Tests that count up to a limit start clear of an edge.
 */
import { ACCOUNT_LIMIT_RULES } from "../app/account/rate-limits.server.ts";
import { windowAt } from "../server/rate-window.ts";

/** The window of the per-account login limit (five wrong passwords), in ms. */
export const LOGIN_FAILURE_WINDOW_MS = ACCOUNT_LIMIT_RULES.loginFailuresByAccount.duration * 1000;

/** Time a test's attempts may take before a window's edge: seconds on a loaded machine, with room to spare. */
const EDGE_MARGIN_MS = 30_000;

/** How long from `now` until at least `marginMs` are left in the current window of `windowMs`: 0 when they already are. */
export function msUntilClearOfWindowEdge(windowMs: number, now = Date.now(), marginMs = EDGE_MARGIN_MS): number {
  const { msBeforeNext } = windowAt(now, windowMs);
  return msBeforeNext < marginMs ? msBeforeNext + 50 : 0;
}

/** Waits, on the real clock, until at least EDGE_MARGIN_MS are left in the current window of `windowMs`. */
export async function clearOfWindowEdge(windowMs: number): Promise<void> {
  const wait = msUntilClearOfWindowEdge(windowMs);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
