import Stripe from "stripe";
import type { StripeConfig } from "../../config";
import type { Billing, BillingEvent, CheckoutFacts, CheckoutRequest, QuantityUpdate, SubscriptionFacts } from "./billing";
import { BillingNotConfiguredError, BillingUnavailableError, IdempotencyConflictError, NoSuchStripeObjectError, WebhookSignatureError } from "./billing";

/**
 * Stripe through its official library (722 KiB; loaded by client.ts only when billing runs): the fetch HTTP client and the SubtleCrypto provider
 * both run in Workers, so there is no hand-written Stripe HTTP or signature code here.
 */
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Bound on one Stripe call: a webhook re-reads a subscription and must answer Stripe well inside its timeout. */
const STRIPE_TIMEOUT_MS = 4000;

/** Stripe's failures in the words billing acts on: unreachable (retry later) or no such object. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isReplayedFailure(error)) throw new ReplayedFailure();
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") {
      throw new NoSuchStripeObjectError(error.param ?? null, error.message);
    }
    // A key reused with other parameters (400); one still in use is a 409, retried, then unreachable below.
    if (error instanceof Stripe.errors.StripeIdempotencyError) throw new IdempotencyConflictError(error.message);
    const status = (error as { statusCode?: number }).statusCode;
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      error instanceof Stripe.errors.StripeAPIError ||
      (error instanceof Stripe.errors.StripeError && status !== undefined && status >= 500)
    ) {
      throw new BillingUnavailableError(error.message);
    }
    throw error;
  }
}

/** A 5xx that Stripe replayed from an earlier request with the same Idempotency-Key. */
class ReplayedFailure extends Error {}

function isReplayedFailure(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError) || (error.statusCode ?? 0) < 500) return false;
  const headers = error.headers as Record<string, string | undefined> | undefined;
  return headers?.["idempotent-replayed"] === "true";
}

/**
 * A create under an Idempotency-Key. Stripe saves a key's first result, a 500 included, and
 * replays it for 24 hours, so a key that met a server error would fail every retry. A replayed
 * failure is tried once more under the key and this minute: double clicks within it still share
 * one key, and the object is made once.
 */
async function keyedCreate<T>(key: string, create: (idempotencyKey: string) => Promise<T>): Promise<T> {
  try {
    return await guarded(() => create(key));
  } catch (error) {
    if (!(error instanceof ReplayedFailure)) throw error;
    const fresh = `${key}-after-failure-${Math.floor(Date.now() / 60_000)}`;
    try {
      return await guarded(() => create(fresh));
    } catch (again) {
      throw again instanceof ReplayedFailure ? new BillingUnavailableError("Stripe failed on this request; try again in a minute.") : again;
    }
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

export class StripeSdkBilling implements Billing {
  readonly mock = false;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = new Stripe(config.secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      timeout: STRIPE_TIMEOUT_MS,
      maxNetworkRetries: 1,
      ...(config.api && { host: config.api.host, protocol: config.api.protocol, port: config.api.port }),
    });
  }

  async createCustomer(userId: string, replacing?: string): Promise<string> {
    // Two checkouts started at once (or a retry) get the same customer back; a replacement gets its own key.
    const key = replacing ? `ranklayer-customer-${userId}-replacing-${replacing}` : `ranklayer-customer-${userId}`;
    const customer = await keyedCreate(key, (idempotencyKey) => this.stripe.customers.create({ metadata: { user_id: userId } }, { idempotencyKey }));
    return customer.id;
  }

  async createCheckout(request: CheckoutRequest): Promise<string | null> {
    try {
      return await this.createSession(request);
    } catch (error) {
      // A price Stripe will not sell (unknown, archived, or not recurring) is refused on the line
      // item: the setting is wrong, and no retry sells it.
      const onLineItem = (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof NoSuchStripeObjectError) && error.param?.startsWith("line_items");
      if (onLineItem) throw new BillingNotConfiguredError(error.message);
      throw error;
    }
  }

  private async createSession(request: CheckoutRequest): Promise<string | null> {
    const session = await keyedCreate(request.idempotencyKey, (idempotencyKey) => this.stripe.checkout.sessions.create({
      mode: "subscription",
      customer: request.customerId,
      client_reference_id: request.userId,
      line_items: [{ price: request.priceId, quantity: request.quantity }],
      // Read back by listCheckouts: a session's line items are not in Stripe's list.
      metadata: { price_id: request.priceId, quantity: String(request.quantity) },
      // The subscription carries the user id too, so its own events find the user.
      subscription_data: { metadata: { user_id: request.userId } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    }, { idempotencyKey }));
    return session.url;
  }

  async createPortal(customerId: string, returnUrl: string): Promise<string | null> {
    try {
      const session = await guarded(() => this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return session.url;
    } catch (error) {
      // A customer Stripe does not know is NoSuchStripeObjectError (recreated by the caller); any
      // other refusal is of the account's portal settings ("save your customer portal settings").
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new BillingNotConfiguredError(error.message);
      throw error;
    }
  }

  async retrieveSubscription(id: string): Promise<SubscriptionFacts> {
    return factsOf(await guarded(() => this.stripe.subscriptions.retrieve(id)));
  }

  async listSubscriptions(customerId: string): Promise<SubscriptionFacts[]> {
    // status "all": canceled ones too (Stripe's default leaves them out); one customer has few.
    const list = await guarded(() => this.stripe.subscriptions.list({ customer: customerId, status: "all", limit: 100 }));
    return list.data.map(factsOf);
  }

  async cancelSubscription(id: string): Promise<void> {
    try {
      await guarded(() => this.stripe.subscriptions.cancel(id));
    } catch (error) {
      // Two handlers of one customer's events may cancel the same duplicate: ended already is done.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const { status } = await this.retrieveSubscription(id);
      if (status !== "canceled" && status !== "incomplete_expired") throw error;
    }
  }

  async expireOpenCheckouts(customerId: string): Promise<number> {
    const open = await guarded(() => this.stripe.checkout.sessions.list({ customer: customerId, status: "open", limit: 100 }));
    for (const session of open.data) await this.expireCheckout(session.id);
    return open.data.length;
  }

  async listCheckouts(customerId: string): Promise<CheckoutFacts[]> {
    // The customer expanded: one deleted in the Dashboard can pay no session, so none of its is handed out again.
    const list = await guarded(() => this.stripe.checkout.sessions.list({ customer: customerId, limit: 100, expand: ["data.customer"] }));
    if (list.data.some((session) => typeof session.customer === "object" && session.customer?.deleted)) {
      throw new NoSuchStripeObjectError("customer", `No such customer: '${customerId}' (deleted)`);
    }
    return list.data.map(checkoutFactsOf);
  }

  async expireCheckout(id: string): Promise<"expired" | "complete"> {
    try {
      await guarded(() => this.stripe.checkout.sessions.expire(id));
      return "expired";
    } catch (error) {
      // Stripe expires only open sessions: a concurrent request expired it, or the customer has just paid it.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const { status } = await this.retrieveCheckout(id);
      if (status === "expired" || status === "complete") return status;
      throw error;
    }
  }

  async retrieveCheckout(id: string): Promise<CheckoutFacts> {
    return checkoutFactsOf(await guarded(() => this.stripe.checkout.sessions.retrieve(id)));
  }

  async updateQuantity(update: QuantityUpdate): Promise<SubscriptionFacts> {
    // Prorated: a client added mid-month is billed for the rest of the month, one removed is credited.
    const subscription = await guarded(() =>
      this.stripe.subscriptions.update(update.subscriptionId, {
        items: [{ id: update.itemId, quantity: update.quantity }],
        proration_behavior: "create_prorations",
      }),
    );
    return factsOf(subscription);
  }

  async verifyEvent(rawBody: string, signature: string | null): Promise<BillingEvent> {
    if (!this.config.webhookSecret) throw new WebhookSignatureError("STRIPE_WEBHOOK_SECRET is not set: no webhook can be verified.");
    if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header.");
    let event: Stripe.Event;
    try {
      // Default tolerance (300 s): an old, replayed signature is refused.
      event = await this.stripe.webhooks.constructEventAsync(rawBody, signature, this.config.webhookSecret, undefined, cryptoProvider);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature.");
    }
    return toBillingEvent(event);
  }
}

const isoOf = (epochSeconds: number | null | undefined) => (epochSeconds ? new Date(epochSeconds * 1000).toISOString() : null);

function factsOf(subscription: Stripe.Subscription): SubscriptionFacts {
  const item = subscription.items?.data?.[0];
  // The period moved from the subscription to its items in newer API versions: read either.
  const legacyEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    status: subscription.status,
    priceId: item?.price?.id ?? null,
    itemId: item?.id ?? null,
    quantity: item?.quantity ?? null,
    currentPeriodEnd: isoOf(item?.current_period_end ?? legacyEnd),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: isoOf(subscription.cancel_at),
    userId: subscription.metadata?.user_id ?? null,
    created: subscription.created ?? 0,
  };
}

function checkoutFactsOf(session: Stripe.Checkout.Session): CheckoutFacts {
  const quantity = Number(session.metadata?.quantity);
  return {
    id: session.id,
    customerId: idOf(session.customer),
    clientReferenceId: session.client_reference_id ?? null,
    status: session.status ?? null,
    url: session.url ?? null,
    expiresAt: session.expires_at ?? null,
    priceId: session.metadata?.price_id ?? null,
    quantity: Number.isInteger(quantity) ? quantity : null,
  };
}

/** The ids an event names, for the types RankLayer handles; a signed body that is not an event is refused. */
function toBillingEvent(event: Stripe.Event): BillingEvent {
  const envelope = event as unknown as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } };
  if (
    typeof envelope.id !== "string" || typeof envelope.type !== "string" || typeof envelope.created !== "number" ||
    typeof envelope.data?.object !== "object" || envelope.data.object === null
  ) {
    throw new WebhookSignatureError("The signed body is not a Stripe event (id, type, created and data.object are required).");
  }
  const object = event.data.object as unknown as Record<string, unknown>;
  const ref = (value: unknown) => idOf(value as string | { id: string } | null | undefined);
  let subscriptionId: string | null = null;
  if (event.type.startsWith("customer.subscription.")) subscriptionId = ref(object.id);
  else if (event.type === "checkout.session.completed") subscriptionId = ref(object.subscription);
  else if (event.type.startsWith("invoice.")) {
    // Newer API versions name an invoice's subscription under parent.subscription_details.
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    subscriptionId = ref(parent?.subscription_details?.subscription) ?? ref(object.subscription);
  }
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    subscriptionId,
    customerId: ref(object.customer),
    clientReferenceId: typeof object.client_reference_id === "string" ? object.client_reference_id : null,
    hostedInvoiceUrl: event.type.startsWith("invoice.") && typeof object.hosted_invoice_url === "string" ? object.hosted_invoice_url : null,
  };
}
