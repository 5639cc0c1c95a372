import type { Bindings, SignedInAccount } from "../env";
import type { Plan } from "../contract/plans";
import { DAY_MS } from "../contract/time";
import { clientKey } from "./lookup-limit";
import type { WindowDecision } from "./window";

/**
 * Whose exports are counted: the account when signed in (any browser), else the client's address.
 * A demo account counts as its address: any browser makes a new one (5 an hour per network), so
 * per account each would be a fresh day's allowance.
 */
export function exportQuotaKey(account: SignedInAccount | null, request: Request): string {
  return exportsCountedByAddress(account) ? clientKey(request) : `user:${account!.user.id}`;
}

/** Whether the caller's exports are its address's (shared with everyone behind it), not an account's own. */
export function exportsCountedByAddress(account: SignedInAccount | null): boolean {
  return !account || account.user.isDemo;
}

const EXPORTS = "window:exports";
const exportWindows = (plan: Plan) => [{ name: "day", limit: plan.exportsPerDay ?? 0, length: DAY_MS }];

function limiterOf(env: Pick<Bindings, "RATE_LIMITER">, request: Request, account: SignedInAccount | null) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(exportQuotaKey(account, request)));
}

/**
 * Counts one export against the plan's daily cap, in UTC days (fixed windows of a day since the
 * epoch start at UTC midnight). Null when the plan has no cap: nothing is counted.
 */
export async function takeExport(
  env: Pick<Bindings, "RATE_LIMITER">,
  request: Request,
  account: SignedInAccount | null,
  plan: Plan,
): Promise<WindowDecision | null> {
  if (plan.exportsPerDay === null) return null;
  return limiterOf(env, request, account).take(EXPORTS, exportWindows(plan), "one");
}

/** Gives back an export counted by takeExport whose file could not be made (its data failed). */
export async function giveBackExport(env: Pick<Bindings, "RATE_LIMITER">, request: Request, account: SignedInAccount | null, plan: Plan): Promise<void> {
  if (plan.exportsPerDay === null) return;
  await limiterOf(env, request, account).giveBack(EXPORTS, exportWindows(plan), 1);
}
