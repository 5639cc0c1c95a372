import type { Bindings, SignedInAccount } from "../env";
import type { Plan } from "../contract/plans";
import { DAY_MS } from "../contract/time";
import { clientKey } from "./lookup-limit";
import type { WindowDecision } from "./window";

/** Whose exports are counted: the account when signed in (any browser), else the client's address. */
export function exportQuotaKey(account: SignedInAccount | null, request: Request): string {
  return account ? `user:${account.user.id}` : clientKey(request);
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
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(exportQuotaKey(account, request)));
  return stub.take("window:exports", [{ name: "day", limit: plan.exportsPerDay, length: DAY_MS }], "one");
}
