import { forgetApiKey } from "../api-keys/key-resolver";
import { billingOfUser } from "../billing/user-plan";
import type { Billing } from "../upstreams/stripe/billing";
import { eraseAccount, workspacesGoingWith, type ErasedCounts } from "./account-deletion-store";

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
 * Deletes an account: first cancels the live Stripe subscriptions of every workspace that goes
 * with it (its personal one and any it is the only member of), so nobody is charged for a
 * workspace that is gone, then erases every row of it in one batch.
 */
export async function deleteAccount(db: D1Database, billing: Billing, userId: string): Promise<DeletionReport> {
  const going = new Set([userId, ...(await workspacesGoingWith(db, userId))]);
  let canceled = false;
  for (const workspaceId of going) {
    const { subscription } = await billingOfUser(db, { id: workspaceId });
    if (!subscription?.stripeSubscriptionId || subscription.isDemo || !LIVE_STATUSES.has(subscription.status ?? "")) continue;
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
