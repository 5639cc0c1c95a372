import { BILLING_PATH, isPaidStatus } from "../contract/billing";
import { BillingNotConfiguredError, type Billing, type CheckoutFacts, IdempotencyConflictError, NoSuchStripeObjectError } from "../upstreams/stripe/billing";
import { reconcileCustomer } from "./reconcile";
import { chooseSubscription } from "./subscription-choice";
import { replaceCustomer, saveCustomer } from "./subscription-store";
import { sweepNextNight } from "./sweep-store";

/**
 * Starting a Checkout without ever making a second subscription: the customer's state is
 * re-read from Stripe first (an account Stripe already bills is not sold Pro again), its
 * abandoned incomplete subscription is cancelled, an open session for the same purchase is
 * handed out again and every other open one expired, so at most one session can be paid, even
 * when Upgrade is clicked twice at once (see createSession). A customer Stripe no longer knows is recreated.
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

/**
 * raced: another Checkout for another purchase was started at the same moment; the person tries again.
 * price-refused: Stripe will not sell the price (of the other mode, deleted or archived): the setting is wrong.
 */
export type CheckoutResult = { kind: "url"; url: string | null } | { kind: "already-paying" } | { kind: "raced" } | { kind: "price-refused" };

/** An open session is handed out again only with this long left to pay it in (Stripe's default life is 24 hours). */
const REUSE_MIN_LEFT_S = 60 * 60;

/** Where Stripe sends the customer back: /billing reconciles from the session id at once. */
export const checkoutUrls = (siteOrigin: string) => ({
  successUrl: `${new URL(BILLING_PATH, siteOrigin).href}?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${new URL(BILLING_PATH, siteOrigin).href}?checkout=canceled`,
});

export async function startCheckout(db: D1Database, billing: Billing, start: CheckoutStart): Promise<CheckoutResult> {
  let customerId = start.storedCustomerId ?? (await saveCustomer(db, start.userId, await billing.createCustomer(start.userId)));
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await checkoutFor(db, billing, start, customerId);
      if (result.kind === "url") await sweepNextNight(db, start.userId);
      return result;
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
  // Stripe bills this customer already (a webhook may be late): store it, sell nothing.
  if (choice.subscription && isPaidStatus(choice.subscription.status)) return alreadyPaying(db, billing, start, customerId);
  for (const abandoned of choice.incomplete) await billing.cancelSubscription(abandoned.id);
  const sessions = await billing.listCheckouts(customerId);
  const reusable = sessions.find((session) => isSamePurchase(session, start));
  for (const open of sessions.filter((session) => session.status === "open" && session !== reusable)) {
    // Paid between the list above and now: the customer is paying, so nothing more is sold.
    if ((await billing.expireCheckout(open.id)) === "complete") return alreadyPaying(db, billing, start, customerId);
  }
  if (reusable) return { kind: "url", url: reusable.url ?? null };
  return createSession(billing, start, customerId, sessions[0]?.id ?? null);
}

/**
 * A new session, under an Idempotency-Key named after the customer's newest session: two clicks
 * racing here both saw the same newest one, so Stripe answers the second with the first's session
 * (same parameters) or refuses it (another plan: `raced`) instead of making a second payable one.
 * Once a session exists it is the newest, so the next Checkout gets a new key.
 */
async function createSession(billing: Billing, start: CheckoutStart, customerId: string, newestSessionId: string | null): Promise<CheckoutResult> {
  try {
    const url = await billing.createCheckout({
      customerId,
      priceId: start.priceId,
      quantity: start.quantity,
      userId: start.userId,
      ...checkoutUrls(start.siteOrigin),
      idempotencyKey: `ranklayer-checkout-${customerId}-after-${newestSessionId ?? "none"}`,
    });
    return { kind: "url", url };
  } catch (error) {
    if (error instanceof IdempotencyConflictError) return { kind: "raced" };
    // Stripe's "No such price" or "price is inactive": no retry can sell it, only a corrected setting.
    if (error instanceof BillingNotConfiguredError) {
      console.error("stripe does not sell the price Checkout asks for: check STRIPE_PRICE_PRO / STRIPE_PRICE_AGENCY", start.priceId, error.message);
      return { kind: "price-refused" };
    }
    throw error;
  }
}

/** An open session of this user for the same price and quantity, with time left to pay it. */
function isSamePurchase(session: CheckoutFacts, start: CheckoutStart): boolean {
  return (
    session.status === "open" &&
    Boolean(session.url) &&
    session.clientReferenceId === start.userId &&
    session.priceId === start.priceId &&
    session.quantity === start.quantity &&
    (session.expiresAt ?? 0) - start.nowMs / 1000 >= REUSE_MIN_LEFT_S
  );
}

async function alreadyPaying(db: D1Database, billing: Billing, start: CheckoutStart, customerId: string): Promise<CheckoutResult> {
  await reconcileCustomer(db, billing, {
    userId: start.userId,
    customerId,
    proPriceId: start.proPriceId,
    agencyPriceId: start.agencyPriceId,
    nowMs: start.nowMs,
  });
  return { kind: "already-paying" };
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
