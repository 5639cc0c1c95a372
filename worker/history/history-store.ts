import { and, asc, between, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { rankSnapshots } from "../db/schema";
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
  return rows.map((row) => ({
    day: row.day,
    source: row.source === "live" ? "live" : "mock",
    rank: row.rank,
    categoryRanks: parseCategoryRanks(row.categoryRanks),
    price: row.priceAmount,
    currency: row.priceCurrency,
    offers: row.offers,
  }));
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
