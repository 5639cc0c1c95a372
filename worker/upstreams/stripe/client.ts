import type { StripeConfig } from "../../config";
import type { Billing, BillingEvent, CheckoutFacts, CheckoutRequest, QuantityUpdate, SubscriptionFacts } from "./billing";
import { onFirstUse } from "../../shared/on-first-use";
import type { StripeSdkBilling } from "./stripe-sdk";

const stripeSdk = onFirstUse(() => import("./stripe-sdk"));

/**
 * Billing through Stripe. The Stripe SDK (about 722 KiB, and its resource classes built when its
 * module runs) is imported on the first billing call, not when the Worker starts: lookups,
 * dashboards and every other request never load it (docs/performance.md, start-up).
 */
export class StripeBilling implements Billing {
  readonly mock = false;
  private sdk: Promise<StripeSdkBilling> | undefined;

  constructor(private readonly config: StripeConfig) {}

  private client(): Promise<StripeSdkBilling> {
    this.sdk ??= Promise.resolve(stripeSdk()).then(({ StripeSdkBilling }) => new StripeSdkBilling(this.config));
    return this.sdk;
  }

  async createCustomer(userId: string, replacing?: string): Promise<string> {
    return (await this.client()).createCustomer(userId, replacing);
  }

  async createCheckout(request: CheckoutRequest): Promise<string | null> {
    return (await this.client()).createCheckout(request);
  }

  async createPortal(customerId: string, returnUrl: string): Promise<string | null> {
    return (await this.client()).createPortal(customerId, returnUrl);
  }

  async retrieveSubscription(id: string): Promise<SubscriptionFacts> {
    return (await this.client()).retrieveSubscription(id);
  }

  async listSubscriptions(customerId: string): Promise<SubscriptionFacts[]> {
    return (await this.client()).listSubscriptions(customerId);
  }

  async cancelSubscription(id: string): Promise<void> {
    return (await this.client()).cancelSubscription(id);
  }

  async expireOpenCheckouts(customerId: string): Promise<number> {
    return (await this.client()).expireOpenCheckouts(customerId);
  }

  async listCheckouts(customerId: string): Promise<CheckoutFacts[]> {
    return (await this.client()).listCheckouts(customerId);
  }

  async expireCheckout(id: string): Promise<"expired" | "complete"> {
    return (await this.client()).expireCheckout(id);
  }

  async retrieveCheckout(id: string): Promise<CheckoutFacts> {
    return (await this.client()).retrieveCheckout(id);
  }

  async updateQuantity(update: QuantityUpdate): Promise<SubscriptionFacts> {
    return (await this.client()).updateQuantity(update);
  }

  async verifyEvent(rawBody: string, signature: string | null): Promise<BillingEvent> {
    return (await this.client()).verifyEvent(rawBody, signature);
  }
}
