import type { Billing } from "../upstreams/stripe/billing";
import { applyPlanLimits } from "./plan-limits-store";
import { chooseSubscription, endsAt, invoiceUrlOfChosen, paidPlanOf, paymentActionUrlAfter, type SubscriptionChoice } from "./subscription-choice";
import { sameBillingState, storeBillingState, type SubscriptionRecord } from "./subscription-store";
import type { PlanId } from "../contract/plans";
import { recordAudit } from "../workspaces/audit-store";
import { billingOfUser } from "./user-plan";

/**
 * Re-derives an account's plan from Stripe: every subscription of its customer (all
 * statuses), the Pro and Agency prices only. Used by the webhook, on the return from Checkout and by the
 * nightly sweep, so a lost event costs at most a day. Idempotent: running it twice, or after
 * a handler died halfway, leaves the same state. Never backwards: what it listed is stored only
 * if nobody wrote the row after it was read (compare-and-set), else Stripe is listed again.
 */
export interface ReconcileInput {
  userId: string;
  customerId: string;
  proPriceId: string | null | undefined;
  /** The Agency plan's price (STRIPE_PRICE_AGENCY), when set. */
  agencyPriceId?: string | null;
  nowMs: number;
  /**
   * The event being handled, if any: its `created` guards against going back in time; its hosted
   * invoice page counts only when its subscription is the one chosen from the listing (invoiceUrlOfChosen).
   */
  event?: { type: string; created: number; subscriptionId: string | null; hostedInvoiceUrl: string | null };
  /** Called between steps; the tests use it to stop the work where a killed handler would. */
  step?: (name: string) => Promise<void> | void;
}

export type ReconcileOutcome = "applied" | "stale";

export interface ReconcileResult {
  outcome: ReconcileOutcome;
  /** The stored copy of Stripe's state differs from before, or a duplicate was cancelled (the sweep counts these). */
  changed: boolean;
}

/**
 * How often Stripe is listed when the row keeps moving under the write. A row written again and
 * again meanwhile is being kept current by those writes (webhooks), so then the reconcile gives up.
 */
const MAX_LISTINGS = 3;

export async function reconcileCustomer(db: D1Database, billing: Billing, input: ReconcileInput): Promise<ReconcileOutcome> {
  return (await reconcileCustomerState(db, billing, input)).outcome;
}

/** reconcileCustomer, also saying whether anything changed. */
export async function reconcileCustomerState(db: D1Database, billing: Billing, input: ReconcileInput): Promise<ReconcileResult> {
  const step = input.step ?? (() => undefined);
  for (let listing = 1; ; listing += 1) {
    // Read before listing: the write below is a compare-and-set against this row, so a state
    // listed here never overwrites one stored after it (a webhook's cancellation, say).
    const { subscription: before, plan: { id: planBefore } } = await billingOfUser(db, { id: input.userId });
    if (before?.stripeCustomerId && before.stripeCustomerId !== input.customerId) {
      // The account moved to another customer (recreated) meanwhile: this one's state is no longer its.
      return { outcome: "stale", changed: false };
    }
    // A newer event than this one has been applied: its state is newer than this event's. Except
    // the one thing only this event carries, the link a 3-D Secure payment waits on: it is still
    // stored from a fresh listing (paymentActionUrlAfter drops it once nothing waits on a payment),
    // as the sweep stores one, without moving last_event_created back.
    const late = input.event !== undefined && before !== null && before.lastEventCreated > input.event.created;
    if (late && input.event?.type !== "invoice.payment_action_required") return { outcome: "stale", changed: false };
    const subscriptions = await billing.listSubscriptions(input.customerId);
    const choice: SubscriptionChoice = chooseSubscription(subscriptions, input.proPriceId, input.agencyPriceId);
    await step("listed");
    const invoiceUrl = input.event ? invoiceUrlOfChosen(subscriptions, input.event, input.proPriceId, input.agencyPriceId) : null;
    const stored = await store(db, input, choice.subscription, invoiceUrl, before, late ? undefined : input.event?.created);
    if (stored) return finish(db, billing, input, choice, planBefore, !sameBillingState(before, stored));
    if (listing >= MAX_LISTINGS) {
      console.warn("reconcile: the row kept moving; leaving it to its newer writes", input.userId, input.customerId);
      return { outcome: "stale", changed: false };
    }
  }
}

function store(
  db: D1Database,
  input: ReconcileInput,
  chosen: SubscriptionChoice["subscription"],
  invoiceUrl: string | null,
  before: SubscriptionRecord | null,
  eventCreated: number | undefined,
) {
  return storeBillingState(
    db,
    input.userId,
    input.customerId,
    {
      subscription: chosen,
      paidPlan: paidPlanOf(chosen, input.agencyPriceId),
      cancelAt: chosen ? endsAt(chosen) : null,
      paymentActionUrl: paymentActionUrlAfter(input.event?.type ?? null, invoiceUrl, chosen?.status ?? null),
    },
    input.nowMs,
    eventCreated,
    before,
  );
}

/** After the state is stored: duplicates cancelled, the plan's limits applied, a plan change audited. */
async function finish(
  db: D1Database,
  billing: Billing,
  input: ReconcileInput,
  choice: SubscriptionChoice,
  planBefore: PlanId,
  stateChanged: boolean,
): Promise<ReconcileResult> {
  const step = input.step ?? (() => undefined);
  const chosen = choice.subscription;
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
  return { outcome: "applied", changed: stateChanged || choice.duplicates.length > 0 };
}
