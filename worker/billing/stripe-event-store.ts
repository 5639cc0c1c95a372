import { and, eq, isNull, lt, lte } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { stripeEvents } from "../db/schema";

/**
 * Stripe event ids and their claims. A claim is a lease: the handler that takes it owns the
 * event until `lease_until`; if that handler dies (CPU limit, eviction, Stripe hanging up)
 * the claim is never completed, and once the lease has passed Stripe's retry takes it again.
 * A completed event is never handled twice.
 */
export const EVENT_LEASE_MS = 60_000;

export type ClaimResult = "claimed" | "done" | "held";

/** Claims an event id: a first delivery, or a retry of one whose handler never completed it. */
export async function claimEvent(
  db: D1Database,
  event: { id: string; type: string; created: number },
  nowMs: number,
): Promise<ClaimResult> {
  const orm = drizzle(db);
  const leaseUntil = nowMs + EVENT_LEASE_MS;
  const claimed = await orm
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, created: event.created, leaseUntil })
    .onConflictDoUpdate({
      target: stripeEvents.id,
      set: { leaseUntil },
      setWhere: and(isNull(stripeEvents.completedAt), lte(stripeEvents.leaseUntil, nowMs)),
    })
    .returning({ id: stripeEvents.id });
  if (claimed.length > 0) return "claimed";
  const [row] = await orm.select({ completedAt: stripeEvents.completedAt }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  return row?.completedAt ? "done" : "held";
}

/** The event's handling finished: replays of it are duplicates from now on. */
export async function completeEvent(db: D1Database, id: string, nowMs: number): Promise<void> {
  await drizzle(db).update(stripeEvents).set({ completedAt: new Date(nowMs).toISOString() }).where(eq(stripeEvents.id, id));
}

/** Gives an uncompleted claim back at once (handling failed and answered 5xx), so Stripe's retry is handled. */
export async function releaseEvent(db: D1Database, id: string): Promise<void> {
  await drizzle(db).delete(stripeEvents).where(and(eq(stripeEvents.id, id), isNull(stripeEvents.completedAt)));
}

/** Retention: event ids received before `cutoff` (Stripe retries for 3 days; 90 days is far past any replay). */
export async function deleteStripeEventsBefore(db: D1Database, cutoff: string): Promise<number> {
  const result = await drizzle(db).delete(stripeEvents).where(lt(stripeEvents.receivedAt, cutoff)).run();
  return result.meta.changes ?? 0;
}
