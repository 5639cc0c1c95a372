import Stripe from "stripe";
import type { StripeConfig } from "../../config";
import type { Billing, BillingEvent, CheckoutRequest, SubscriptionFacts } from "./billing";
import { WebhookSignatureError } from "./billing";

/**
 * Stripe through its official library: the fetch HTTP client and the SubtleCrypto provider
 * both run in Workers, so there is no hand-written Stripe HTTP or signature code here.
 */
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Bound on one Stripe call: a webhook re-reads a subscription and must answer Stripe well inside its timeout. */
const STRIPE_TIMEOUT_MS = 4000;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

export class StripeBilling implements Billing {
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

  async createCustomer(userId: string): Promise<string> {
    const customer = await this.stripe.customers.create(
      { metadata: { user_id: userId } },
      // Two checkouts started at once (or a retry) get the same customer back.
      { idempotencyKey: `ranklayer-customer-${userId}` },
    );
    return customer.id;
  }

  async createCheckout(request: CheckoutRequest): Promise<string | null> {
    const session = await this.stripe.checkout.sessions.create({
      mode: "subscription",
      customer: request.customerId,
      client_reference_id: request.userId,
      line_items: [{ price: request.priceId, quantity: 1 }],
      // The subscription carries the user id too, so its own events find the user.
      subscription_data: { metadata: { user_id: request.userId } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    return session.url;
  }

  async createPortal(customerId: string, returnUrl: string): Promise<string | null> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }

  async retrieveSubscription(id: string): Promise<SubscriptionFacts> {
    return factsOf(await this.stripe.subscriptions.retrieve(id));
  }

  async cancelSubscription(id: string): Promise<SubscriptionFacts> {
    return factsOf(await this.stripe.subscriptions.cancel(id));
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

/** The ids an event names, for the types RankLayer handles. */
function toBillingEvent(event: Stripe.Event): BillingEvent {
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
  };
}

/** The facts RankLayer keeps of a Stripe subscription. */
function factsOf(subscription: Stripe.Subscription): SubscriptionFacts {
  const item = subscription.items?.data?.[0];
  // The period moved from the subscription to its items in newer API versions: read either.
  const legacyEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const periodEnd = item?.current_period_end ?? legacyEnd ?? null;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    status: subscription.status,
    priceId: item?.price?.id ?? null,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    userId: subscription.metadata?.user_id ?? null,
  };
}
