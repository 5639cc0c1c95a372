import type { Billing } from "../upstreams/stripe/billing";
import { applyPlanLimits } from "./plan-limits-store";
import { chooseSubscription, endsAt, paidPlanOf, paymentActionUrlAfter, type SubscriptionChoice } from "./subscription-choice";
import { storeBillingState } from "./subscription-store";
import { recordAudit } from "../workspaces/audit-store";
import { billingOfUser } from "./user-plan";

/**
 * Re-derives an account's plan from Stripe: every subscription of its customer (all
 * statuses), the Pro and Agency prices only. Used by the webhook, on the return from Checkout and by the
 * nightly sweep, so a lost event costs at most a day. Idempotent: running it twice, or after
 * a handler died halfway, leaves the same state.
 */
export interface ReconcileInput {
  userId: string;
  customerId: string;
  proPriceId: string | null | undefined;
  /** The Agency plan's price (STRIPE_PRICE_AGENCY), when set. */
  agencyPriceId?: string | null;
  nowMs: number;
  /** The event being handled, if any: its `created` guards against going back in time. */
  event?: { type: string; created: number; hostedInvoiceUrl: string | null };
  /** Called between steps; the tests use it to stop the work where a killed handler would. */
  step?: (name: string) => Promise<void> | void;
}

export type ReconcileOutcome = "applied" | "stale";

export async function reconcileCustomer(db: D1Database, billing: Billing, input: ReconcileInput): Promise<ReconcileOutcome> {
  const step = input.step ?? (() => undefined);
  const choice: SubscriptionChoice = chooseSubscription(
    await billing.listSubscriptions(input.customerId),
    input.proPriceId,
    input.agencyPriceId,
  );
  await step("listed");
  const chosen = choice.subscription;
  const planBefore = (await billingOfUser(db, { id: input.userId })).plan.id;
  const stored = await storeBillingState(
    db,
    input.userId,
    input.customerId,
    {
      subscription: chosen,
      paidPlan: paidPlanOf(chosen, input.agencyPriceId),
      cancelAt: chosen ? endsAt(chosen) : null,
      paymentActionUrl: paymentActionUrlAfter(input.event?.type ?? null, input.event?.hostedInvoiceUrl ?? null, chosen?.status ?? null),
    },
    input.nowMs,
    input.event?.created,
  );
  if (!stored) return "stale";
  await step("stored");
  // One subscription per customer: a second paid Checkout is cancelled, the first one stays.
  for (const duplicate of choice.duplicates) {
    console.warn("cancelling a duplicate Pro subscription", input.customerId, duplicate.id, "kept", chosen?.id);
    await billing.cancelSubscription(duplicate.id);
  }
  await step("duplicates-cancelled");
  const plan = (await billingOfUser(db, { id: input.userId })).plan;
  await applyPlanLimits(db, input.userId, plan);
  await step("limits-applied");
  // The workspace's audit log: a plan change Stripe reported (Checkout paid, cancelled, lapsed).
  if (plan.id !== planBefore) {
    // Never at the cost of the billing change itself: a lost entry is logged, the plan stands.
    await recordAudit(db, { workspaceId: input.userId, actorUserId: null, action: "billing.plan", detail: { from: planBefore, to: plan.id, event: input.event?.type ?? null } }).catch(
      (error: unknown) => console.error("audit of a plan change failed", input.userId, error),
    );
  }
  return "applied";
}
