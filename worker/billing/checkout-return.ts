import type { StripeConfig } from "../config";
import { ApiError } from "../shared/api-error";
import { type Billing, BillingUnavailableError, NoSuchStripeObjectError } from "../upstreams/stripe/billing";
import { reconcileCustomer } from "./reconcile";
import { findUserBilling } from "./subscription-store";

/** How long to wait before trying Stripe again, sent as Retry-After. */
export const STRIPE_RETRY_AFTER_S = 30;

/** Runs a Stripe call for a route: Stripe unreachable is a 503 with Retry-After and a detail, never a 500. */
export async function stripeUnavailable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof BillingUnavailableError)) throw error;
    console.warn("stripe unreachable", error.message);
    throw new ApiError(503, "upstream_unavailable", "Stripe cannot be reached right now. Nothing was charged; try again in a minute.", {
      "Retry-After": String(STRIPE_RETRY_AFTER_S),
    });
  }
}

/**
 * The return from Checkout (/billing?session_id=…): if the session is this user's, the
 * account's state is re-derived from Stripe at once, so a late webhook never shows a paying
 * customer Free. Best effort: the page still shows the stored state if Stripe fails.
 */
export async function reconcileAfterCheckout(
  db: D1Database,
  billing: Billing,
  stripe: StripeConfig | null,
  user: { id: string; isDemo: boolean },
  sessionId: string,
): Promise<void> {
  if (!stripe || billing.mock || user.isDemo || !/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) return;
  try {
    const { subscription } = await findUserBilling(db, user.id);
    const session = await billing.retrieveCheckout(sessionId);
    const customerId = session.customerId;
    const mine = session.clientReferenceId === user.id || (customerId !== null && customerId === subscription?.stripeCustomerId);
    if (!mine || !customerId || customerId !== (subscription?.stripeCustomerId ?? customerId)) return;
    await reconcileCustomer(db, billing, { userId: user.id, customerId, proPriceId: stripe.priceIdPro, agencyPriceId: stripe.priceIdAgency, nowMs: Date.now() });
  } catch (error) {
    if (!(error instanceof BillingUnavailableError || error instanceof NoSuchStripeObjectError)) throw error;
    console.warn("reconcile after checkout failed; showing the stored state", sessionId, error.message);
  }
}
