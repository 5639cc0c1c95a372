import { syncAgencyQuantity } from "../../billing/agency-quantity";
import { reconcileCustomerState } from "../../billing/reconcile";
import { countLiveToSync, customersToSync } from "../../billing/sweep-store";
import type { StripeConfig } from "../../config";
import { BillingUnavailableError, type Billing } from "../../upstreams/stripe/billing";

/**
 * The nightly billing sweep (in the 02:30 run, before retention): re-derives customers' state
 * from Stripe's list of their subscriptions, then sets an Agency quantity that missed a
 * connection change (Stripe unreachable or refusing then). Every customer with a live
 * subscription (or never read) is re-read every night, those whose paid period has ended first,
 * so a lost webhook about a paying customer costs at most a day while they fit the night's
 * budget; customers with nothing live are re-read weekly with what is left (sweep-store.ts).
 * One customer's failure never stops the rest.
 */
export const SWEEP_CUSTOMERS_PER_NIGHT = 500;
/**
 * Stripe unreachable this many customers in a row ends the night's sweep: each such read waits out
 * the client's timeout and retry (about 8 s), so 500 of them would outlast the cron's 15 minutes and
 * the retention run after it. The customers not read come first tomorrow, as their order says.
 */
export const SWEEP_STOP_AFTER_UNREACHABLE = 5;
/** The sweep's share of the 02:30 run's 15 minutes, so retention after it still runs. */
export const SWEEP_BUDGET_MS = 8 * 60 * 1000;
/** When in the 02:30 run the sweep must have stopped: what is left of the 15 minutes is retention's. */
export const SWEEP_ENDS_AFTER_MS = 11 * 60 * 1000;

/**
 * The sweep's budget in a 02:30 run begun at `runStartedMs`: its share, but never past
 * SWEEP_ENDS_AFTER_MS into the run. The check and the reports before it may have taken minutes
 * (a big night); a sweep that still took its whole share would leave retention to be cut off.
 */
export function sweepBudgetMs(runStartedMs: number, nowMs: number): number {
  return Math.max(0, Math.min(SWEEP_BUDGET_MS, runStartedMs + SWEEP_ENDS_AFTER_MS - nowMs));
}

export interface BillingSweepSummary {
  checked: number;
  /** Customers whose stored copy or Agency quantity the sweep changed: a lost webhook or sync repaired. */
  changed: number;
  failed: number;
  /** Live customers the night's budget did not reach: read first tomorrow. Above 0 night after night: raise the budget. */
  liveLeft: number;
  /** Why the sweep ended before its list: Stripe unreachable again and again, or its time budget spent. */
  stopped?: "stripe_unreachable" | "time_budget";
}

export async function runBillingSweep(
  db: D1Database,
  billing: Billing,
  stripe: StripeConfig | null,
  nowMs: number,
  limit = SWEEP_CUSTOMERS_PER_NIGHT,
  clock: () => number = Date.now,
  budgetMs = SWEEP_BUDGET_MS,
): Promise<BillingSweepSummary | null> {
  if (!stripe || billing.mock) return null;
  const liveLeft = Math.max(0, (await countLiveToSync(db, nowMs)) - limit);
  if (liveLeft > 0) console.warn(`billing sweep: ${liveLeft} live customers over the night's budget of ${limit}; raise SWEEP_CUSTOMERS_PER_NIGHT`);
  const summary: BillingSweepSummary = { checked: 0, changed: 0, failed: 0, liveLeft };
  const startedAt = clock();
  let unreachableInARow = 0;
  for (const { userId, customerId } of await customersToSync(db, nowMs, limit)) {
    if (unreachableInARow >= SWEEP_STOP_AFTER_UNREACHABLE || clock() - startedAt >= budgetMs) {
      summary.stopped = unreachableInARow >= SWEEP_STOP_AFTER_UNREACHABLE ? "stripe_unreachable" : "time_budget";
      console.warn(`billing sweep stopped (${summary.stopped}) after ${summary.checked} customers; the rest come first tomorrow`);
      break;
    }
    summary.checked += 1;
    try {
      const { changed } = await reconcileCustomerState(db, billing, {
        userId, customerId, proPriceId: stripe.priceIdPro, agencyPriceId: stripe.priceIdAgency, nowMs,
      });
      const quantity = await syncAgencyQuantity(db, billing, userId, nowMs);
      if (changed || quantity.kind === "updated") summary.changed += 1;
      unreachableInARow = 0;
    } catch (error) {
      summary.failed += 1;
      unreachableInARow = error instanceof BillingUnavailableError ? unreachableInARow + 1 : 0;
      console.error("billing sweep: customer not reconciled", userId, customerId, error);
    }
  }
  return summary;
}
