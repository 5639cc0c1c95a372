import type { CategoryRank } from "../upstreams/creators/product-source";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sellerSnapshots } from "../db/schema";
import { categories, rankPoints } from "../db/history-schema/points";
import type { Bindings } from "../env";
import type { ProductData } from "../contract/product";
import { encodePoint, type StoredPoint } from "./point-codec";
import { byShard, shardDatabase, writeShard } from "./shard-store";

/**
 * Writes of rank history. Store API (reads are in history-store.ts):
 * - recordRankSnapshot(env, input): the day's point of one capture (a lookup);
 * - recordRankPoint(env, input, hour): the same with an hour: null = the day's point (what
 *   daily rules, charts and alerts read), 0–23 = an intraday point of that UTC hour (Pro);
 * - rankSnapshotUpsert(env, input): recordRankSnapshot under its old name;
 * - writeRankPoints(env, points): many points at once, one D1 batch per shard (the 02:00 job,
 *   an intraday job: give each point its hour; pointOf(input, hour) builds one).
 * Points live in the history shards (shard-store.ts), keyed (bucket, marketplace, ASIN, day,
 * hour). A later capture of the same key replaces the earlier one in place, except that mock
 * never replaces live. Seller snapshots (private, per user) stay in DB.
 */

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

/** The stored point of a capture: its UTC day, and `hour` (null for the day's point). */
export function pointOf(input: RankSnapshotInput, hour: number | null = null): StoredPoint {
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
    capturedAt: input.capturedAt,
  };
}

/** Writes points, one batch per shard: category names first, then each point's upsert. */
export async function writeRankPoints(env: Partial<Bindings>, points: readonly StoredPoint[], options: { ifAbsent?: boolean } = {}): Promise<void> {
  const encoded = points.map(encodePoint);
  await Promise.all(
    [...byShard(encoded, (point) => writeShard(env, point.bucket))].map(([shard, rows]) => {
      const db = drizzle(shardDatabase(env, shard));
      const names = [...new Set(rows.flatMap((row) => [row.cat1, row.cat2]).filter((name) => name !== null))];
      const categoryId = (name: string | null) => (name === null ? null : sql`(SELECT id FROM categories WHERE name = ${name})`);
      const upserts = rows.map(({ cat1, cat2, ...row }) => {
        const values = { ...row, c1: categoryId(cat1), c2: categoryId(cat2) };
        const { bucket: _b, marketplace: _m, asin: _a, day: _d, hour: _h, ...set } = values;
        const insert = db.insert(rankPoints).values(values);
        // A re-shard copy never overwrites what a live write put on the new shard meanwhile.
        if (options.ifAbsent) return insert.onConflictDoNothing();
        return insert.onConflictDoUpdate({
            target: [rankPoints.bucket, rankPoints.marketplace, rankPoints.asin, rankPoints.day, rankPoints.hour],
            set,
            setWhere: sql`${rankPoints.live} = 0 OR excluded.live = 1`,
          });
      });
      const first = names.length ? db.insert(categories).values(names.map((name) => ({ name }))).onConflictDoNothing() : upserts.shift()!;
      return db.batch([first, ...upserts]);
    }),
  );
}

/** One capture's point: the day's (hour null) or an intraday one (hour 0–23, UTC). */
export async function recordRankPoint(env: Partial<Bindings>, input: RankSnapshotInput, hour: number | null): Promise<void> {
  if (hour !== null && !(Number.isInteger(hour) && hour >= 0 && hour <= 23)) throw new RangeError(`hour must be 0–23 or null, got ${hour}`);
  await writeRankPoints(env, [pointOf(input, hour)]);
}

/** Writes one lookup's data point for its UTC day. */
export async function recordRankSnapshot(env: Partial<Bindings>, input: RankSnapshotInput): Promise<void> {
  await writeRankPoints(env, [pointOf(input)]);
}

/** The day's point of one capture (the name the first, single-database store had). */
export const rankSnapshotUpsert = recordRankSnapshot;

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
