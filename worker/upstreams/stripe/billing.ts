/**
 * The one interface billing talks to: Stripe when STRIPE_SECRET_KEY is set (client.ts), the
 * labelled mock otherwise (mock.ts). Only the facts RankLayer stores cross it, never Stripe's
 * whole objects, so the rest of the Worker does not depend on Stripe's API version.
 */

/** A subscription as Stripe holds it now. */
export interface SubscriptionFacts {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  /** The first item's id (si_…) and quantity: the connected seller accounts on Agency. */
  itemId?: string | null;
  quantity?: number | null;
  /** ISO time the current period ends; null when Stripe gives none. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** ISO time Stripe will end it (cancel_at), when set. */
  cancelAt?: string | null;
  /** The RankLayer user id set on the subscription at Checkout, when present. */
  userId: string | null;
  /** Epoch seconds it was created. */
  created?: number;
}

/** A Checkout Session as the return to /billing, and the start of another Checkout, need it. */
export interface CheckoutFacts {
  id: string;
  customerId: string | null;
  clientReferenceId: string | null;
  status: string | null;
  /** Where the customer pays it (while it is open). */
  url?: string | null;
  /** Epoch seconds Stripe expires it. */
  expiresAt?: number | null;
  /** What it sells, from the metadata createCheckout sets: an open session is reused only for the same purchase. */
  priceId?: string | null;
  quantity?: number | null;
}

/** A verified webhook event, reduced to what the handler needs. */
export interface BillingEvent {
  id: string;
  type: string;
  /** Epoch seconds. */
  created: number;
  /** The subscription the event is about, when it names one. */
  subscriptionId: string | null;
  customerId: string | null;
  /** checkout.session.completed: the session's client_reference_id (our user id). */
  clientReferenceId: string | null;
  /** invoice.*: the hosted invoice page (where a 3-D Secure payment is confirmed). */
  hostedInvoiceUrl: string | null;
}

export interface CheckoutRequest {
  customerId: string;
  priceId: string;
  /** The item's quantity: 1 for Pro, the connected seller accounts (at least 1) for Agency. */
  quantity: number;
  userId: string;
  successUrl: string;
  cancelUrl: string;
  /** Stripe's Idempotency-Key: requests racing with the same one get one session, not two. */
  idempotencyKey: string;
}

export interface Billing {
  /** true: Stripe is not configured and nothing is charged. */
  readonly mock: boolean;
  /**
   * The customer for this user: created once (an idempotency key makes retries and races
   * return the same one). `replacing`: the customer Stripe no longer knows, so a new one is made.
   */
  createCustomer(userId: string, replacing?: string): Promise<string>;
  /** A Checkout Session URL, or null in mock mode. */
  createCheckout(request: CheckoutRequest): Promise<string | null>;
  /** A Customer Portal session URL, or null in mock mode. */
  createPortal(customerId: string, returnUrl: string): Promise<string | null>;
  retrieveSubscription(id: string): Promise<SubscriptionFacts>;
  /** Every subscription of the customer, whatever its status (canceled included). */
  listSubscriptions(customerId: string): Promise<SubscriptionFacts[]>;
  /** Cancels a subscription now (a duplicate, or an abandoned incomplete one). */
  cancelSubscription(id: string): Promise<void>;
  /** Expires the customer's open Checkout Sessions, so none of them can be paid any more; answers how many. */
  expireOpenCheckouts(customerId: string): Promise<number>;
  /** The customer's Checkout Sessions, every status, newest first (at most 100); NoSuchStripeObjectError ("customer") when Stripe deleted the customer. */
  listCheckouts(customerId: string): Promise<CheckoutFacts[]>;
  /**
   * Expires one session. One no longer open is not an error: "expired" when it had expired
   * already (a concurrent request expired it), "complete" when the customer has just paid it.
   */
  expireCheckout(id: string): Promise<"expired" | "complete">;
  retrieveCheckout(id: string): Promise<CheckoutFacts>;
  /**
   * Sets a subscription item's quantity, prorated (`create_prorations`): the Agency plan's
   * count of connected seller accounts. Answers the subscription as Stripe holds it after.
   */
  updateQuantity(update: QuantityUpdate): Promise<SubscriptionFacts>;
  /** Verifies the signature of a raw webhook body; throws when it is missing, wrong or too old. */
  verifyEvent(rawBody: string, signature: string | null): Promise<BillingEvent>;
}

export interface QuantityUpdate {
  subscriptionId: string;
  itemId: string;
  /** An absolute count, so a retried update changes nothing more. */
  quantity: number;
}

/** A webhook that cannot be verified, or a verified one that is not an event: answered 400. */
export class WebhookSignatureError extends Error {}

/** Stripe cannot be reached (network, timeout, its 5xx or rate limit): answered 503 with Retry-After. */
export class BillingUnavailableError extends Error {}

/**
 * Stripe refuses what only its account's settings can fix (the Customer Portal never saved, a
 * Checkout price archived): no retry helps, so it is answered 503 not_configured and logged for the operator.
 */
export class BillingNotConfiguredError extends Error {}

/** Stripe refused an Idempotency-Key reused with other parameters: two different requests raced (answered 409). */
export class IdempotencyConflictError extends Error {}

/** Stripe does not know the object (resource_missing): deleted, or from the other mode (test/live). */
export class NoSuchStripeObjectError extends Error {
  constructor(readonly param: string | null, message: string) {
    super(message);
  }
}
