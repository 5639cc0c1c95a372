import { and, eq, getTableColumns, isNull, lte, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { billingSubscriptions, enterpriseAssignments, workspaces } from "../db/schema";
import type { SubscriptionFacts } from "../upstreams/stripe/billing";
import { forgetSessionCopies } from "../shared/session-copies";

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
 * Stores the state re-derived from all of the customer's subscriptions; answers the row stored,
 * or null when the write was dropped. For an event, `eventCreated` guards against going back: a
 * state read for an older event than one already applied is dropped. `readBefore`, the row as
 * read before Stripe was listed (findUserBilling), makes the write a compare-and-set: if
 * anyone wrote the row since (a webhook storing a cancellation, a quantity update, another
 * reconcile), what was listed may be older than what is stored, so it is dropped and the caller
 * lists again. Without it (tests seeding a state) the write is unconditional.
 */
export async function storeBillingState(
  db: D1Database,
  userId: string,
  customerId: string,
  state: DerivedBillingState,
  nowMs: number,
  eventCreated?: number,
  readBefore?: SubscriptionRecord | null,
): Promise<SubscriptionRecord | null> {
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
  const guards = [
    ...(eventCreated !== undefined ? [lte(billingSubscriptions.lastEventCreated, eventCreated)] : []),
    ...(readBefore !== undefined ? [unchangedSince(readBefore)] : []),
  ];
  const [stored] = await drizzle(db)
    .insert(billingSubscriptions)
    .values({ workspaceId: userId, ...values })
    .onConflictDoUpdate({ target: billingSubscriptions.workspaceId, set: values, ...(guards.length > 0 && { setWhere: and(...guards) }) })
    .returning();
  // Sessions carry their workspace's plan: this isolate's next request reads it again, whatever
  // stored it (a webhook, the return from Checkout, the nightly sweep).
  if (stored) forgetSessionCopies();
  return stored ?? null;
}

/**
 * The row is still exactly as read: every column equal, `updated_at` and `last_event_created`
 * among them, so any write since (whichever code made it) fails the compare. A row that was
 * absent when read and exists now has been written too.
 */
function unchangedSince(read: SubscriptionRecord | null): SQL {
  if (!read) return sql`0`;
  const columns = Object.entries(getTableColumns(billingSubscriptions)).map(([key, column]) => {
    const value = read[key as keyof SubscriptionRecord];
    return value === null ? isNull(column) : eq(column, value);
  });
  return and(...columns)!;
}

/** The Stripe state two copies hold (not when they were read): whether a reconcile changed anything. */
export function sameBillingState(a: SubscriptionRecord | null, b: SubscriptionRecord | null): boolean {
  const keys = [
    "stripeCustomerId", "stripeSubscriptionId", "status", "priceId", "paidPlan", "quantity",
    "subscriptionItemId", "currentPeriodEnd", "cancelAtPeriodEnd", "cancelAt", "paymentActionUrl",
  ] as const;
  return a !== null && b !== null && keys.every((key) => a[key] === b[key]);
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
