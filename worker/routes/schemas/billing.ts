import * as z from "../../openapi/zod";
import type { RedirectResponse, SubscriptionResponse } from "../../contract/billing";
import type { PlanSummary } from "../../contract/features";

/** Response schemas of the billing routes, tied to contract/billing.ts by `satisfies`. */

const planId = z.enum(["free", "pro", "agency", "enterprise"]);

export const plansSchema = z
  .object({
    plans: z.array(
      z.object({
        id: planId,
        name: z.string(),
        price_usd: z.number().nullable().openapi({ description: "USD per month; null for a price agreed with sales. With per_connection, per connected seller account." }),
        per_connection: z.literal(true).optional().openapi({ description: "Priced per connected seller account per month (Agency)." }),
        features: z.array(z.string()),
      }) satisfies z.ZodType<PlanSummary>,
    ),
  })
  .openapi("Plans");

export const subscriptionSchema = z
  .object({
    plan_id: planId,
    plan_name: z.string(),
    status: z.string().nullable().openapi({ description: "Stripe's status (active, trialing, past_due, canceled, …); null without a subscription." }),
    current_period_end: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    stripe_customer_id: z.string().nullable(),
    mock: z.boolean().openapi({ description: "Billing mock mode: Stripe is not configured on this deployment." }),
    demo: z.boolean().openapi({ description: "A demo account's pretend subscription: nothing is charged." }),
    ends_at: z.string().optional().openapi({ description: "When it ends, if set to cancel (cancel_at or cancel_at_period_end): \"Ends on\"." }),
    payment_action_url: z.string().optional().openapi({ description: "Stripe's hosted invoice page where the customer confirms a payment (3-D Secure)." }),
    quantity: z.number().int().optional().openapi({ description: "Agency: the connected seller accounts billed (at least 1)." }),
    price_per_connection_usd: z.number().optional().openapi({ description: "Agency: USD per connected seller account per month." }),
    next_invoice_estimate_usd: z.number().optional().openapi({ description: "Agency: next month at today's quantity, before prorations and tax; absent when the subscription ends by this period's end." }),
  })
  .openapi("Subscription") satisfies z.ZodType<SubscriptionResponse>;

export const redirectSchema = z
  .object({ mock: z.boolean(), url: z.string().nullable().openapi({ description: "Where to send the browser; null in mock mode." }) })
  .openapi("BillingRedirect") satisfies z.ZodType<RedirectResponse>;

export const webhookReceivedSchema = z
  .object({ received: z.literal(true), outcome: z.enum(["applied", "duplicate", "ignored", "stale", "unknown_object"]) })
  .openapi("WebhookReceived");

export const subscriptionQuerySchema = z.object({
  session_id: z.string().max(255).optional().openapi({ description: "The Checkout Session Stripe returned from ({CHECKOUT_SESSION_ID})." }),
});
