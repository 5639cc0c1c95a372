import type { Billing, CheckoutFacts, SubscriptionFacts } from "./billing";
import { WebhookSignatureError } from "./billing";

/**
 * Billing mock mode (no STRIPE_SECRET_KEY): nothing reaches Stripe and nothing is charged.
 * Checkout and the portal answer no URL, so the page shows its mock message; webhooks cannot
 * be verified, so none is accepted.
 */
export class MockBilling implements Billing {
  readonly mock = true;

  async createCustomer(): Promise<string> {
    throw new Error("billing mock mode has no Stripe customers");
  }

  async createCheckout(): Promise<string | null> {
    return null;
  }

  async createPortal(): Promise<string | null> {
    return null;
  }

  async retrieveSubscription(): Promise<SubscriptionFacts> {
    throw new Error("billing mock mode has no Stripe subscriptions");
  }

  async listSubscriptions(): Promise<SubscriptionFacts[]> {
    return [];
  }

  async cancelSubscription(): Promise<void> {
    throw new Error("billing mock mode has no Stripe subscriptions");
  }

  async expireOpenCheckouts(): Promise<number> {
    return 0;
  }

  async listCheckouts(): Promise<CheckoutFacts[]> {
    return [];
  }

  async expireCheckout(): Promise<never> {
    throw new Error("billing mock mode has no Checkout Sessions");
  }

  async retrieveCheckout(): Promise<CheckoutFacts> {
    throw new Error("billing mock mode has no Checkout Sessions");
  }

  async updateQuantity(): Promise<SubscriptionFacts> {
    throw new Error("billing mock mode has no Stripe subscriptions");
  }

  async verifyEvent(): Promise<never> {
    throw new WebhookSignatureError("Stripe is not configured: no webhook can be verified.");
  }
}
