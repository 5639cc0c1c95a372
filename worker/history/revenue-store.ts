import { and, asc, between, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sellerRevenue } from "../db/schema";

export type RevenueStatus = "ok" | "not_granted" | "missing";

export interface RevenueInput {
  userId: string;
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
  const { userId, asin, marketplace, day, ...values } = input;
  return drizzle(db)
    .insert(sellerRevenue)
    .values({ workspaceId: userId, asin, marketplace, day, ...values })
    .onConflictDoUpdate({ target: [sellerRevenue.workspaceId, sellerRevenue.asin, sellerRevenue.marketplace, sellerRevenue.day], set: values });
}

/**
 * The statement that records a day Amazon did not answer as missing (never as zero); a
 * figure an earlier night stored for that day is kept.
 */
export function revenueMissingInsert(db: D1Database, input: Pick<RevenueInput, "userId" | "asin" | "marketplace" | "day" | "source" | "capturedAt">) {
  return drizzle(db)
    .insert(sellerRevenue)
    .values({ workspaceId: input.userId, asin: input.asin, marketplace: input.marketplace, day: input.day, source: input.source, capturedAt: input.capturedAt, status: "missing", amount: null, currency: null, units: null })
    .onConflictDoNothing();
}

/** One seller's revenue rows in one marketplace from `fromDay` to `toDay`: only its own. */
export async function revenueOf(db: D1Database, userId: string, marketplace: string, fromDay: string, toDay: string): Promise<RevenueRow[]> {
  return drizzle(db)
    .select()
    .from(sellerRevenue)
    .where(and(eq(sellerRevenue.workspaceId, userId), eq(sellerRevenue.marketplace, marketplace), between(sellerRevenue.day, fromDay, toDay)))
    .orderBy(asc(sellerRevenue.day));
}
