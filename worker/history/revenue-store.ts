import { and, asc, between, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sellerRevenue } from "../db/schema";

export type RevenueStatus = "ok" | "not_granted" | "missing";

export interface RevenueInput {
  /** The workspace, and the seller connection whose sales these are. */
  userId: string;
  connectionId: string;
  asin: string;
  marketplace: string;
  day: string;
  source: "spapi" | "mock";
  status: RevenueStatus;
  amount: number | null;
  currency: string | null;
  units: number | null;
  capturedAt: string;
}

export type RevenueRow = typeof sellerRevenue.$inferSelect;

/** The statement that writes one seller's sales of one ASIN on one day of the marketplace's time zone (insert or update). */
export function revenueUpsert(db: D1Database, input: RevenueInput) {
  const { userId, connectionId, asin, marketplace, day, ...values } = input;
  return drizzle(db)
    .insert(sellerRevenue)
    .values({ workspaceId: userId, connectionId, asin, marketplace, day, ...values })
    .onConflictDoUpdate({ target: [sellerRevenue.connectionId, sellerRevenue.asin, sellerRevenue.marketplace, sellerRevenue.day], set: values });
}

/**
 * The statement that records a day Amazon did not answer as missing (never as zero); a
 * figure an earlier night stored for that day is kept.
 */
export function revenueMissingInsert(db: D1Database, input: Pick<RevenueInput, "userId" | "connectionId" | "asin" | "marketplace" | "day" | "source" | "capturedAt">) {
  return drizzle(db)
    .insert(sellerRevenue)
    .values({ workspaceId: input.userId, connectionId: input.connectionId, asin: input.asin, marketplace: input.marketplace, day: input.day, source: input.source, capturedAt: input.capturedAt, status: "missing", amount: null, currency: null, units: null })
    .onConflictDoNothing();
}

/**
 * The workspace's revenue rows in one marketplace from `fromDay` to `toDay`: only its own, of
 * one connection when `connectionId` is given, else of all its connections.
 */
export async function revenueOf(db: D1Database, userId: string, marketplace: string, fromDay: string, toDay: string, connectionId?: string): Promise<RevenueRow[]> {
  return drizzle(db)
    .select()
    .from(sellerRevenue)
    .where(
      and(
        eq(sellerRevenue.workspaceId, userId),
        connectionId ? eq(sellerRevenue.connectionId, connectionId) : undefined,
        eq(sellerRevenue.marketplace, marketplace),
        between(sellerRevenue.day, fromDay, toDay),
      ),
    )
    .orderBy(asc(sellerRevenue.day));
}

/** One ASIN's revenue rows in a window, summed in SQL (revenueTotalsOf). */
export interface RevenueTotals {
  asin: string;
  marketplace: string;
  /** Days with an ok figure (status ok, an amount and a currency). */
  okDays: string[];
  /** Sum of the ok figures; null without one. */
  okAmount: number | null;
  currency: string | null;
  notGranted: boolean;
  /** Any row from the mock (the demo). */
  anyMock: boolean;
  newestCapturedAt: string;
}

const OK_ROW = "status = 'ok' AND amount IS NOT NULL AND currency IS NOT NULL AND currency <> ''";

/**
 * revenueOf summed per ASIN in SQL: one row per ASIN instead of one per ASIN and day (an agency's
 * 6,000 ASINs over 30 days are 6,000 rows to the Worker, not 180,000). Same scope as revenueOf.
 */
export async function revenueTotalsOf(db: D1Database, workspaceId: string, marketplace: string, fromDay: string, toDay: string, connectionId?: string): Promise<RevenueTotals[]> {
  const { results } = await db
    .prepare(
      `SELECT asin, marketplace, group_concat(CASE WHEN ${OK_ROW} THEN day END) AS ok_days, sum(CASE WHEN ${OK_ROW} THEN amount END) AS ok_amount,
         min(CASE WHEN ${OK_ROW} THEN currency END) AS currency, max(status = 'not_granted') AS not_granted,
         max(source <> 'spapi') AS any_mock, max(captured_at) AS newest
       FROM seller_revenue WHERE workspace_id = ?1 AND marketplace = ?2 AND day BETWEEN ?3 AND ?4 AND (?5 IS NULL OR connection_id = ?5)
       GROUP BY asin, marketplace`,
    )
    .bind(workspaceId, marketplace, fromDay, toDay, connectionId ?? null)
    .all<{ asin: string; marketplace: string; ok_days: string | null; ok_amount: number | null; currency: string | null; not_granted: number; any_mock: number; newest: string }>();
  return results.map((row) => ({
    asin: row.asin,
    marketplace: row.marketplace,
    okDays: row.ok_days ? row.ok_days.split(",") : [],
    okAmount: row.ok_amount,
    currency: row.currency,
    notGranted: row.not_granted === 1,
    anyMock: row.any_mock === 1,
    newestCapturedAt: row.newest,
  }));
}
