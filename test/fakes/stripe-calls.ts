/** One request the fake Stripe API got (and the subscription shape it answers): shared by the fake (Node) and the tests that read its log. */
export interface StripeCallRecord {
  seq: number;
  method: string;
  /** e.g. /v1/checkout/sessions */
  path: string;
  /** The form body's fields as Stripe's library encodes them: `line_items[0][price]`, … */
  fields: Record<string, string>;
  /** The Authorization header carried the configured secret key. */
  authorized: boolean;
  idempotencyKey: string | null;
  status: number;
}

/** A subscription as a test sets it in the fake. */
export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  priceId?: string;
  /** Epoch seconds. */
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  /** Epoch seconds the subscription is set to end at (Stripe's cancel_at), when set. */
  cancelAt?: number | null;
  userId?: string;
  /** Epoch seconds; the fake sets it when a subscription first appears. */
  created?: number;
  /** The item's quantity (1 unless set): Agency's connected seller accounts. */
  quantity?: number;
  /** The proration_behavior of each quantity update, oldest first (what Stripe would have invoiced). */
  prorations?: string[];
}

/** The id of a fake subscription's one item. */
export const itemIdOf = (subscriptionId: string) => `si_${subscriptionId}`;

/** A subscription in the shape of Stripe's API (period on the items, as in current API versions). */
export function subscriptionObject(sub: FakeSubscription) {
  const periodEnd = sub.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 86400;
  return {
    id: sub.id,
    object: "subscription",
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd ?? false,
    cancel_at: sub.cancelAt ?? null,
    created: sub.created ?? Math.floor(Date.now() / 1000),
    metadata: sub.userId ? { user_id: sub.userId } : {},
    items: {
      object: "list",
      data: [
        {
          id: itemIdOf(sub.id),
          object: "subscription_item",
          price: { id: sub.priceId ?? "price_pro", object: "price" },
          quantity: sub.quantity ?? 1,
          current_period_end: periodEnd,
        },
      ],
    },
  };
}

/**
 * The Prices the fake Stripe account has (the tests' STRIPE_PRICE_PRO and STRIPE_PRICE_AGENCY).
 * Checkout sells only these: Stripe refuses a price of another account or mode, or a deleted one,
 * with 400 resource_missing "No such price" on `line_items[0][price]`.
 */
export const FAKE_PRICES: readonly string[] = ["price_pro_test", "price_agency_test", "price_pro_e2e", "price_agency_e2e"];

/** Prices of the fake account that were archived (active: false): Stripe refuses them in a new Checkout. */
export const FAKE_ARCHIVED_PRICES: readonly string[] = ["price_pro_archived"];

/**
 * The key of an account whose Customer Portal settings were never saved: everything works but a
 * portal session, which Stripe refuses (400 invalid_request_error, no code) until they are.
 */
export const STRIPE_NO_PORTAL_KEY = "sk_test_fake_no_portal";

/** A key the fake answers 503 to on every call: Stripe unreachable, for the tests of that path. */
export const STRIPE_OUTAGE_KEY = "sk_test_fake_outage";

/** A key whose account Stripe is rate-limiting: every call is 429 rate_limit_error, with no Retry-After, as Stripe answers it. */
export const STRIPE_RATE_LIMITED_KEY = "sk_test_fake_rate_limited";
