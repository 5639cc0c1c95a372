import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { billingSubscriptions, enterpriseAssignments, workspaces } from "../db/schema";
import { PAID_STATUSES } from "../contract/billing";
import { DAY_MS } from "../contract/time";
import type { SubscriptionFacts } from "../upstreams/stripe/billing";

/**
 * The D1 side of billing: each user's customer and subscription as last read from Stripe,
 * the Stripe events already handled, and hand-assigned Enterprise accounts.
 */
export type SubscriptionRecord = typeof billingSubscriptions.$inferSelect;

export interface UserBillingRecord {
  subscription: SubscriptionRecord | null;
  /** Hand-assigned Enterprise, with its API limit (null: the plan's default); null when not Enterprise. */
  enterprise: { apiRequestsPerHour: number | null } | null;
}

/** A workspace's subscription row and Enterprise assignment, in one read (a personal workspace's id is its account's). */
export async function findUserBilling(db: D1Database, userId: string): Promise<UserBillingRecord> {
  const [row] = await drizzle(db)
    .select({
      subscription: billingSubscriptions,
      enterprise: enterpriseAssignments.workspaceId,
      enterpriseApiLimit: enterpriseAssignments.apiRequestsPerHour,
    })
    .from(workspaces)
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.workspaceId, workspaces.id))
    .leftJoin(enterpriseAssignments, eq(enterpriseAssignments.workspaceId, workspaces.id))
    .where(eq(workspaces.id, userId))
    .limit(1);
  return {
    subscription: row?.subscription ?? null,
    enterprise: row?.enterprise ? { apiRequestsPerHour: row.enterpriseApiLimit ?? null } : null,
  };
}

/** Whether the workspace a Stripe object names (metadata user_id: a workspace id) still exists. */
export async function userExists(db: D1Database, userId: string): Promise<boolean> {
  return (await drizzle(db).$count(workspaces, eq(workspaces.id, userId))) > 0;
}

/** The user a Stripe customer belongs to, or null. */
export async function userOfCustomer(db: D1Database, customerId: string): Promise<string | null> {
  const [row] = await drizzle(db)
    .select({ userId: billingSubscriptions.workspaceId })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.stripeCustomerId, customerId))
    .limit(1);
  return row?.userId ?? null;
}

/** Records the user's customer unless one is already recorded; answers the one stored. */
export async function saveCustomer(db: D1Database, userId: string, customerId: string): Promise<string> {
  const orm = drizzle(db);
  await orm
    .insert(billingSubscriptions)
    .values({ workspaceId: userId, stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: billingSubscriptions.workspaceId,
      set: { stripeCustomerId: customerId, updatedAt: new Date().toISOString() },
      setWhere: isNull(billingSubscriptions.stripeCustomerId),
    });
  const [row] = await orm
    .select({ customerId: billingSubscriptions.stripeCustomerId })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.workspaceId, userId));
  return row?.customerId ?? customerId;
}

/** A demo account's pretend subscription in mock mode: active (demo Pro or Agency) or canceled (back to Free). */
export async function storeDemoSubscription(db: D1Database, userId: string, active: boolean, paidPlan: "pro" | "agency" = "pro"): Promise<void> {
  const values = {
    status: active ? "active" : "canceled",
    paidPlan,
    // A demo Agency bills one pretend seller account.
    quantity: active && paidPlan === "agency" ? 1 : null,
    isDemo: true,
    cancelAtPeriodEnd: false,
    // A month from now, like a real renewal date; nothing renews.
    currentPeriodEnd: active ? new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString() : null,
    updatedAt: new Date().toISOString(),
  };
  await drizzle(db)
    .insert(billingSubscriptions)
    .values({ workspaceId: userId, ...values })
    .onConflictDoUpdate({ target: billingSubscriptions.workspaceId, set: values });
}

/** Swaps a customer Stripe no longer knows (deleted, or from the other mode) for its replacement. */
export async function replaceCustomer(db: D1Database, userId: string, oldCustomerId: string, newCustomerId: string): Promise<void> {
  await drizzle(db)
    .update(billingSubscriptions)
    .set({ stripeCustomerId: newCustomerId, updatedAt: new Date().toISOString() })
    .where(and(eq(billingSubscriptions.workspaceId, userId), eq(billingSubscriptions.stripeCustomerId, oldCustomerId)));
}

export interface DerivedBillingState {
  subscription: SubscriptionFacts | null;
  /** Which paid plan the subscription's price is; Pro when omitted. */
  paidPlan?: "pro" | "agency";
  /** When it ends, if set to cancel. */
  cancelAt: string | null;
  /** undefined: keep the stored link. */
  paymentActionUrl: string | null | undefined;
}

/**
 * Stores the state re-derived from all of the customer's subscriptions. For an event,
 * `eventCreated` guards against going back: a state read for an older event than one already
 * applied is dropped (false). A reconcile outside any event (return from Checkout, the
 * nightly sweep) reads Stripe's current state, so it always stores and leaves the guard as is.
 */
export async function storeBillingState(
  db: D1Database,
  userId: string,
  customerId: string,
  state: DerivedBillingState,
  nowMs: number,
  eventCreated?: number,
): Promise<boolean> {
  const facts = state.subscription;
  const values = {
    stripeCustomerId: customerId,
    stripeSubscriptionId: facts?.id ?? null,
    status: facts?.status ?? null,
    priceId: facts?.priceId ?? null,
    paidPlan: state.paidPlan ?? ("pro" as const),
    quantity: facts?.quantity ?? null,
    subscriptionItemId: facts?.itemId ?? null,
    currentPeriodEnd: facts?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: facts?.cancelAtPeriodEnd ?? false,
    cancelAt: state.cancelAt,
    ...(state.paymentActionUrl !== undefined && { paymentActionUrl: state.paymentActionUrl }),
    ...(eventCreated !== undefined && { lastEventCreated: eventCreated }),
    isDemo: false,
    syncedAt: new Date(nowMs).toISOString(),
    updatedAt: new Date(nowMs).toISOString(),
  };
  const stored = await drizzle(db)
    .insert(billingSubscriptions)
    .values({ workspaceId: userId, ...values })
    .onConflictDoUpdate({
      target: billingSubscriptions.workspaceId,
      set: values,
      ...(eventCreated !== undefined && { setWhere: lte(billingSubscriptions.lastEventCreated, eventCreated) }),
    })
    .returning({ userId: billingSubscriptions.workspaceId });
  return stored.length > 0;
}

/**
 * The nightly sweep's accounts: Stripe customers whose state was last read from Stripe more
 * than a day ago (or never), or whose period has ended. Oldest first, a bounded number a night.
 */
export async function customersToSync(db: D1Database, nowMs: number, limit: number): Promise<{ userId: string; customerId: string }[]> {
  const dayAgo = new Date(nowMs - DAY_MS).toISOString();
  const now = new Date(nowMs).toISOString();
  const rows = await drizzle(db)
    .select({ userId: billingSubscriptions.workspaceId, customerId: billingSubscriptions.stripeCustomerId })
    .from(billingSubscriptions)
    .where(
      and(
        isNotNull(billingSubscriptions.stripeCustomerId),
        eq(billingSubscriptions.isDemo, false),
        or(
          isNull(billingSubscriptions.syncedAt),
          lt(billingSubscriptions.syncedAt, dayAgo),
          and(inArray(billingSubscriptions.status, [...PAID_STATUSES]), lt(billingSubscriptions.currentPeriodEnd, now)),
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${billingSubscriptions.syncedAt}, '')`))
    .limit(limit);
  return rows.map((row) => ({ userId: row.userId, customerId: row.customerId! }));
}

/**
 * The quantity Stripe answered to a quantity update, stored at once so /billing shows it before
 * the webhook; only on the same subscription (a replaced one is left to reconcile).
 */
export async function storeQuantity(db: D1Database, workspaceId: string, facts: SubscriptionFacts, nowMs: number): Promise<void> {
  await drizzle(db)
    .update(billingSubscriptions)
    .set({ quantity: facts.quantity ?? null, subscriptionItemId: facts.itemId ?? null, updatedAt: new Date(nowMs).toISOString() })
    .where(and(eq(billingSubscriptions.workspaceId, workspaceId), eq(billingSubscriptions.stripeSubscriptionId, facts.id)));
}
