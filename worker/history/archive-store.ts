import { and, between, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { rankPoints } from "../db/history-schema/points";
import { selectNamedPoints } from "./named-points-store";
import { decodePoint, encodePoint, pointKey, replaces, type EncodedPoint, type StoredPoint } from "./point-codec";
import { BUCKETS, monthDays, monthOf } from "./sharding";
import { nextFilledBucket } from "./filled-bucket-store";
import { shardDatabase, shardsToRead, type HistoryShards } from "./shard-store";
import { DAY_MS, dayNumber, dayText } from "../contract/time";

/**
 * The R2 archive of rank history (binding HISTORY_ARCHIVE): a month of one bucket's points
 * in one gzip file of JSON lines, `rank-points/v1/YYYY-MM/BBBB.jsonl.gz`. A month moves there
 * once it has ended more than HISTORY_HOT_DAYS ago; its rows then leave the shards.
 * history-store.ts reads it back for any range that reaches that far, so charts and exports
 * see one history. Each line is one point's row with category names in place of ids:
 * [marketplace, asin, day, hour, live, rank, cat1, r1, cat2, r2, more, price, currency, offers, captured, rating, reviews, lowest]
 * (the last three appended in migration 0002's release, so lines written before them still read, as null).
 */

export const archiveKey = (bucket: number, month: string) => `rank-points/v1/${month}/${String(bucket).padStart(4, "0")}.jsonl.gz`;
const progressKey = (month: string) => `rank-points/v1/${month}/progress.json`;

export async function gzipText(text: string): Promise<ArrayBuffer> {
  return new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
}

export async function gunzipText(body: ReadableStream): Promise<string> {
  return new Response(body.pipeThrough(new DecompressionStream("gzip"))).text();
}

export function toLine(point: StoredPoint): string {
  const row = encodePoint(point);
  return JSON.stringify([row.marketplace, row.asin, row.day, row.hour, row.live, row.rank, row.cat1, row.r1, row.cat2, row.r2, row.more, row.price, row.currency, row.offers, row.captured, row.rating ?? null, row.reviews ?? null, row.lowest ?? null]);
}

export function fromLine(bucket: number, line: string): StoredPoint {
  const [marketplace, asin, day, hour, live, rank, cat1, r1, cat2, r2, more, price, currency, offers, captured, rating, reviews, lowest] = JSON.parse(line) as unknown[];
  return decodePoint({ bucket, marketplace, asin, day, hour, live, rank, cat1, r1, cat2, r2, more, price, currency, offers, captured, rating, reviews, lowest } as EncodedPoint);
}

/**
 * One bucket's archived points of a month; none when the file does not exist. With `only`
 * ("MARKETPLACE:ASIN" keys), lines of other ASINs are skipped by their prefix, unparsed: a
 * bucket file holds a few hundred ASINs and a read usually wants one or a few.
 */
export async function readArchivedMonth(history: HistoryShards, bucket: number, month: string, only?: ReadonlySet<string>): Promise<StoredPoint[]> {
  const object = await history.env.HISTORY_ARCHIVE?.get(archiveKey(bucket, month));
  if (!object) return [];
  const text = await gunzipText(object.body);
  // A line starts ["US","B0…",: that prefix, up to the second comma, names its ASIN.
  const prefixes = only && new Set([...only].map((key) => JSON.stringify(key.split(":")).slice(0, -1)));
  return text
    .split("\n")
    .filter((line) => line !== "" && (!prefixes || prefixes.has(line.slice(0, line.indexOf(",", line.indexOf(",") + 1)))))
    .map((line) => fromLine(bucket, line));
}

/** A bucket's rows of a month on one shard, every hour, with category names. */
async function shardRowsOfMonth(db: D1Database, bucket: number, first: number, last: number): Promise<StoredPoint[]> {
  const rows = await selectNamedPoints(drizzle(db)).where(and(eq(rankPoints.bucket, bucket), between(rankPoints.day, first, last)));
  return rows.map(decodePoint);
}

/**
 * Moves one bucket's points of `month` from the shards into its archive file (merged with
 * what the file already holds: a late write after an earlier pass is kept), then deletes them
 * from the shards. Written before deleted, so a crash in between only leaves a duplicate that
 * reads merge away. Returns how many points the file holds and its size.
 */
export async function archiveBucketMonth(history: HistoryShards, bucket: number, month: string): Promise<{ points: number; bytes: number }> {
  const archive = history.env.HISTORY_ARCHIVE;
  if (!archive) throw new Error("HISTORY_ARCHIVE (R2) is not bound");
  const { first, last } = monthDays(month);
  const shards = shardsToRead(history, bucket);
  const live = (await Promise.all(shards.map((shard) => shardRowsOfMonth(shardDatabase(history, shard), bucket, first, last)))).reverse().flat();
  if (live.length === 0) return { points: 0, bytes: 0 };
  const merged = new Map<string, StoredPoint>();
  for (const point of [...(await readArchivedMonth(history, bucket, month)), ...live]) {
    const current = merged.get(pointKey(point));
    if (!current || replaces(point, current)) merged.set(pointKey(point), point);
  }
  const body = await gzipText([...merged.values()].map(toLine).join("\n") + "\n");
  await archive.put(archiveKey(bucket, month), body, { httpMetadata: { contentType: "application/jsonl", contentEncoding: "gzip" } });
  for (const shard of shards) {
    await drizzle(shardDatabase(history, shard)).delete(rankPoints).where(and(eq(rankPoints.bucket, bucket), between(rankPoints.day, first, last)));
  }
  return { points: merged.size, bytes: body.byteLength };
}

export interface ArchiveStep {
  month: string | null;
  bucketsDone: number;
  points: number;
  bytes: number;
}

/**
 * One bounded pass of the nightly archive: the most recent month that has left the hot window
 * (and the one before it, in case a night was missed), up to `maxBuckets` buckets, resuming at
 * the bucket noted in the month's progress object in R2.
 */
export async function runArchiveStep(history: HistoryShards, nowMs: number, maxBuckets = 256): Promise<ArchiveStep> {
  const step: ArchiveStep = { month: null, bucketsDone: 0, points: 0, bytes: 0 };
  const archive = history.env.HISTORY_ARCHIVE;
  if (!archive) return step;
  const hotFrom = dayNumber(dayText(Math.floor(nowMs / DAY_MS))) - history.hotDays;
  const latest = monthOf(monthDays(monthOf(hotFrom)).first - 1);
  const months = [monthOf(monthDays(latest).first - 1), latest];
  for (const month of months) {
    const progress = await archive.get(progressKey(month));
    let next = progress ? ((await progress.json<{ nextBucket: number }>()).nextBucket ?? 0) : 0;
    if (next >= BUCKETS) continue;
    step.month = month;
    const shards = Array.from({ length: history.layout.shards }, (_, index) => shardDatabase(history, index));
    while (next < BUCKETS && step.bucketsDone < maxBuckets) {
      const filled = await nextFilledBucket(shards, next);
      if (filled === null) {
        next = BUCKETS;
        break;
      }
      next = filled;
      const done = await archiveBucketMonth(history, next, month);
      step.points += done.points;
      step.bytes += done.bytes;
      step.bucketsDone += 1;
      next += 1;
    }
    await archive.put(progressKey(month), JSON.stringify({ nextBucket: next }));
    if (next < BUCKETS) break;
  }
  return step;
}
