import type { CategoryRank } from "../upstreams/creators/product-source";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { intradayPoints, rankSnapshots, sellerSnapshots } from "../db/schema";
import type { ProductData } from "../contract/product";
import { asinDetailsUpsert } from "./asin-details-store";

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
  await drizzle(db).batch([rankSnapshotUpsert(db, input), asinDetailsUpsert(db, input.product, input.source, input.capturedAt)]);
}

export interface IntradayPointInput {
  asin: string;
  marketplace: string;
  rank: number | null;
  price: { amount: number; currency: string } | null;
  source: "live" | "mock";
  capturedAt: string;
}

/**
 * The statement that keeps one extra capture of the day (Pro's 6-hourly or hourly refresh,
 * "Refresh now") under its UTC hour. Daily rules never read these: they keep one point a day.
 */
export function recordIntradayPoint(db: D1Database, input: IntradayPointInput) {
  const values = {
    source: input.source,
    rank: input.rank,
    priceAmount: input.price?.amount ?? null,
    priceCurrency: input.price?.currency ?? null,
    capturedAt: input.capturedAt,
  };
  return drizzle(db)
    .insert(intradayPoints)
    .values({ asin: input.asin, marketplace: input.marketplace, hour: input.capturedAt.slice(0, 13), ...values })
    .onConflictDoUpdate({ target: [intradayPoints.asin, intradayPoints.marketplace, intradayPoints.hour], set: values });
}
