import { jsonBody } from "../openapi/responses";
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { auditRequest } from "./request-audit";
import { applyPlanLimits } from "../billing/plan-limits-store";
import { storeDemoSubscription } from "../billing/subscription-store";
import { billingOfUser, type UserBilling } from "../billing/user-plan";
import { handleBillingEvent } from "../billing/webhook";
import { portalUrl, startCheckout } from "../billing/checkout";
import { reconcileAfterCheckout, stripeUnavailable } from "../billing/checkout-return";
import { BILLING_PATH, type RedirectResponse, type SubscriptionResponse } from "../contract/billing";
import { checkoutRequestSchema } from "../contract/billing-request";
import { planSummary } from "../contract/features";
import { agencyQuantity, FREE_PLAN, monthlyPriceUsd, type Plan, PLANS } from "../contract/plans";
import { countDemoSellerConnections, countSellerConnections } from "../billing/connection-count-store";
import type { AppEnv } from "../env";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { BillingNotConfiguredError, BillingUnavailableError, WebhookSignatureError } from "../upstreams/stripe/billing";
import { badInput, errorAnswer, jsonAnswer, notSignedIn } from "./schemas/answers";
import { plansSchema, redirectSchema, subscriptionQuerySchema, subscriptionSchema, webhookReceivedSchema } from "./schemas/billing";

/**
 * `connections`: the workspace's seller connections now, for a demo Agency subscription, whose
 * quantity nothing bills or stores (agency-quantity.ts syncs paid ones only).
 */
function subscriptionBody(c: Context<AppEnv>, billing: UserBilling | null, connections?: number): SubscriptionResponse {
  const row = billing?.subscription ?? null;
  const plan = billing?.plan ?? FREE_PLAN;
  return {
    plan_id: plan.id,
    plan_name: plan.name,
    status: row?.status ?? null,
    current_period_end: row?.currentPeriodEnd ?? null,
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    stripe_customer_id: row?.stripeCustomerId ?? null,
    mock: c.get("services").config.stripe === null,
    demo: row?.isDemo ?? false,
    ...(row?.cancelAt && { ends_at: row.cancelAt }),
    ...(row?.paymentActionUrl && { payment_action_url: row.paymentActionUrl }),
    ...(plan.perConnection && agencyFigures(plan, row?.isDemo && connections !== undefined ? connections : (row?.quantity ?? null), endsThisPeriod(row))),
  };
}

/**
 * Agency's per-connection figures for /billing: the quantity billed and next month at that
 * quantity, unless the subscription ends by this period's end (Stripe sends no next invoice then).
 */
function agencyFigures(plan: Plan, storedQuantity: number | null, ending: boolean) {
  const quantity = agencyQuantity(storedQuantity ?? 1);
  return { quantity, price_per_connection_usd: plan.priceUsd ?? 0, ...(!ending && { next_invoice_estimate_usd: monthlyPriceUsd(plan, quantity) ?? 0 }) };
}

/** Set to cancel at or before the current period's end (cancel_at_period_end, or a cancel_at within it). */
function endsThisPeriod(row: UserBilling["subscription"] | undefined): boolean {
  if (!row?.cancelAt) return false;
  return row.currentPeriodEnd === null || Date.parse(row.cancelAt) <= Date.parse(row.currentPeriodEnd);
}

/** Back to /billing on this deployment's origin (SITE_URL), never the request's Host. */
const billingUrl = (c: Context<AppEnv>) => new URL(BILLING_PATH, c.get("services").config.siteOrigin).href;

/**
 * Mock mode only: a demo account's demo Pro subscription, labelled demo (sample data, nothing
 * charged), from the plan `before` it; answers the billing after it.
 */
async function switchDemo(c: Context<AppEnv>, before: string, active: boolean, paidPlan: "pro" | "agency" = "pro"): Promise<UserBilling> {
  const { workspace } = currentAccount(c);
  await storeDemoSubscription(c.env.DB, workspace.id, active, paidPlan);
  const after = await billingOfUser(c.env.DB, { id: workspace.id });
  await applyPlanLimits(c.env.DB, workspace.id, after.plan);
  // As Stripe's plan changes are (reconcile.ts): the log covers billing, mock included.
  if (after.plan.id !== before) await auditRequest(c, { workspaceId: workspace.id, action: "billing.plan", detail: { from: before, to: after.plan.id, mock: true } });
  return after;
}

const mockRedirect: RedirectResponse = { mock: true, url: null };

const plansRoute = createRoute({
  method: "get",
  path: "/plans",
  tags: ["Billing"],
  summary: "The plans, their prices and features",
  responses: { 200: jsonAnswer("Free, Pro, Agency and Enterprise.", plansSchema) },
});

const subscriptionRoute = createRoute({
  method: "get",
  path: "/subscription",
  tags: ["Billing"],
  summary: "The caller's plan and subscription (Free when signed out)",
  description: "With `session_id` (the return from Checkout), the account's state is first re-read from Stripe.",
  request: { query: subscriptionQuerySchema },
  responses: { 200: jsonAnswer("The plan and what it came from.", subscriptionSchema) },
});

const checkoutRoute = createRoute({
  method: "post",
  path: "/create-checkout",
  tags: ["Billing"],
  summary: "Start Stripe Checkout for Pro or Agency (mock mode: a demo account's demo Pro subscription)",
  description: "Agency is priced per connected seller account: the Checkout's quantity is the workspace's connections (at least 1).",
  middleware: requireAccount,
  request: { body: jsonBody(checkoutRequestSchema) },
  responses: {
    200: jsonAnswer("Where to send the browser; url null in mock mode.", redirectSchema),
    400: errorAnswer("The body is not JSON."),
    401: notSignedIn,
    403: errorAnswer("A demo account, with Stripe configured: it cannot subscribe."),
    409: errorAnswer("Already on a paid plan (or Stripe bills the customer already), or a Checkout for another plan was started at the same moment (see Retry-After)."),
    422: badInput,
    503: errorAnswer("The plan's price (STRIPE_PRICE_PRO or STRIPE_PRICE_AGENCY) or STRIPE_WEBHOOK_SECRET is not set, Stripe does not sell that price (unknown or archived), or Stripe cannot be reached (see Retry-After)."),
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
    503: errorAnswer("Stripe cannot be reached (see Retry-After), or its Customer Portal is not set up (not_configured)."),
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
    const { session_id: sessionId } = c.req.valid("query");
    // Back from Checkout: read Stripe now, so the page shows Pro as soon as Stripe does, webhook or not.
    if (sessionId) await reconcileAfterCheckout(c.env.DB, c.get("services").sources.billing(), c.get("services").config.stripe, { id: account.workspace.id, isDemo: account.user.isDemo }, sessionId);
    const billing = await billingOfUser(c.env.DB, { id: account.workspace.id });
    // Cheap and idempotent: also catches a plan changed by hand (an Enterprise row).
    await applyPlanLimits(c.env.DB, account.workspace.id, billing.plan);
    const demoAgency = billing.plan.perConnection && billing.subscription?.isDemo;
    return c.json(subscriptionBody(c, billing, demoAgency ? await countDemoSellerConnections(c.env.DB, account.workspace.id) : undefined), 200);
  })
  .openapi(checkoutRoute, async (c) => {
    const { user, workspace } = currentAccount(c);
    const { planId } = c.req.valid("json");
    const { plan, subscription } = await billingOfUser(c.env.DB, { id: workspace.id });
    if (plan.id !== "free") {
      throw new ApiError(409, "conflict", `You are already on ${plan.name}. Manage your subscription from ${BILLING_PATH}.`);
    }
    const billing = c.get("services").sources.billing();
    if (billing.mock) {
      // Mock mode: a demo account switches to demo Pro or Agency (sample data only); nothing is charged.
      if (user.isDemo) await switchDemo(c, plan.id, true, planId);
      return c.json(mockRedirect, 200);
    }
    if (user.isDemo) {
      throw new ApiError(403, "forbidden", "A demo account cannot subscribe: billing is real on this deployment. Sign in with your Amazon seller account to upgrade to Pro.");
    }
    const stripe = c.get("services").config.stripe;
    if (!stripe?.priceIdPro) throw new ApiError(503, "not_configured", "Checkout is not available: STRIPE_PRICE_PRO is not set.");
    const priceId = planId === "agency" ? stripe.priceIdAgency : stripe.priceIdPro;
    if (!priceId) throw new ApiError(503, "not_configured", "The Agency plan is not available: STRIPE_PRICE_AGENCY is not set.");
    if (!stripe.webhookSecret) {
      // Without it every event would be refused: the customer would pay and stay Free.
      throw new ApiError(503, "not_configured", "Checkout is not available: STRIPE_WEBHOOK_SECRET is not set, so payments could not be confirmed.");
    }
    const quantity = planId === "agency" ? agencyQuantity(await countSellerConnections(c.env.DB, workspace.id)) : 1;
    const result = await stripeUnavailable(() =>
      startCheckout(c.env.DB, billing, {
        userId: workspace.id,
        storedCustomerId: subscription?.stripeCustomerId ?? null,
        proPriceId: stripe.priceIdPro!,
        agencyPriceId: stripe.priceIdAgency,
        priceId,
        quantity,
        siteOrigin: c.get("services").config.siteOrigin,
        nowMs: Date.now(),
      }),
    );
    if (result.kind === "already-paying") {
      throw new ApiError(409, "conflict", `You are already on a paid plan. Manage your subscription from ${BILLING_PATH}.`);
    }
    if (result.kind === "price-refused") {
      // A test-mode price left after the switch to live keys, or one deleted or archived: an operator's fix, not the customer's.
      const setting = planId === "agency" ? "STRIPE_PRICE_AGENCY" : "STRIPE_PRICE_PRO";
      throw new ApiError(503, "not_configured", `Checkout is not available: Stripe does not sell the price ${setting} names. Nothing was charged.`);
    }
    if (result.kind === "raced") {
      // Two tabs, two plans, one instant: only one of them got a session that can be paid.
      throw new ApiError(409, "conflict", "A Checkout for another plan was started at the same moment. Nothing was charged; try again in a few seconds.", { "Retry-After": "5" });
    }
    await auditRequest(c, { workspaceId: workspace.id, action: "billing.checkout", detail: { plan: planId } });
    return c.json({ mock: false, url: result.url }, 200);
  })
  .openapi(portalRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { user, workspace } = currentAccount(c);
    const billing = c.get("services").sources.billing();
    if (billing.mock || user.isDemo) return c.json(mockRedirect, 200);
    const { subscription } = await billingOfUser(c.env.DB, { id: workspace.id });
    if (!subscription?.stripeCustomerId) {
      throw new ApiError(404, "not_found", `No billing account yet: choose Upgrade on ${BILLING_PATH} to subscribe first.`);
    }
    const customerId = subscription.stripeCustomerId;
    const url = await stripeUnavailable(() => portalUrl(c.env.DB, billing, workspace.id, customerId, billingUrl(c))).catch((error: unknown) => {
      if (!(error instanceof BillingNotConfiguredError)) throw error;
      // Stripe's words name its Dashboard: for the operator's log, not the customer.
      console.error("stripe refused the customer portal: save its settings in the Dashboard (docs/billing.md, step 5)", error.message);
      throw new ApiError(503, "not_configured", "The billing portal is not set up on this deployment yet, so the subscription cannot be managed here. Nothing has changed on it; please contact support.");
    });
    await auditRequest(c, { workspaceId: workspace.id, action: "billing.portal" });
    return c.json({ mock: false, url }, 200);
  })
  // The mock portal's way back: a demo account leaves its demo Pro subscription.
  .openapi(demoCancelRoute, async (c) => {
    const { user, workspace } = currentAccount(c);
    if (!user.isDemo) throw new ApiError(403, "forbidden", "Only a demo account has a demo subscription to cancel.");
    const before = (await billingOfUser(c.env.DB, { id: workspace.id })).plan.id;
    return c.json(subscriptionBody(c, await switchDemo(c, before, false)), 200);
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
    200: jsonAnswer(
      "Handled (or ignored: an event type that changes no plan, a replay, an older state, or an object Stripe does not know).",
      webhookReceivedSchema,
    ),
    400: errorAnswer("The signature is missing, wrong or too old, or the signed body is not an event."),
    409: errorAnswer("Another delivery of the event is being handled (Retry-After): not done yet, so Stripe keeps retrying."),
    503: errorAnswer("Could not process the event now (Stripe unreachable, see Retry-After); Stripe will retry."),
  },
});

/**
 * POST /api/billing/webhook, mounted ahead of the session and XSRF middleware: Stripe
 * authenticates by signing the raw body, which is verified before anything is read from it.
 */
export const billingWebhookRoutes = createRouter().openapi(webhookRoute, async (c) => {
  const billing = c.get("services").sources.billing();
  let event;
  try {
    event = await billing.verifyEvent(await c.req.text(), c.req.header("Stripe-Signature") ?? null);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new ApiError(400, "bad_request", `Webhook refused: ${error.message}`);
    throw error;
  }
  let outcome;
  try {
    outcome = await handleBillingEvent(c.env.DB, billing, event, {
      proPriceId: c.get("services").config.stripe?.priceIdPro,
      agencyPriceId: c.get("services").config.stripe?.priceIdAgency,
    });
  } catch (error) {
    // A 5xx makes Stripe deliver again later; the claim on the event id was released.
    console.error("stripe webhook failed", event.id, event.type, error);
    const code = error instanceof BillingUnavailableError ? "upstream_unavailable" : "internal";
    throw new ApiError(503, code, "Could not process the event now; Stripe will retry.", { "Retry-After": "60" });
  }
  if (outcome === "in_progress") {
    // Another delivery is handling it now; if that handler dies, this retry is what saves it.
    throw new ApiError(409, "conflict", "This event is being handled by another delivery; Stripe will deliver it again.", { "Retry-After": "60" });
  }
  return c.json({ received: true as const, outcome }, 200);
});
