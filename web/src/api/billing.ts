import type { RedirectResponse, SubscriptionResponse } from "@contract/billing";
import { responseData } from "./response-data";
import { api } from "./client";

// The billing calls: the user's subscription, Stripe Checkout and the Customer Portal.

/** GET /api/billing/subscription; with the Checkout session id on the return from Checkout, read from Stripe at once. */
export async function fetchSubscription(signal?: AbortSignal, sessionId?: string | null): Promise<SubscriptionResponse> {
  return responseData(api.api.billing.subscription.$get({ query: sessionId ? { session_id: sessionId } : {} }, { init: { signal } }));
}

/** POST /api/billing/create-checkout: the Checkout URL, or {mock: true, url: null} in mock mode. */
export async function startCheckout(planId: "pro" | "agency" = "pro"): Promise<RedirectResponse> {
  return responseData(api.api.billing["create-checkout"].$post({ json: { planId } }));
}

/** GET /api/billing/portal: the Customer Portal URL, or {mock: true, url: null} in mock mode. */
export async function openPortal(): Promise<RedirectResponse> {
  return responseData(api.api.billing.portal.$get());
}

/** Ends a demo account's demo Pro subscription (mock mode's way back to Free). */
export async function cancelDemoSubscription(): Promise<SubscriptionResponse> {
  return responseData(api.api.billing.demo.cancel.$post());
}
