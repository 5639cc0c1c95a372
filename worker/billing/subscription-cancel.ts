import type { Billing } from "../upstreams/stripe/billing";
import { billingOfUser } from "./user-plan";

/** Stripe statuses of a subscription that still charges (or will): deleting its workspace cancels these first. */
const LIVE_STATUSES = new Set(["active", "trialing", "past_due", "unpaid", "incomplete", "paused"]);

/** Thrown when Stripe did not cancel: the caller deletes nothing, so the person can try again. */
export class CancelFailed extends Error {}

/**
 * Cancels a workspace's live Stripe subscription now, before the workspace is deleted. Its billing
 * row goes with the workspace, and with the row every way of ending the subscription from the app
 * (webhooks, the nightly sweep and the Customer Portal all find the workspace by it), so it must end
 * first. Stripe's plain cancel: immediately, no prorated credit, no final invoice. Demo subscriptions
 * (mock mode) were never at Stripe. Answers whether one was canceled; throws CancelFailed when Stripe
 * refused or could not be reached, or is not configured here while a real subscription is stored.
 */
export async function cancelLiveSubscription(db: D1Database, billing: Billing, workspaceId: string): Promise<boolean> {
  const { subscription } = await billingOfUser(db, { id: workspaceId });
  if (!subscription?.stripeSubscriptionId || subscription.isDemo || !LIVE_STATUSES.has(subscription.status ?? "")) return false;
  if (billing.mock) throw new CancelFailed("Stripe is not configured on this server, so the subscription cannot be canceled here.");
  try {
    await billing.cancelSubscription(subscription.stripeSubscriptionId);
  } catch (error) {
    throw new CancelFailed(error instanceof Error ? error.message : String(error));
  }
  return true;
}
