import type { Billing, BillingEvent } from "../upstreams/stripe/billing";
import { applyPlanLimits } from "./plan-limits-store";
import { claimEvent, releaseEvent, storeSubscription, userExists, userOfCustomer } from "./subscription-store";
import { billingOfUser } from "./user-plan";

/** The Stripe events that can change a plan; any other type is answered 200 and ignored. */
export const HANDLED_EVENTS: readonly string[] = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
];

export type WebhookOutcome = "applied" | "duplicate" | "ignored" | "stale";

/**
 * Handles one verified event. The event id is claimed first, so a replay or a concurrent
 * delivery of it does nothing. The payload itself is never trusted for state: the
 * subscription is re-read from Stripe, and stored only if no newer event was applied, so
 * events arriving out of order still leave Stripe's latest state. If handling fails, the
 * claim is released and the error rethrown (a 5xx), so Stripe's retry is handled.
 */
export async function handleBillingEvent(db: D1Database, billing: Billing, event: BillingEvent): Promise<WebhookOutcome> {
  if (!HANDLED_EVENTS.includes(event.type)) return "ignored";
  if (!(await claimEvent(db, event))) return "duplicate";
  try {
    return await applyEvent(db, billing, event);
  } catch (error) {
    await releaseEvent(db, event.id);
    throw error;
  }
}

async function applyEvent(db: D1Database, billing: Billing, event: BillingEvent): Promise<WebhookOutcome> {
  if (!event.subscriptionId) return "ignored";
  const facts = await billing.retrieveSubscription(event.subscriptionId);
  const userId = await findUser(db, event, facts.customerId, facts.userId);
  if (!userId) {
    console.warn("stripe event for an unknown customer", event.id, event.type, facts.customerId);
    return "ignored";
  }
  if (!(await storeSubscription(db, userId, facts, event.created))) return "stale";
  const { plan } = await billingOfUser(db, { id: userId });
  await applyPlanLimits(db, userId, plan);
  return "applied";
}

/** Our user: the Checkout's client_reference_id, the customer we created, or the subscription's metadata. */
async function findUser(db: D1Database, event: BillingEvent, customerId: string, metadataUserId: string | null): Promise<string | null> {
  const byCustomer = await userOfCustomer(db, customerId);
  if (byCustomer) return byCustomer;
  for (const candidate of [event.clientReferenceId, metadataUserId]) {
    if (candidate && (await userExists(db, candidate))) return candidate;
  }
  return null;
}
