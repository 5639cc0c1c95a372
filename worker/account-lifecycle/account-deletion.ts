import { forgetApiKey } from "../api-keys/key-resolver";
import { billingOfUser } from "../billing/user-plan";
import type { Billing } from "../upstreams/stripe/billing";
import { eraseAccount, type ErasedCounts } from "./account-deletion-store";

/** Stripe statuses of a subscription that still charges (or will): deletion cancels these first. */
const LIVE_STATUSES = new Set(["active", "trialing", "past_due", "unpaid", "incomplete", "paused"]);

export interface DeletionReport {
  deleted: true;
  /** canceled: a live Stripe subscription was canceled now; none: there was nothing to cancel. */
  subscription: "canceled" | "none";
  erased: Omit<ErasedCounts, "keyHashes">;
}

/** Thrown when Stripe did not cancel: nothing is erased, so the person can try again. */
export class CancelFailed extends Error {}

/**
 * Deletes an account: first cancels a live Stripe subscription (so nobody is charged for an
 * account that is gone), then erases every row of it in one batch.
 */
export async function deleteAccount(db: D1Database, billing: Billing, userId: string): Promise<DeletionReport> {
  const { subscription } = await billingOfUser(db, { id: userId });
  let canceled = false;
  if (subscription?.stripeSubscriptionId && !subscription.isDemo && LIVE_STATUSES.has(subscription.status ?? "")) {
    if (billing.mock) throw new CancelFailed("Stripe is not configured on this server, so the subscription cannot be canceled here.");
    try {
      await billing.cancelSubscription(subscription.stripeSubscriptionId);
    } catch (error) {
      throw new CancelFailed(error instanceof Error ? error.message : String(error));
    }
    canceled = true;
  }
  const { keyHashes, ...erased } = await eraseAccount(db, userId);
  // This isolate stops trusting the keys at once; others within the key cache's 3 seconds.
  for (const keyHash of keyHashes) forgetApiKey(keyHash);
  return { deleted: true, subscription: canceled ? "canceled" : "none", erased };
}
