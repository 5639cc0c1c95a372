import { env } from "cloudflare:test";
import { decodePoint, type EncodedPoint, type StoredPoint } from "../../../worker/history/point-codec";
import { writeRankPoints } from "../../../worker/history/rank-points-store";
import { buildServices } from "../../../worker/services";

/** The history shards bound in the test config (wrangler.toml's HISTORY_0 … HISTORY_3). */
export const SHARD_COUNT = 4;
export const shardDb = (index: number) => (env as unknown as Record<string, D1Database>)[`HISTORY_${index}`]!;
export const allShards = () => Array.from({ length: SHARD_COUNT }, (_, index) => shardDb(index));

/** Empties every shard (and the legacy table), so a test sees only its own points. */
export async function clearHistory(): Promise<void> {
  for (const db of allShards()) await db.batch([db.prepare("DELETE FROM rank_points"), db.prepare("DELETE FROM categories")]);
}

const SELECT = `SELECT p.bucket, p.marketplace, p.asin, p.day, p.hour, p.live, p.rank, a.name AS cat1, p.r1, b.name AS cat2, p.r2,
  p.more, p.price, p.currency, p.offers, p.captured
  FROM rank_points p LEFT JOIN categories a ON a.id = p.c1 LEFT JOIN categories b ON b.id = p.c2`;

/** Every stored point of one shard. */
export async function shardPoints(index: number): Promise<StoredPoint[]> {
  const { results } = await shardDb(index).prepare(SELECT).all<EncodedPoint>();
  return results.map(decodePoint);
}

export interface PointFilter {
  asin?: string;
  marketplace?: string;
  day?: string;
  source?: "live" | "mock";
  /** Day points only unless set. */
  intraday?: boolean;
}

/** Every stored point across the shards that matches, by marketplace, ASIN, day and hour. */
export async function historyPoints(filter: PointFilter = {}): Promise<StoredPoint[]> {
  const points = (await Promise.all(allShards().map((_, index) => shardPoints(index)))).flat();
  return points
    .filter(
      (point) =>
        (filter.asin === undefined || point.asin === filter.asin) &&
        (filter.marketplace === undefined || point.marketplace === filter.marketplace) &&
        (filter.day === undefined || point.day === filter.day) &&
        (filter.source === undefined || point.source === filter.source) &&
        (filter.intraday === true || point.hour === null),
    )
    .sort((a, b) => `${a.marketplace}:${a.asin}:${a.day}:${a.hour ?? -1}`.localeCompare(`${b.marketplace}:${b.asin}:${b.day}:${b.hour ?? -1}`));
}

export async function countPoints(filter: PointFilter = {}): Promise<number> {
  return (await historyPoints(filter)).length;
}

/** A day point written through the store, with the defaults of a plain live capture. */
export async function seedPoint(point: Partial<StoredPoint> & Pick<StoredPoint, "asin" | "day">): Promise<void> {
  await writeRankPoints(buildServices(env).history, [
    {
      marketplace: "US",
      hour: null,
      source: "live",
      rank: null,
      categoryRanks: [],
      price: null,
      currency: null,
      offers: null,
      rating: null,
      reviewCount: null,
      capturedAt: `${point.day}T02:05:00.000Z`,
      ...point,
    },
  ]);
}
