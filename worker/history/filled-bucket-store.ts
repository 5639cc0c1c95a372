import { asc, gte } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { rankPoints } from "../db/history-schema/points";

/**
 * The lowest bucket ≥ `from` with a row on any of `shards` (one seek per shard, the bucket
 * leads the key): bucket-by-bucket jobs skip empty buckets instead of asking each of 4,096.
 */
export async function nextFilledBucket(shards: D1Database[], from: number): Promise<number | null> {
  const firsts = await Promise.all(
    shards.map((db) => drizzle(db).select({ bucket: rankPoints.bucket }).from(rankPoints).where(gte(rankPoints.bucket, from)).orderBy(asc(rankPoints.bucket)).limit(1)),
  );
  const found = firsts.flatMap((rows) => rows.map((row) => row.bucket));
  return found.length ? Math.min(...found) : null;
}
