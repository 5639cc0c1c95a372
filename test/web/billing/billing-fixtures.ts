import type { SubscriptionResponse } from "@contract/billing";
import { planSummary } from "@contract/features";
import { PLANS } from "@contract/plans";

/** `GET /api/billing/plans`: every plan, as the server summarises it. */
export const PLANS_BODY = { plans: PLANS.map(planSummary) };

/** `GET /api/billing/subscription` for an account on Free with no Stripe customer, with `overrides`. */
export function subscription(overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse {
  return {
    plan_id: "free", plan_name: "Free", status: null, current_period_end: null, cancel_at_period_end: false,
    stripe_customer_id: null, mock: false, demo: false, ...overrides,
  };
}
