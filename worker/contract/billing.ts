import type { Plan, PlanId } from "./plans";

/**
 * The Billing API, shared by the Worker and the /billing screen. Stripe's own statuses are
 * passed through; which of them mean Pro is decided here, in one place. Zod-free, so the
 * /billing screen's chunk does not load the validator (the request schema is in billing-request.ts).
 */

/** Subscription statuses that keep the paid plan: past_due stays Pro (with a banner) until Stripe ends it. */
export const PAID_STATUSES: readonly string[] = ["active", "trialing", "past_due"];

export function isPaidStatus(status: string | null | undefined): boolean {
  return status != null && PAID_STATUSES.includes(status);
}

/** GET /api/billing/subscription. */
export interface SubscriptionResponse {
  plan_id: PlanId;
  /** "Free" when there is no subscription. */
  plan_name: string;
  /** Stripe's status (active, trialing, past_due, canceled, …); null without a subscription. */
  status: string | null;
  /** ISO time the current period ends: the renewal date, or the end date when cancel_at_period_end. */
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  stripe_customer_id: string | null;
  /** Billing mock mode: Stripe is not configured on this deployment. */
  mock: boolean;
  /** A demo account's pretend subscription: nothing is charged, nothing is real. */
  demo: boolean;
  /** ISO time the subscription ends, when it is set to cancel (Stripe's cancel_at or cancel_at_period_end): "Ends on". */
  ends_at?: string;
  /** A payment waits on the customer's confirmation (3-D Secure): Stripe's hosted invoice page. */
  payment_action_url?: string;
  /** Agency: the connected seller accounts billed (the subscription's quantity, at least 1). */
  quantity?: number;
  /** Agency: USD per connected seller account per month. */
  price_per_connection_usd?: number;
  /** Agency: the next month's amount at today's quantity, before prorations and tax; absent when the subscription ends by this period's end. */
  next_invoice_estimate_usd?: number;
}

/** create-checkout and portal: where to send the browser; url null in mock mode. */
export interface RedirectResponse {
  mock: boolean;
  url: string | null;
}

/** Why a paused alert or watchlist entry is paused: the plan's limits, lifted by upgrading. */
export const PLAN_LIMIT_REASON = "plan_limit";
/** A user-paused alert past the plan's tracked-ASIN cap: still paused, no longer snapshotted; cleared when there is room again. */
export const PLAN_TRACKED_REASON = "plan_tracked";

/** The screen that lifts a limit: every "limit reached" message names it. */
export const BILLING_PATH = "/billing";

/** The sentence every limit message ends with, naming the way up. */
export function upgradeHint(plan: Plan): string {
  return plan.id === "free" ? ` Upgrade to Pro at ${BILLING_PATH} to lift it.` : "";
}

export const MOCK_CHECKOUT_MESSAGE =
  "Mock mode: Stripe not configured. In production, you would be redirected to checkout.";
/** Added for an account that is not the demo: in mock mode its checkout changes nothing. */
export const MOCK_CHECKOUT_NOT_DEMO =
  "Your plan stays Free: without Stripe nothing can be bought here, and only the demo account (Continue with Demo on /connect) can try the paid plans.";
export const MOCK_PORTAL_MESSAGE = "Mock mode: Stripe not configured";
/** While Stripe retries a failed payment: names the plan at stake (Pro or Agency). */
export const pastDueMessage = (planName: string) => `Payment failed: update your card to keep ${planName}.`;
/** A 3-D Secure payment waits on the customer; a first payment (still Free) keeps no plan yet. */
export function paymentActionMessage(plan: { plan_id: PlanId; plan_name: string }): string {
  return `Confirm your payment: your bank asks you to approve it${plan.plan_id === "free" ? "" : ` to keep ${plan.plan_name}`}.`;
}
export const DEMO_STRIPE_MESSAGE =
  "Demo account: billing is real on this deployment, so a demo account stays on Free. Sign in with your Amazon seller account to upgrade.";
export const MOCK_DEMO_MESSAGE = "Billing is in mock mode: Stripe is not configured and nothing is charged. The demo's paid plans use sample product data only.";
