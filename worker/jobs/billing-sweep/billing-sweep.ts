import { syncAgencyQuantity } from "../../billing/agency-quantity";
import { reconcileCustomerState } from "../../billing/reconcile";
import { countLiveToSync, customersToSync } from "../../billing/sweep-store";
import type { StripeConfig } from "../../config";
import type { Billing } from "../../upstreams/stripe/billing";

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

export interface BillingSweepSummary {
  checked: number;
  /** Customers whose stored copy or Agency quantity the sweep changed: a lost webhook or sync repaired. */
  changed: number;
  failed: number;
  /** Live customers the night's budget did not reach: read first tomorrow. Above 0 night after night: raise the budget. */
  liveLeft: number;
}

export async function runBillingSweep(
  db: D1Database,
  billing: Billing,
  stripe: StripeConfig | null,
  nowMs: number,
  limit = SWEEP_CUSTOMERS_PER_NIGHT,
): Promise<BillingSweepSummary | null> {
  if (!stripe || billing.mock) return null;
  const liveLeft = Math.max(0, (await countLiveToSync(db, nowMs)) - limit);
  if (liveLeft > 0) console.warn(`billing sweep: ${liveLeft} live customers over the night's budget of ${limit}; raise SWEEP_CUSTOMERS_PER_NIGHT`);
  const summary: BillingSweepSummary = { checked: 0, changed: 0, failed: 0, liveLeft };
  for (const { userId, customerId } of await customersToSync(db, nowMs, limit)) {
    summary.checked += 1;
    try {
      const { changed } = await reconcileCustomerState(db, billing, {
        userId, customerId, proPriceId: stripe.priceIdPro, agencyPriceId: stripe.priceIdAgency, nowMs,
      });
      const quantity = await syncAgencyQuantity(db, billing, userId, nowMs);
      if (changed || quantity.kind === "updated") summary.changed += 1;
    } catch (error) {
      summary.failed += 1;
      console.error("billing sweep: customer not reconciled", userId, customerId, error);
    }
  }
  return summary;
}
