import type { SignedInAccount } from "../env";
import type { Bindings } from "../env";
import type { Plan } from "../contract/plans";
import type { WindowDecision } from "./fixed-window";
import { clientKey } from "./lookup-limit";

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Whose exports are counted: the account when signed in (any browser), else the client's address. */
export function exportQuotaKey(account: SignedInAccount | null, request: Request): string {
  return account ? `user:${account.user.id}` : clientKey(request);
}

/**
 * Counts one export against the plan's daily cap, in UTC days (fixed windows of a day since the
 * epoch start at UTC midnight). Null when the plan has no cap: nothing is counted.
 */
export async function takeExport(
  env: Bindings,
  request: Request,
  account: SignedInAccount | null,
  plan: Plan,
): Promise<WindowDecision | null> {
  if (plan.exportsPerDay === null) return null;
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(exportQuotaKey(account, request)));
  return stub.hit("exports", { limit: plan.exportsPerDay, windowMs: DAY_MS });
}
