import type { CategoryRank } from "../upstreams/creators/product-source";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { rankSnapshots, sellerSnapshots } from "../db/schema";
import type { ProductData } from "../contract/product";

/** The UTC day of a moment, YYYY-MM-DD: snapshots and alert firings are keyed by it. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

export type { CategoryRank };

export interface RankSnapshotInput {
  product: ProductData;
  /** Category ranks beyond the website rank, when the source gives them. */
  categoryRanks?: CategoryRank[];
  source: "live" | "mock";
  capturedAt: string;
}

/**
 * The statement that writes one ASIN's public data point for its UTC day: the first
 * capture of a day inserts the row, later ones of the same day update it in place. A mock
 * capture never replaces a live row: mock data must not pass for what Amazon said.
 */
export function rankSnapshotUpsert(db: D1Database, input: RankSnapshotInput) {
  const { product } = input;
  const values = {
    source: input.source,
    rank: product.rank,
    categoryRanks: JSON.stringify(input.categoryRanks ?? []),
    priceAmount: product.price?.amount ?? null,
    priceCurrency: product.price?.currency ?? null,
    offers: product.offers,
    capturedAt: input.capturedAt,
  };
  return drizzle(db)
    .insert(rankSnapshots)
    .values({ asin: product.asin, marketplace: product.marketplace, day: utcDay(Date.parse(input.capturedAt)), ...values })
    .onConflictDoUpdate({
      target: [rankSnapshots.asin, rankSnapshots.marketplace, rankSnapshots.day],
      set: values,
      setWhere: sql`${rankSnapshots.source} = 'mock' OR excluded.source = 'live'`,
    });
}

export interface SellerSnapshotInput {
  userId: string;
  asin: string;
  marketplace: string;
  source: "spapi" | "mock";
  fulfillableUnits: number | null;
  buyBoxSellerId: string | null;
  holdsBuyBox: boolean | null;
  capturedAt: string;
}

/** The statement that writes a seller's own data on one ASIN for its UTC day (insert or update). */
export function sellerSnapshotUpsert(db: D1Database, input: SellerSnapshotInput) {
  const { userId, asin, marketplace, capturedAt, ...values } = input;
  const set = { ...values, capturedAt };
  return drizzle(db)
    .insert(sellerSnapshots)
    .values({ userId, asin, marketplace, day: utcDay(Date.parse(capturedAt)), ...set })
    .onConflictDoUpdate({
      target: [sellerSnapshots.userId, sellerSnapshots.asin, sellerSnapshots.marketplace, sellerSnapshots.day],
      set,
    });
}

/** Writes one lookup's data point now; callers that batch with other writes use the upsert builders. */
export async function recordRankSnapshot(db: D1Database, input: RankSnapshotInput): Promise<void> {
  await rankSnapshotUpsert(db, input);
}
