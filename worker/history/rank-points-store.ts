import type { CategoryRank } from "../upstreams/creators/product-source";
import { drizzle } from "drizzle-orm/d1";
import { sellerSnapshots } from "../db/schema";
import type { ProductData } from "../contract/product";
import { asinDetailsUpserts } from "./asin-details-store";
import { encodePoint, type StoredPoint } from "./point-codec";
import { byShard, shardDatabase, writeShard, type HistoryShards } from "./shard-store";
import { utcDay } from "../contract/time";

/**
 * Writes of rank history: the stored day rows ("rank points"; a lookup's own is its lookup
 * point, lookup-point.ts; the nightly run writes every tracked ASIN's). Store API (reads are in
 * history-store.ts):
 * - recordDayPoint(history, input): the day's point of one capture (a lookup), with the
 *   item's details (asin_details in DB);
 * - recordRankPoint(history, input, hour): the same with an hour: null = the day's point (what
 *   daily rules, charts and alerts read), 0–23 = an intraday point of that UTC hour (Pro);
 * - writeRankPoints(history, points): many points at once, one D1 batch per shard (the 02:00 job,
 *   an intraday job: give each point its hour; pointOf(input, hour) builds one).
 * Points live in the history shards (shard-store.ts), keyed (bucket, marketplace, ASIN, day,
 * hour). A later capture of the same key replaces the earlier one in place, except that mock
 * never replaces live. Sellers' own day rows (private, per user: table seller_snapshots) stay in DB.
 */

export type { CategoryRank };

export interface RankPointInput {
  product: ProductData;
  /** Category ranks beyond the website rank, when the source gives them. */
  categoryRanks?: CategoryRank[];
  source: "live" | "mock";
  capturedAt: string;
}

/** The stored point of a capture: its UTC day, and `hour` (null for the day's point). */
export function pointOf(input: RankPointInput, hour: number | null = null): StoredPoint {
  const { product } = input;
  return {
    asin: product.asin,
    marketplace: product.marketplace,
    day: utcDay(Date.parse(input.capturedAt)),
    hour,
    source: input.source,
    rank: product.rank,
    categoryRanks: input.categoryRanks ?? [],
    price: product.price?.amount ?? null,
    currency: product.price?.currency ?? null,
    offers: product.offers,
    rating: product.rating,
    reviewCount: product.reviewCount,
    ...(product.priceSource ? { priceSource: product.priceSource } : {}),
    capturedAt: input.capturedAt,
  };
}

const COLUMNS = ["bucket", "marketplace", "asin", "day", "hour", "live", "rank", "cat1", "r1", "cat2", "r2", "more", "price", "currency", "offers", "rating", "reviews", "lowest", "captured"] as const;
const UPDATED = ["live", "rank", "c1", "r1", "c2", "r2", "more", "price", "currency", "offers", "rating", "reviews", "lowest", "captured"];
const valueAt = (column: (typeof COLUMNS)[number]) => `p.value ->> '$[${COLUMNS.indexOf(column)}]'`;
const categoryId = (column: "cat1" | "cat2") => `(SELECT id FROM categories WHERE name = ${valueAt(column)})`;

/**
 * Raw SQL because drizzle cannot say INSERT … SELECT FROM json_each: a shard's points travel as
 * one JSON parameter, so a write is two statements whatever its size (D1 binds at most 100
 * parameters, which per-row statements would spend on 6 points). `WHERE true` is SQLite's
 * required disambiguation of an upsert from a SELECT.
 */
const UPSERT_SQL = (ifAbsent: boolean) => `INSERT INTO rank_points (bucket, marketplace, asin, day, hour, live, rank, c1, r1, c2, r2, more, price, currency, offers, rating, reviews, lowest, captured)
  SELECT ${COLUMNS.map((column) => (column === "cat1" || column === "cat2" ? categoryId(column) : valueAt(column))).join(", ")}
  FROM json_each(?1) AS p WHERE true
  ON CONFLICT (bucket, marketplace, asin, day, hour) DO ${
    ifAbsent ? "NOTHING" : `UPDATE SET ${UPDATED.map((column) => `${column} = excluded.${column}`).join(", ")} WHERE rank_points.live = 0 OR excluded.live = 1`
  }`;

/** Writes points, one batch per shard: the category names first, then every point's upsert. */
export async function writeRankPoints(history: HistoryShards, points: readonly StoredPoint[], options: { ifAbsent?: boolean } = {}): Promise<void> {
  const encoded = points.map(encodePoint);
  await Promise.all(
    [...byShard(encoded, (point) => writeShard(history, point.bucket))].map(([shard, rows]) => {
      const db = shardDatabase(history, shard);
      const names = [...new Set(rows.flatMap((row) => [row.cat1, row.cat2]).filter((name) => name !== null))];
      return db.batch([
        db.prepare("INSERT INTO categories (name) SELECT value FROM json_each(?1) WHERE true ON CONFLICT (name) DO NOTHING").bind(JSON.stringify(names)),
        db.prepare(UPSERT_SQL(options.ifAbsent === true)).bind(JSON.stringify(rows.map((row) => COLUMNS.map((column) => row[column])))),
      ]);
    }),
  );
}

/** One capture's point: the day's (hour null) or an intraday one (hour 0–23, UTC). */
export async function recordRankPoint(history: HistoryShards, input: RankPointInput, hour: number | null): Promise<void> {
  if (hour !== null && !(Number.isInteger(hour) && hour >= 0 && hour <= 23)) throw new RangeError(`hour must be 0–23 or null, got ${hour}`);
  await writeRankPoints(history, [pointOf(input, hour)]);
}

/** Writes one lookup's data point for its UTC day, and the item's latest details beside it. */
export async function recordDayPoint(history: HistoryShards, input: RankPointInput): Promise<void> {
  await Promise.all([
    writeRankPoints(history, [pointOf(input)]),
    history.env.DB ? asinDetailsUpserts(history.env.DB, [input])[0]!.run() : undefined,
  ]);
}

/** The day's point of one capture (the name the first, single-database store had). */

export interface SellerDayRowInput {
  /** The workspace, and the seller connection whose data this is. */
  userId: string;
  connectionId: string;
  asin: string;
  marketplace: string;
  source: "spapi" | "mock";
  /** Each part may be left out: a write of the inventory or of the Buy Box keeps the other's columns. */
  fulfillableUnits?: number | null;
  buyBoxSellerId?: string | null;
  holdsBuyBox?: boolean | null;
  primeSellerId?: string | null;
  nonPrimeSellerId?: string | null;
  holdsPrime?: boolean | null;
  holdsNonPrime?: boolean | null;
  capturedAt: string;
}

/** The statement that writes a seller's own data on one ASIN for its UTC day (insert or update). */
export function sellerDayRowUpsert(db: D1Database, input: SellerDayRowInput) {
  const { userId, connectionId, asin, marketplace, capturedAt, ...values } = input;
  const set = { ...values, capturedAt };
  return drizzle(db)
    .insert(sellerSnapshots)
    .values({ workspaceId: userId, connectionId, asin, marketplace, day: utcDay(Date.parse(capturedAt)), ...set })
    .onConflictDoUpdate({
      target: [sellerSnapshots.connectionId, sellerSnapshots.asin, sellerSnapshots.marketplace, sellerSnapshots.day],
      set,
    });
}
