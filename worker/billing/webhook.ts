import { type Billing, type BillingEvent, NoSuchStripeObjectError } from "../upstreams/stripe/billing";
import { reconcileCustomer } from "./reconcile";
import { claimEvent, completeEvent, releaseEvent } from "./stripe-event-store";
import { findUserBilling, userExists, userOfCustomer } from "./subscription-store";

/** The Stripe events that can change a plan; any other type is answered 200 and ignored. */
export const HANDLED_EVENTS: readonly string[] = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.payment_action_required",
];

export type WebhookOutcome = "applied" | "duplicate" | "in_progress" | "ignored" | "stale" | "unknown_object";

export interface WebhookOptions {
  proPriceId: string | null | undefined;
  agencyPriceId?: string | null;
  nowMs?: number;
  /** Called after each step; a test throws or stops there to play a handler killed at that point. */
  step?: (name: string) => Promise<void> | void;
}

/**
 * Handles one verified event. Its id is claimed with a lease first, so a replay or a
 * concurrent delivery does nothing (a concurrent one answers "in_progress", to be retried),
 * while a claim whose handler died is taken again by Stripe's retry once the lease has passed. The payload is never trusted for state: the
 * subscription it names is read from Stripe, and the account's state re-derived from all of
 * its customer's subscriptions (reconcile.ts); only then is the claim completed. If handling
 * fails, the claim is released and the error rethrown (a 5xx), so Stripe's retry is handled.
 */
export async function handleBillingEvent(db: D1Database, billing: Billing, event: BillingEvent, options: WebhookOptions): Promise<WebhookOutcome> {
  if (!HANDLED_EVENTS.includes(event.type)) return "ignored";
  const nowMs = options.nowMs ?? Date.now();
  const claim = await claimEvent(db, event, nowMs);
  // Held: another delivery's handler has it within its lease, and may yet die. It is not done,
  // so the caller must not tell Stripe it was (a 2xx would end Stripe's retries for good).
  if (claim === "held") return "in_progress";
  if (claim === "done") return "duplicate";
  await options.step?.("claimed");
  let outcome: WebhookOutcome;
  try {
    outcome = await applyEvent(db, billing, event, { ...options, nowMs });
  } catch (error) {
    await releaseEvent(db, event.id);
    if (error instanceof NoSuchStripeObjectError) {
      // Deleted in Stripe, or from the other mode: a retry would never succeed. Nothing is stored.
      console.warn("stripe event about an object Stripe does not know", event.id, event.type, error.message);
      return "unknown_object";
    }
    throw error;
  }
  await completeEvent(db, event.id, nowMs);
  return outcome;
}

async function applyEvent(db: D1Database, billing: Billing, event: BillingEvent, options: WebhookOptions & { nowMs: number }): Promise<WebhookOutcome> {
  if (!event.subscriptionId) return "ignored";
  const facts = await billing.retrieveSubscription(event.subscriptionId);
  await options.step?.("retrieved");
  const userId = await findUser(db, event, facts.customerId, facts.userId);
  if (!userId) {
    console.warn("stripe event for an unknown customer", event.id, event.type, facts.customerId);
    return "ignored";
  }
  const stored = (await findUserBilling(db, userId)).subscription?.stripeCustomerId;
  if (stored && stored !== facts.customerId) {
    // A customer the account has replaced (deleted in Stripe, or the other mode): it never takes the account back.
    console.warn("stripe event for a replaced customer", event.id, event.type, facts.customerId, "now", stored);
    return "ignored";
  }
  return reconcileCustomer(db, billing, {
    userId,
    customerId: facts.customerId,
    proPriceId: options.proPriceId,
    agencyPriceId: options.agencyPriceId,
    nowMs: options.nowMs,
    event: { type: event.type, created: event.created, subscriptionId: event.subscriptionId, hostedInvoiceUrl: event.hostedInvoiceUrl },
    step: options.step,
  });
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
