import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
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
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { WebhookSignatureError } from "../upstreams/stripe/billing";
import { badInput, errorAnswer, jsonAnswer, notSignedIn } from "./schemas/answers";
import { plansSchema, redirectSchema, subscriptionSchema, webhookReceivedSchema } from "./schemas/billing";

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

const plansRoute = createRoute({
  method: "get",
  path: "/plans",
  tags: ["Billing"],
  summary: "The plans, their prices and features",
  responses: { 200: jsonAnswer("Free, Pro and Enterprise.", plansSchema) },
});

const subscriptionRoute = createRoute({
  method: "get",
  path: "/subscription",
  tags: ["Billing"],
  summary: "The caller's plan and subscription (Free when signed out)",
  responses: { 200: jsonAnswer("The plan and what it came from.", subscriptionSchema) },
});

const checkoutRoute = createRoute({
  method: "post",
  path: "/create-checkout",
  tags: ["Billing"],
  summary: "Start Stripe Checkout for Pro (mock mode and demo accounts: a demo Pro subscription)",
  middleware: requireAccount,
  request: { body: { required: true, content: { "application/json": { schema: checkoutRequestSchema } } } },
  responses: {
    200: jsonAnswer("Where to send the browser; url null in mock mode.", redirectSchema),
    400: errorAnswer("The body is not JSON."),
    401: notSignedIn,
    409: errorAnswer("Already on a paid plan."),
    422: badInput,
    503: errorAnswer("STRIPE_PRICE_PRO is not set."),
  },
});

const portalRoute = createRoute({
  method: "get",
  path: "/portal",
  tags: ["Billing"],
  summary: "A Stripe Customer Portal session to manage the subscription",
  middleware: requireAccount,
  responses: {
    200: jsonAnswer("Where to send the browser; url null in mock mode.", redirectSchema),
    401: notSignedIn,
    404: errorAnswer("No billing account yet."),
  },
});

const demoCancelRoute = createRoute({
  method: "post",
  path: "/demo/cancel",
  tags: ["Billing"],
  summary: "End a demo account's demo Pro subscription (the mock portal's way back to Free)",
  middleware: requireAccount,
  responses: {
    200: jsonAnswer("The subscription, back on Free.", subscriptionSchema),
    401: notSignedIn,
    403: errorAnswer("Not a demo account."),
  },
});

export const billingRoutes = createRouter()
  .openapi(plansRoute, (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ plans: PLANS.map(planSummary) }, 200);
  })
  .openapi(subscriptionRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const account = c.get("account");
    if (!account) return c.json(subscriptionBody(c, null), 200);
    const billing = await billingOfUser(c.env.DB, account.user);
    // Cheap and idempotent: also catches a plan changed by hand (an Enterprise row).
    await applyPlanLimits(c.env.DB, account.user.id, billing.plan);
    return c.json(subscriptionBody(c, billing), 200);
  })
  .openapi(checkoutRoute, async (c) => {
    const { user } = currentAccount(c);
    const { plan, subscription } = await billingOfUser(c.env.DB, user);
    if (plan.id !== "free") {
      throw new ApiError(409, "conflict", `You are already on ${plan.name}. Manage your subscription from ${BILLING_PATH}.`);
    }
    const billing = c.var.services.sources.billing();
    if (billing.mock || user.isDemo) {
      await switchDemo(c, true);
      return c.json(mockRedirect, 200);
    }
    const priceId = c.var.services.config.stripe?.priceIdPro;
    if (!priceId) throw new ApiError(503, "not_configured", "Checkout is not available: STRIPE_PRICE_PRO is not set.");
    const customerId =
      subscription?.stripeCustomerId ?? (await saveCustomer(c.env.DB, user.id, await billing.createCustomer(user.id)));
    const url = await billing.createCheckout({
      customerId,
      priceId,
      userId: user.id,
      successUrl: billingUrl(c, "?checkout=success"),
      cancelUrl: billingUrl(c, "?checkout=canceled"),
    });
    return c.json({ mock: false, url }, 200);
  })
  .openapi(portalRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { user } = currentAccount(c);
    const billing = c.var.services.sources.billing();
    if (billing.mock || user.isDemo) return c.json(mockRedirect, 200);
    const { subscription } = await billingOfUser(c.env.DB, user);
    if (!subscription?.stripeCustomerId) {
      throw new ApiError(404, "not_found", `No billing account yet: choose Upgrade on ${BILLING_PATH} to subscribe first.`);
    }
    return c.json({ mock: false, url: await billing.createPortal(subscription.stripeCustomerId, billingUrl(c)) }, 200);
  })
  // The mock portal's way back: a demo account leaves its demo Pro subscription.
  .openapi(demoCancelRoute, async (c) => {
    const { user } = currentAccount(c);
    if (!user.isDemo) throw new ApiError(403, "forbidden", "Only a demo account has a demo subscription to cancel.");
    await switchDemo(c, false);
    return c.json(subscriptionBody(c, await billingOfUser(c.env.DB, user)), 200);
  });

const webhookRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["Billing"],
  summary: "Stripe's webhook: subscription changes, verified by the Stripe-Signature header",
  description:
    "The raw body is verified against STRIPE_WEBHOOK_SECRET before anything is read from it, so no body schema is " +
    "applied here (parsing first would change the bytes the signature covers). Needs no session or XSRF token.",
  responses: {
    200: jsonAnswer("Handled (or ignored: an event type that changes no plan, a replay, or an older state).", webhookReceivedSchema),
    400: errorAnswer("The signature is missing, wrong or too old."),
    503: errorAnswer("Could not process the event now; Stripe will retry."),
  },
});

/**
 * POST /api/billing/webhook, mounted ahead of the session and XSRF middleware: Stripe
 * authenticates by signing the raw body, which is verified before anything is read from it.
 */
export const billingWebhookRoutes = createRouter().openapi(webhookRoute, async (c) => {
  const billing = c.var.services.sources.billing();
  let event;
  try {
    event = await billing.verifyEvent(await c.req.text(), c.req.header("Stripe-Signature") ?? null);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new ApiError(400, "bad_request", `Webhook refused: ${error.message}`);
    throw error;
  }
  try {
    const outcome = await handleBillingEvent(c.env.DB, billing, event);
    return c.json({ received: true as const, outcome }, 200);
  } catch (error) {
    // A 5xx makes Stripe deliver again later; the claim on the event id was released.
    console.error("stripe webhook failed", event.id, event.type, error);
    throw new ApiError(503, "upstream_unavailable", "Could not process the event now; Stripe will retry.");
  }
});
