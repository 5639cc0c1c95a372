import { isPaidStatus } from "../contract/billing";
import type { SubscriptionFacts } from "../upstreams/stripe/billing";

/**
 * Which of a customer's subscriptions decides the plan: pure, so every rule is tested
 * directly. Only subscriptions to the Pro price count (a customer's other subscriptions, in
 * another product or a test price, never grant Pro). The plan is decided from all of them,
 * never from whichever event came last.
 */
export interface SubscriptionChoice {
  /** The subscription the account is on (or was last on); null when it never had a Pro one. */
  subscription: SubscriptionFacts | null;
  /** Paid Pro subscriptions beyond the kept one: a second Checkout paid twice. They are cancelled. */
  duplicates: SubscriptionFacts[];
  /** Pro subscriptions waiting on a first payment (incomplete): cancelled before a new Checkout. */
  incomplete: SubscriptionFacts[];
}

/** Worse statuses later: a paid one decides; then a first payment pending; then one that ended. */
const STATUS_RANK: Record<string, number> = {
  active: 0, trialing: 0, past_due: 0, incomplete: 1, unpaid: 2, paused: 2, canceled: 3, incomplete_expired: 3,
};
const rankOf = (status: string) => STATUS_RANK[status] ?? 4;
const createdOf = (facts: SubscriptionFacts) => facts.created ?? 0;

export function chooseSubscription(
  all: readonly SubscriptionFacts[],
  proPriceId: string | null | undefined,
  agencyPriceId?: string | null,
): SubscriptionChoice {
  // Pro and Agency are one product line: a customer holds at most one paid subscription to either.
  const prices = [proPriceId, agencyPriceId].filter((id): id is string => id != null);
  const pro = all.filter((facts) => facts.priceId !== null && prices.includes(facts.priceId));
  const paid = pro.filter((facts) => isPaidStatus(facts.status)).sort((a, b) => createdOf(a) - createdOf(b) || a.id.localeCompare(b.id));
  const incomplete = pro.filter((facts) => facts.status === "incomplete");
  if (paid.length > 0) {
    // The oldest paid subscription is the one kept: it is the one the customer has been paying.
    return { subscription: paid[0]!, duplicates: paid.slice(1), incomplete };
  }
  // Otherwise the best status, the newest of it: the state the account shows.
  const [best] = [...pro].sort((a, b) => rankOf(a.status) - rankOf(b.status) || createdOf(b) - createdOf(a));
  return { subscription: best ?? null, duplicates: [], incomplete };
}

/** The paid plan a subscription's price is: Agency's price, else Pro (chooseSubscription kept only those two). */
export function paidPlanOf(facts: Pick<SubscriptionFacts, "priceId"> | null, agencyPriceId: string | null | undefined): "pro" | "agency" {
  return agencyPriceId != null && facts?.priceId === agencyPriceId ? "agency" : "pro";
}

/** When a subscription set to cancel ends: Stripe's cancel_at, or the period end with cancel_at_period_end. */
export function endsAt(facts: Pick<SubscriptionFacts, "cancelAt" | "cancelAtPeriodEnd" | "currentPeriodEnd">): string | null {
  return facts.cancelAt ?? (facts.cancelAtPeriodEnd ? facts.currentPeriodEnd : null);
}

/** The statuses of a subscription that waits on a payment the customer may have to confirm. */
const AWAITS_PAYMENT = ["past_due", "incomplete"];

/**
 * The hosted invoice link a 3-D Secure payment waits on ("Confirm your payment" on /billing).
 * `hostedInvoiceUrl` is the event's invoice page only when that invoice is the chosen
 * subscription's (invoiceUrlOfChosen), else null: another product's invoice never sets or clears it.
 * Cleared whenever the chosen subscription waits on no payment (a paid-up account confirms
 * nothing); set by its invoice.payment_action_required, cleared by its invoice.paid; otherwise kept.
 */
export function paymentActionUrlAfter(
  eventType: string | null,
  hostedInvoiceUrl: string | null,
  status: string | null,
): string | null | undefined {
  if (status === null || !AWAITS_PAYMENT.includes(status)) return null;
  if (!hostedInvoiceUrl) return undefined;
  if (eventType === "invoice.payment_action_required") return hostedInvoiceUrl;
  return eventType === "invoice.paid" ? null : undefined;
}

/** An invoice event's hosted page if its subscription is the one chosen from `all`, else null. */
export function invoiceUrlOfChosen(
  all: readonly SubscriptionFacts[],
  invoice: { subscriptionId: string | null; hostedInvoiceUrl: string | null },
  proPriceId: string | null | undefined,
  agencyPriceId?: string | null,
): string | null {
  const chosen = chooseSubscription(all, proPriceId, agencyPriceId).subscription;
  return chosen !== null && chosen.id === invoice.subscriptionId ? invoice.hostedInvoiceUrl : null;
}
