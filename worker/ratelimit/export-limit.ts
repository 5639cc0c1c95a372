import type { Bindings, SignedInAccount } from "../env";
import type { Plan } from "../contract/plans";
import { DAY_MS } from "../contract/time";
import { clientKey, countedByAddress } from "./lookup-limit";
import type { WindowDecision } from "./window";

/** Whose exports are counted: the account when signed in (any browser), else the address (countedByAddress). */
export function exportQuotaKey(account: SignedInAccount | null, request: Request): string {
  return account && !countedByAddress(account) ? `user:${account.user.id}` : clientKey(request);
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
