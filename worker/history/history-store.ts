import { and, asc, between, eq, gte, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { intradayPoints, rankSnapshots, sellerSnapshots } from "../db/schema";
import type { HistoryPoint } from "../contract/history";
import type { Marketplace } from "../contract/marketplaces";
import type { CategoryRank } from "./snapshot-store";

/** One ASIN's daily snapshots from `fromDay` to `toDay` (UTC days, both included), oldest first. */
export async function rankHistory(
  db: D1Database,
  asin: string,
  marketplace: Marketplace,
  fromDay: string,
  toDay: string,
): Promise<HistoryPoint[]> {
  const rows = await drizzle(db)
    .select()
    .from(rankSnapshots)
    .where(and(eq(rankSnapshots.asin, asin), eq(rankSnapshots.marketplace, marketplace), between(rankSnapshots.day, fromDay, toDay)))
    .orderBy(asc(rankSnapshots.day));
  return rows.map(toPoint);
}

/**
 * Daily snapshots of many ASINs of one marketplace from `fromDay` to `toDay`, keyed by ASIN,
 * oldest first (the dashboard's latest point plus its 7-day window, the trends chart).
 */
export async function rankHistoryOfMany(
  db: D1Database,
  marketplace: string,
  asins: readonly string[],
  fromDay: string,
  toDay: string,
): Promise<Map<string, CapturedPoint[]>> {
  const series = new Map<string, CapturedPoint[]>(asins.map((asin) => [asin, []]));
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < asins.length; i += 90) {
    const rows = await drizzle(db)
      .select()
      .from(rankSnapshots)
      .where(
        and(eq(rankSnapshots.marketplace, marketplace), inArray(rankSnapshots.asin, asins.slice(i, i + 90)), between(rankSnapshots.day, fromDay, toDay)),
      )
      .orderBy(asc(rankSnapshots.day));
    for (const row of rows) series.get(row.asin)?.push({ ...toPoint(row), capturedAt: row.capturedAt });
  }
  return series;
}

/** A daily point with the time it was captured (the screens' "as of"). */
export type CapturedPoint = HistoryPoint & { capturedAt: string };

export type SellerSnapshotRow = typeof sellerSnapshots.$inferSelect;

/** One seller's own snapshots (stock, Buy Box) from `fromDay` to `toDay`, oldest first. */
export async function sellerSnapshotsOf(db: D1Database, userId: string, fromDay: string, toDay: string): Promise<SellerSnapshotRow[]> {
  return drizzle(db)
    .select()
    .from(sellerSnapshots)
    .where(and(eq(sellerSnapshots.userId, userId), between(sellerSnapshots.day, fromDay, toDay)))
    .orderBy(asc(sellerSnapshots.day));
}

function toPoint(row: typeof rankSnapshots.$inferSelect): HistoryPoint {
  return {
    day: row.day,
    source: row.source === "live" ? "live" : "mock",
    rank: row.rank,
    categoryRanks: parseCategoryRanks(row.categoryRanks),
    price: row.priceAmount,
    currency: row.priceCurrency,
    offers: row.offers,
  };
}

function parseCategoryRanks(json: string): CategoryRank[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as CategoryRank[]) : [];
  } catch {
    // A damaged cell costs the category ranks of one day, never the whole series.
    return [];
  }
}

export interface IntradayPoint {
  /** ISO time of the UTC hour, e.g. 2026-11-24T14:00:00Z. */
  at: string;
  source: "live" | "mock";
  rank: number | null;
  price: number | null;
}

/** The intraday points (Pro's extra refreshes, "Refresh now") of many ASINs of one marketplace since `fromDay`, oldest first. */
export async function intradayHistoryOfMany(db: D1Database, marketplace: string, asins: readonly string[], fromDay: string): Promise<Map<string, IntradayPoint[]>> {
  const series = new Map<string, IntradayPoint[]>(asins.map((asin) => [asin, []]));
  for (let i = 0; i < asins.length; i += 90) {
    const rows = await drizzle(db)
      .select()
      .from(intradayPoints)
      .where(and(eq(intradayPoints.marketplace, marketplace), inArray(intradayPoints.asin, asins.slice(i, i + 90)), gte(intradayPoints.hour, fromDay)))
      .orderBy(asc(intradayPoints.hour));
    for (const row of rows) {
      series.get(row.asin)?.push({ at: `${row.hour}:00:00Z`, source: row.source === "live" ? "live" : "mock", rank: row.rank, price: row.priceAmount });
    }
  }
  return series;
}
