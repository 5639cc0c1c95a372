import { env } from "cloudflare:test";
import { storeBillingState } from "../../../worker/billing/subscription-store";
import { StripeBilling } from "../../../worker/upstreams/stripe/client";
import { PRICE_PRO, setSubscription, STRIPE_FAKE, STRIPE_KEY } from "./stripe";

export const PRICE_AGENCY = "price_agency_test";
const billing = new StripeBilling({ secretKey: STRIPE_KEY, api: { protocol: "https", host: STRIPE_FAKE } });

export interface WorkspaceSubscription {
  workspaceId: string;
  customer: string;
  id: string;
}

/** Stores the subscription as the webhook stores it: read back from (the fake) Stripe. */
async function store(sub: WorkspaceSubscription, plan: "pro" | "agency", status: string): Promise<void> {
  await setSubscription({ id: sub.id, customer: sub.customer, status, priceId: plan === "agency" ? PRICE_AGENCY : PRICE_PRO, quantity: 1, userId: sub.workspaceId });
  const facts = await billing.retrieveSubscription(sub.id);
  await storeBillingState(env.DB, sub.workspaceId, sub.customer, { subscription: facts, paidPlan: plan, cancelAt: null, paymentActionUrl: null }, Date.now());
}

/**
 * Puts a workspace on a paid plan the way Stripe does: a customer and a subscription in the
 * fake Stripe API, stored as the webhook stores it (no audit entry: nobody clicked anything).
 */
export async function subscribeWorkspace(workspaceId: string, plan: "pro" | "agency"): Promise<WorkspaceSubscription> {
  const sub = { workspaceId, customer: await billing.createCustomer(workspaceId), id: `sub_${plan}_${crypto.randomUUID().slice(0, 12)}` };
  await store(sub, plan, "active");
  return sub;
}

/** The same subscription moved to another plan or status (a downgrade, a cancellation), as Stripe then reports it. */
export function changeSubscription(sub: WorkspaceSubscription, plan: "pro" | "agency", status = "active"): Promise<void> {
  return store(sub, plan, status);
}
