import { type Billing, NoSuchStripeObjectError } from "../upstreams/stripe/billing";
import { billingOfUser } from "./user-plan";

/** Stripe statuses of a subscription that still charges (or will): deleting its workspace cancels these first. */
const LIVE_STATUSES = new Set(["active", "trialing", "past_due", "unpaid", "incomplete", "paused"]);

/** Thrown when Stripe did not end the billing: the caller deletes nothing, so the person can try again. */
export class CancelFailed extends Error {}

/**
 * Ends everything that could charge a workspace at Stripe, before the workspace is deleted. Its
 * billing row goes with the workspace, and with the row every way of ending a subscription from
 * the app (webhooks, the nightly sweep and the Customer Portal all find the workspace by it), so
 * Stripe is asked rather than D1: a subscription paid whose webhook has not arrived, or a Checkout
 * left open and paid later, is not in the row. So the customer's open Checkout Sessions are expired
 * first (then no new subscription can appear), then every live subscription Stripe lists for the
 * customer, and the stored one, is cancelled: Stripe's plain cancel, immediately, no prorated credit,
 * no final invoice. Demo subscriptions (mock mode) were never at Stripe. Answers whether one was
 * cancelled; throws CancelFailed when Stripe refused or could not be reached, or is not configured
 * here while a real subscription is stored.
 */
export async function cancelLiveSubscription(db: D1Database, billing: Billing, workspaceId: string): Promise<boolean> {
  const { subscription } = await billingOfUser(db, { id: workspaceId });
  if (!subscription || subscription.isDemo) return false;
  const stored = subscription.stripeSubscriptionId && LIVE_STATUSES.has(subscription.status ?? "") ? subscription.stripeSubscriptionId : null;
  if (billing.mock) {
    if (stored) throw new CancelFailed("Stripe is not configured on this server, so the subscription cannot be canceled here.");
    return false;
  }
  try {
    const ended = subscription.stripeCustomerId ? await endCustomerBilling(billing, subscription.stripeCustomerId) : { listed: [], canceled: [] };
    // The stored one, if Stripe did not list it under the customer: cancelled by its id, as before.
    if (stored && !ended.listed.includes(stored)) {
      await billing.cancelSubscription(stored);
      ended.canceled.push(stored);
    }
    return ended.canceled.length > 0;
  } catch (error) {
    throw new CancelFailed(error instanceof Error ? error.message : String(error));
  }
}

/** Expires the customer's open sessions, then cancels its live subscriptions; answers the ids listed and cancelled. */
async function endCustomerBilling(billing: Billing, customerId: string): Promise<{ listed: string[]; canceled: string[] }> {
  try {
    await billing.expireOpenCheckouts(customerId);
    const all = await billing.listSubscriptions(customerId);
    const live = all.filter((facts) => LIVE_STATUSES.has(facts.status));
    for (const facts of live) await billing.cancelSubscription(facts.id);
    return { listed: all.map((facts) => facts.id), canceled: live.map((facts) => facts.id) };
  } catch (error) {
    // A customer of the other mode (test keys then live ones): nothing of it can charge through these keys.
    if (error instanceof NoSuchStripeObjectError && error.param === "customer") return { listed: [], canceled: [] };
    throw error;
  }
}
