import { and, asc, count, eq, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { billingSubscriptions } from "../db/schema";
import { DAY_MS } from "../contract/time";

/**
 * Which customers the nightly billing sweep re-reads from Stripe. Those whose copy can be wrong
 * about money come first, every night however recently they were read, so a lost webhook about
 * them costs at most a day: a live subscription (paid, or able to become paid or to lapse), and a
 * customer never read at all (a Checkout was started: it may have been paid). Customers with
 * nothing live (canceled, expired, never subscribed) cannot change by themselves; a new
 * subscription comes from a new Checkout, whose webhooks and return read Stripe anyway. They are
 * re-read once a week, with whatever budget the night leaves.
 */

/** Stripe's terminal statuses: a subscription in one never changes again. */
const ENDED_STATUSES = ["canceled", "incomplete_expired"];
/** How often a customer with nothing live is re-read. */
const NOTHING_LIVE_RESWEEP_MS = 7 * DAY_MS;

const row = billingSubscriptions;
const neverRead = isNull(row.syncedAt);
const live = and(isNotNull(row.status), notInArray(row.status, ENDED_STATUSES))!;
/** Real Stripe customers (not a demo's pretend subscription). */
const sweepable = and(isNotNull(row.stripeCustomerId), eq(row.isDemo, false));
/** Read every night: never read, or live and not yet read tonight. The sweep stores `synced_at` = its own night, so a second run the same night reads none again. */
const liveDue = (now: string) => or(neverRead, and(live, lt(row.syncedAt, now)));

/** Tonight's customers, at most `limit`: never read or live first (never read, then a period ended, then the oldest copy), then those with nothing live not read for a week, oldest first. */
export async function customersToSync(db: D1Database, nowMs: number, limit: number): Promise<{ userId: string; customerId: string }[]> {
  const now = new Date(nowMs).toISOString();
  const weekAgo = new Date(nowMs - NOTHING_LIVE_RESWEEP_MS).toISOString();
  const rows = await drizzle(db)
    .select({ userId: row.workspaceId, customerId: row.stripeCustomerId })
    .from(row)
    .where(and(sweepable, or(liveDue(now), lt(row.syncedAt, weekAgo))))
    .orderBy(
      sql`case when ${neverRead} or (${live} and ${row.currentPeriodEnd} < ${now}) then 0 when ${live} then 1 else 2 end`,
      asc(sql`coalesce(${row.syncedAt}, '')`),
    )
    .limit(limit);
  return rows.map((r) => ({ userId: r.userId, customerId: r.customerId! }));
}

/**
 * A Checkout was handed out: the customer may pay it and every webhook about it be lost, and a
 * returning customer's copy says nothing live. So the next night reads them first, as a customer
 * never read.
 */
export async function sweepNextNight(db: D1Database, workspaceId: string): Promise<void> {
  await drizzle(db).update(row).set({ syncedAt: null }).where(eq(row.workspaceId, workspaceId));
}

/** How many live (or never read) customers are due tonight: beyond the night's budget, they wait for the next night (oldest first). */
export async function countLiveToSync(db: D1Database, nowMs: number): Promise<number> {
  const [result] = await drizzle(db)
    .select({ n: count() })
    .from(row)
    .where(and(sweepable, liveDue(new Date(nowMs).toISOString())));
  return result?.n ?? 0;
}
