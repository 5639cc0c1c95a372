import { syncAgencyQuantity } from "../../billing/agency-quantity";
import { reconcileCustomer } from "../../billing/reconcile";
import { customersToSync } from "../../billing/subscription-store";
import type { StripeConfig } from "../../config";
import type { Billing } from "../../upstreams/stripe/billing";

/**
 * The nightly billing sweep (in the 02:30 run, before retention): every Stripe customer whose
 * state was last read from Stripe more than a day ago, or whose paid period has ended, is
 * re-derived from Stripe's list of its subscriptions. A webhook lost for any reason costs at
 * most a day, and so does an Agency quantity that missed a connection change. Bounded per night, oldest first; one customer's failure never stops the rest.
 */
export const SWEEP_CUSTOMERS_PER_NIGHT = 500;

export interface BillingSweepSummary {
  checked: number;
  changed: number;
  failed: number;
}

export async function runBillingSweep(
  db: D1Database,
  billing: Billing,
  stripe: StripeConfig | null,
  nowMs: number,
  limit = SWEEP_CUSTOMERS_PER_NIGHT,
): Promise<BillingSweepSummary | null> {
  if (!stripe || billing.mock) return null;
  const summary: BillingSweepSummary = { checked: 0, changed: 0, failed: 0 };
  for (const { userId, customerId } of await customersToSync(db, nowMs, limit)) {
    summary.checked += 1;
    try {
      if ((await reconcileCustomer(db, billing, { userId, customerId, proPriceId: stripe.priceIdPro, agencyPriceId: stripe.priceIdAgency, nowMs })) === "applied") {
        summary.changed += 1;
      }
      // An Agency quantity change Stripe missed (unreachable when a connection changed) is made here.
      await syncAgencyQuantity(db, billing, userId, nowMs);
    } catch (error) {
      summary.failed += 1;
      console.error("billing sweep: customer not reconciled", userId, customerId, error);
    }
  }
  return summary;
}
