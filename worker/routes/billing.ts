import { type Context, Hono } from "hono";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { applyPlanLimits } from "../billing/plan-limits-store";
import { saveCustomer, storeDemoSubscription } from "../billing/subscription-store";
import { billingOfUser, type UserBilling } from "../billing/user-plan";
import { handleBillingEvent } from "../billing/webhook";
import { BILLING_PATH, type RedirectResponse, type SubscriptionResponse } from "../contract/billing";
import { checkoutRequestSchema } from "../contract/billing-request";
import { planSummary } from "../contract/features";
import { FREE_PLAN, PLANS } from "../contract/plans";
import type { AppEnv } from "../env";
import { WebhookSignatureError } from "../upstreams/stripe/billing";
import { zodValidator } from "../validation";

function subscriptionBody(c: Context<AppEnv>, billing: UserBilling | null): SubscriptionResponse {
  const row = billing?.subscription ?? null;
  const plan = billing?.plan ?? FREE_PLAN;
  return {
    plan_id: plan.id,
    plan_name: plan.name,
    status: row?.status ?? null,
    current_period_end: row?.currentPeriodEnd ?? null,
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    stripe_customer_id: row?.stripeCustomerId ?? null,
    mock: c.var.services.config.stripe === null,
    demo: row?.isDemo ?? false,
  };
}

/** Back to /billing on this deployment's own origin. */
const billingUrl = (c: Context<AppEnv>, query = "") => new URL(`${BILLING_PATH}${query}`, c.req.url).href;

/** Mock mode, or a demo account (which never reaches real Checkout): a demo Pro subscription, labelled demo. */
async function switchDemo(c: Context<AppEnv>, active: boolean): Promise<void> {
  const { user } = currentAccount(c);
  if (!user.isDemo) return;
  await storeDemoSubscription(c.env.DB, user.id, active);
  await applyPlanLimits(c.env.DB, user.id, (await billingOfUser(c.env.DB, user)).plan);
}

const mockRedirect: RedirectResponse = { mock: true, url: null };

export const billingRoutes = new Hono<AppEnv>()
  .get("/plans", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ plans: PLANS.map(planSummary) }, 200);
  })
  .get("/subscription", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const account = c.get("account");
    if (!account) return c.json(subscriptionBody(c, null), 200);
    const billing = await billingOfUser(c.env.DB, account.user);
    // Cheap and idempotent: also catches a plan changed by hand (an Enterprise row).
    await applyPlanLimits(c.env.DB, account.user.id, billing.plan);
    return c.json(subscriptionBody(c, billing), 200);
  })
  .post("/create-checkout", requireAccount, zodValidator("json", checkoutRequestSchema), async (c) => {
    const { user } = currentAccount(c);
    const { plan, subscription } = await billingOfUser(c.env.DB, user);
    if (plan.id !== "free") {
      return c.json({ detail: `You are already on ${plan.name}. Manage your subscription from ${BILLING_PATH}.` }, 409);
    }
    const billing = c.var.services.sources.billing();
    if (billing.mock || user.isDemo) {
      await switchDemo(c, true);
      return c.json(mockRedirect, 200);
    }
    const priceId = c.var.services.config.stripe?.priceIdPro;
    if (!priceId) return c.json({ detail: "Checkout is not available: STRIPE_PRICE_PRO is not set." }, 503);
    const customerId =
      subscription?.stripeCustomerId ?? (await saveCustomer(c.env.DB, user.id, await billing.createCustomer(user.id)));
    const url = await billing.createCheckout({
      customerId,
      priceId,
      userId: user.id,
      successUrl: billingUrl(c, "?checkout=success"),
      cancelUrl: billingUrl(c, "?checkout=canceled"),
    });
    const body: RedirectResponse = { mock: false, url };
    return c.json(body, 200);
  })
  .get("/portal", requireAccount, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { user } = currentAccount(c);
    const billing = c.var.services.sources.billing();
    if (billing.mock || user.isDemo) return c.json(mockRedirect, 200);
    const { subscription } = await billingOfUser(c.env.DB, user);
    if (!subscription?.stripeCustomerId) {
      return c.json({ detail: `No billing account yet: choose Upgrade on ${BILLING_PATH} to subscribe first.` }, 404);
    }
    const body: RedirectResponse = { mock: false, url: await billing.createPortal(subscription.stripeCustomerId, billingUrl(c)) };
    return c.json(body, 200);
  })
  // The mock portal's way back: a demo account leaves its demo Pro subscription.
  .post("/demo/cancel", requireAccount, async (c) => {
    const { user } = currentAccount(c);
    if (!user.isDemo) return c.json({ detail: "Only a demo account has a demo subscription to cancel." }, 403);
    await switchDemo(c, false);
    return c.json(subscriptionBody(c, await billingOfUser(c.env.DB, user)), 200);
  });

/**
 * POST /api/billing/webhook, mounted ahead of the session and XSRF middleware: Stripe
 * authenticates by signing the raw body, which is verified before anything is read from it.
 */
export const billingWebhookRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const billing = c.var.services.sources.billing();
  let event;
  try {
    event = await billing.verifyEvent(await c.req.text(), c.req.header("Stripe-Signature") ?? null);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return c.json({ detail: `Webhook refused: ${error.message}` }, 400);
    throw error;
  }
  try {
    const outcome = await handleBillingEvent(c.env.DB, billing, event);
    return c.json({ received: true, outcome }, 200);
  } catch (error) {
    // A 5xx makes Stripe deliver again later; the claim on the event id was released.
    console.error("stripe webhook failed", event.id, event.type, error);
    return c.json({ detail: "Could not process the event now; Stripe will retry." }, 503);
  }
});

