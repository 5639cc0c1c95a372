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
