import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { billingSubscriptions, enterpriseAssignments, stripeEvents, users } from "../db/schema";
import type { SubscriptionFacts } from "../upstreams/stripe/billing";

/**
 * The D1 side of billing: each user's customer and subscription as last read from Stripe,
 * the Stripe events already handled, and hand-assigned Enterprise accounts.
 */
export type SubscriptionRecord = typeof billingSubscriptions.$inferSelect;

export interface UserBillingRecord {
  subscription: SubscriptionRecord | null;
  enterprise: boolean;
}

/** A user's subscription row and Enterprise assignment, in one read. */
export async function findUserBilling(db: D1Database, userId: string): Promise<UserBillingRecord> {
  const [row] = await drizzle(db)
    .select({ subscription: billingSubscriptions, enterprise: enterpriseAssignments.userId })
    .from(users)
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.userId, users.id))
    .leftJoin(enterpriseAssignments, eq(enterpriseAssignments.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return { subscription: row?.subscription ?? null, enterprise: Boolean(row?.enterprise) };
}

export async function userExists(db: D1Database, userId: string): Promise<boolean> {
  return (await drizzle(db).$count(users, eq(users.id, userId))) > 0;
}

/** The user a Stripe customer belongs to, or null. */
export async function userOfCustomer(db: D1Database, customerId: string): Promise<string | null> {
  const [row] = await drizzle(db)
    .select({ userId: billingSubscriptions.userId })
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
    .values({ userId, stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: billingSubscriptions.userId,
      set: { stripeCustomerId: customerId, updatedAt: new Date().toISOString() },
      setWhere: isNull(billingSubscriptions.stripeCustomerId),
    });
  const [row] = await orm
    .select({ customerId: billingSubscriptions.stripeCustomerId })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId));
  return row?.customerId ?? customerId;
}

/**
 * Stores Stripe's current state of a subscription, read while handling an event created at
 * `eventCreated` (epoch s). A state read for an older event than one already applied is
 * dropped, so late or concurrent deliveries cannot roll the row back. True when stored.
 */
export async function storeSubscription(
  db: D1Database,
  userId: string,
  facts: SubscriptionFacts,
  eventCreated: number,
): Promise<boolean> {
  const values = {
    stripeCustomerId: facts.customerId,
    stripeSubscriptionId: facts.id,
    status: facts.status,
    priceId: facts.priceId,
    currentPeriodEnd: facts.currentPeriodEnd,
    cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
    lastEventCreated: eventCreated,
    isDemo: false,
    updatedAt: new Date().toISOString(),
  };
  const stored = await drizzle(db)
    .insert(billingSubscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: billingSubscriptions.userId,
      set: values,
      // A user's newer subscription replaces an ended one; an older event never overwrites a newer one.
      setWhere: and(
        lte(billingSubscriptions.lastEventCreated, eventCreated),
        or(
          isNull(billingSubscriptions.stripeSubscriptionId),
          eq(billingSubscriptions.stripeSubscriptionId, facts.id),
          sql`${billingSubscriptions.status} NOT IN ('active', 'trialing', 'past_due')`,
        ),
      ),
    })
    .returning({ userId: billingSubscriptions.userId });
  return stored.length > 0;
}

/** A demo account's pretend subscription in mock mode: active (demo Pro) or canceled (back to Free). */
export async function storeDemoSubscription(db: D1Database, userId: string, active: boolean): Promise<void> {
  const values = {
    status: active ? "active" : "canceled",
    isDemo: true,
    cancelAtPeriodEnd: false,
    // A month from now, like a real renewal date; nothing renews.
    currentPeriodEnd: active ? new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString() : null,
    updatedAt: new Date().toISOString(),
  };
  await drizzle(db)
    .insert(billingSubscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingSubscriptions.userId, set: values });
}

/** Claims a Stripe event id: true the first time, false for a replay or a concurrent delivery. */
export async function claimEvent(db: D1Database, event: { id: string; type: string; created: number }): Promise<boolean> {
  const claimed = await drizzle(db)
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, created: event.created })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return claimed.length > 0;
}

/** Gives an event id back after its handling failed, so Stripe's retry is handled. */
export async function releaseEvent(db: D1Database, id: string): Promise<void> {
  await drizzle(db).delete(stripeEvents).where(eq(stripeEvents.id, id));
}
