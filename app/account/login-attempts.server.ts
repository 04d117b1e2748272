/**
 * A login attempt on the login's counters (docs/decisions/043, 074): refused while the address or the account
 * is blocked, counted for the address, and a failure counted for the account. Password and code logins use it,
 * and so does the password that confirms an account's deletion.
 */
import type { AccountContext } from "./context.server.ts";

/** Runs `check` as a login attempt of `account` from `ip`: what it returns, or null for a failed attempt. */
export async function attemptLogin<T>(ctx: AccountContext, account: string, ip: string, check: () => Promise<T | null>): Promise<T | null> {
  await ctx.limits.assertAllAllowed([
    ["loginByAddress", ip],
    ["loginFailuresByAccount", account],
  ]);
  await ctx.limits.count("loginByAddress", ip);
  const outcome = await check();
  if (outcome === null) await ctx.limits.count("loginFailuresByAccount", account);
  return outcome;
}
