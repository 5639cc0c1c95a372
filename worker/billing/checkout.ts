import { BILLING_PATH, isPaidStatus } from "../contract/billing";
import { type Billing, NoSuchStripeObjectError } from "../upstreams/stripe/billing";
import { reconcileCustomer } from "./reconcile";
import { chooseSubscription } from "./subscription-choice";
import { replaceCustomer, saveCustomer } from "./subscription-store";

/**
 * Starting a Checkout without ever making a second subscription: the customer's state is
 * re-read from Stripe first (an account Stripe already bills is not sold Pro again), its
 * abandoned incomplete subscription is cancelled and its open Checkout Sessions expired, so
 * at most one session can be paid. A customer Stripe no longer knows is recreated.
 */
export interface CheckoutStart {
  userId: string;
  storedCustomerId: string | null;
  proPriceId: string;
  /** Agency's price, when configured: a subscription to it counts as already paying too. */
  agencyPriceId?: string | null;
  /** The price bought now (Pro's or Agency's) and its quantity (Agency: the connections, at least 1). */
  priceId: string;
  quantity: number;
  /** This deployment's origin (SITE_URL), never the request's Host. */
  siteOrigin: string;
  nowMs: number;
}

export type CheckoutResult = { kind: "url"; url: string | null } | { kind: "already-paying" };

/** Where Stripe sends the customer back: /billing reconciles from the session id at once. */
export const checkoutUrls = (siteOrigin: string) => ({
  successUrl: `${new URL(BILLING_PATH, siteOrigin).href}?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${new URL(BILLING_PATH, siteOrigin).href}?checkout=canceled`,
});

export async function startCheckout(db: D1Database, billing: Billing, start: CheckoutStart): Promise<CheckoutResult> {
  let customerId = start.storedCustomerId ?? (await saveCustomer(db, start.userId, await billing.createCustomer(start.userId)));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await checkoutFor(db, billing, start, customerId);
    } catch (error) {
      if (!(error instanceof NoSuchStripeObjectError) || error.param !== "customer" || attempt > 0) throw error;
      // Deleted in Stripe's dashboard, or a test customer after the switch to live keys.
      console.warn("stripe customer unknown to Stripe: recreating it", start.userId, customerId);
      const replacement = await billing.createCustomer(start.userId, customerId);
      await replaceCustomer(db, start.userId, customerId, replacement);
      customerId = replacement;
    }
  }
}

async function checkoutFor(db: D1Database, billing: Billing, start: CheckoutStart, customerId: string): Promise<CheckoutResult> {
  const choice = chooseSubscription(await billing.listSubscriptions(customerId), start.proPriceId, start.agencyPriceId);
  if (choice.subscription && isPaidStatus(choice.subscription.status)) {
    // Stripe bills this customer already (a webhook may be late): store it, sell nothing.
    await reconcileCustomer(db, billing, {
      userId: start.userId,
      customerId,
      proPriceId: start.proPriceId,
      agencyPriceId: start.agencyPriceId,
      nowMs: start.nowMs,
    });
    return { kind: "already-paying" };
  }
  for (const abandoned of choice.incomplete) await billing.cancelSubscription(abandoned.id);
  await billing.expireOpenCheckouts(customerId);
  const url = await billing.createCheckout({
    customerId,
    priceId: start.priceId,
    quantity: start.quantity,
    userId: start.userId,
    ...checkoutUrls(start.siteOrigin),
  });
  return { kind: "url", url };
}

/** A customer for the Customer Portal, recreated when Stripe no longer knows the stored one. */
export async function portalUrl(db: D1Database, billing: Billing, userId: string, customerId: string, returnUrl: string): Promise<string | null> {
  try {
    return await billing.createPortal(customerId, returnUrl);
  } catch (error) {
    if (!(error instanceof NoSuchStripeObjectError) || error.param !== "customer") throw error;
    const replacement = await billing.createCustomer(userId, customerId);
    await replaceCustomer(db, userId, customerId, replacement);
    return billing.createPortal(replacement, returnUrl);
  }
}
