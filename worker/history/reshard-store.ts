import { and, asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { rankPoints } from "../db/history-schema/points";
import { selectNamedPoints } from "./named-points-store";
import { legacyRankSnapshots } from "../db/schema";
import { decodePoint, type StoredPoint } from "./point-codec";
import { movingBuckets } from "./sharding";
import { nextFilledBucket } from "./filled-bucket-store";
import { shardDatabase, type HistoryShards } from "./shard-store";
import { writeRankPoints } from "./rank-points-store";

/**
 * Raising the shard count (docs/operations.md, "Re-shard", has the operator's steps):
 * 1. create the new D1 databases, bind them as HISTORY_n…, migrate them;
 * 2. deploy with HISTORY_SHARDS = new count and HISTORY_RESHARD_FROM = old count: writes go to
 *    each bucket's new shard at once, reads ask the new shard and then the old one;
 * 3. run reshardStep until it says done (POST-free: the nightly retention run calls it too);
 * 4. deploy without HISTORY_RESHARD_FROM.
 * Only buckets whose shard changes move (jump hash: about 1 − old/new of them), whole.
 */

const PAGE = 400;

export interface ReshardProgress {
  /** The bucket to go on from; null once every bucket has moved. */
  next: number | null;
  moved: number;
}

/** Moves up to `maxPages` pages of rows, from bucket `start` on. */
export async function reshardStep(history: HistoryShards, start = 0, maxPages = 50): Promise<ReshardProgress> {
  const layout = history.layout;
  if (layout.from === null) return { next: null, moved: 0 };
  const moving = new Map(movingBuckets(layout.from, layout.shards).map((move) => [move.bucket, move]));
  const oldShards = Array.from({ length: layout.from }, (_, index) => drizzle(shardDatabase(history, index)));
  let moved = 0;
  let pages = 0;
  let bucket = start;
  for (;;) {
    // Skip straight to the next bucket that still has rows on an old shard (one seek each).
    const next = await nextFilledBucket(oldShards.map((_, index) => shardDatabase(history, index)), bucket);
    if (next === null) return { next: null, moved };
    const move = moving.get(next);
    if (!move) {
      bucket = next + 1;
      continue;
    }
    const db = oldShards[move.source]!;
    for (;;) {
      if (pages >= maxPages) return { next, moved };
      const rows = await bucketPage(db, next);
      pages += 1;
      if (rows.length === 0) break;
      await writeRankPoints(history, rows.map(decodePoint), { ifAbsent: true });
      // Copied first, then deleted: a crash in between leaves a copy that the next pass skips.
      const last = rows.at(-1)!;
      await db
        .delete(rankPoints)
        .where(
          and(
            eq(rankPoints.bucket, next),
            sql`(${rankPoints.marketplace}, ${rankPoints.asin}, ${rankPoints.day}, ${rankPoints.hour}) <= (${last.marketplace}, ${last.asin}, ${last.day}, ${last.hour})`,
          ),
        );
      moved += rows.length;
    }
    bucket = next + 1;
  }
}

/** The first PAGE rows of a bucket on one shard, in key order, with category names. */
function bucketPage(db: ReturnType<typeof drizzle>, bucket: number) {
  const p = rankPoints;
  return selectNamedPoints(db)
    .where(eq(p.bucket, bucket))
    .orderBy(asc(p.marketplace), asc(p.asin), asc(p.day), asc(p.hour))
    .limit(PAGE);
}

/**
 * Moves up to `maxRows` rows of the legacy single-database table (DB.rank_snapshots) into the
 * shards, oldest key first, without overwriting a point the shards already have; returns how
 * many it moved (0 once the table is empty). The nightly run calls it until then.
 */
export async function moveLegacySnapshots(history: HistoryShards, maxRows = 500): Promise<number> {
  if (!history.env.DB) return 0;
  const db = drizzle(history.env.DB);
  const t = legacyRankSnapshots;
  const rows = await db.select().from(t).orderBy(asc(t.asin), asc(t.marketplace), asc(t.day)).limit(maxRows);
  if (rows.length === 0) return 0;
  const points: StoredPoint[] = rows.map((row) => ({
    asin: row.asin,
    marketplace: row.marketplace,
    day: row.day,
    hour: null,
    source: row.source === "live" ? "live" : "mock",
    rank: row.rank,
    categoryRanks: parseLegacyCategories(row.categoryRanks),
    price: row.priceAmount,
    currency: row.priceCurrency,
    offers: row.offers,
    // The single-database table of earlier releases never had them.
    rating: null,
    reviewCount: null,
    capturedAt: row.capturedAt,
  }));
  for (let i = 0; i < points.length; i += 100) await writeRankPoints(history, points.slice(i, i + 100), { ifAbsent: true });
  const last = rows.at(-1)!;
  await db.delete(t).where(sql`(${t.asin}, ${t.marketplace}, ${t.day}) <= (${last.asin}, ${last.marketplace}, ${last.day})`);
  return rows.length;
}

function parseLegacyCategories(json: string): { category: string; rank: number }[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((entry) => typeof entry?.category === "string" && typeof entry?.rank === "number") : [];
  } catch {
    return [];
  }
}
