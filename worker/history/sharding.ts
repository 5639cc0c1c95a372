import { DAY_MS, dayText } from "../contract/time";

/**
 * Where a point of history lives, as pure functions. Every (marketplace, ASIN) falls in one of
 * BUCKETS fixed buckets (a stable FNV-1a hash); each bucket lives on one of the shards by jump
 * consistent hashing. Raising the shard count from n to m moves only the buckets whose shard
 * changes (about 1 − n/m of them, each to a new shard), whole, so a re-shard copies bucket
 * ranges and never rehashes a key. BUCKETS is part of the stored layout (it leads the key and
 * names the archive files): it never changes.
 */
export const BUCKETS = 4096;

/** FNV-1a, 32 bits, of marketplace + ":" + ASIN: the same on every Worker, forever. */
export function bucketOf(marketplace: string, asin: string): number {
  const key = `${marketplace}:${asin}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % BUCKETS;
}

/** Lamping & Veach's jump consistent hash: the shard (0 … shards-1) of a bucket. */
export function jumpHash(key: number, shards: number): number {
  let k = BigInt(key);
  let b = -1;
  let j = 0;
  while (j < shards) {
    b = j;
    k = BigInt.asUintN(64, k * 2862933555777941757n + 1n);
    j = Math.floor((b + 1) * (2 ** 31 / Number((k >> 33n) + 1n)));
  }
  return b;
}

// A memo of a pure function of the shard count (its bucket → shard table), not per-isolate state.
const tables = new Map<number, Uint16Array>();

/** The shard of a bucket under `shards` shards (a table per count, built once). */
export function shardOfBucket(bucket: number, shards: number): number {
  let table = tables.get(shards);
  if (!table) {
    table = new Uint16Array(BUCKETS);
    for (let b = 0; b < BUCKETS; b++) table[b] = jumpHash(b, shards);
    tables.set(shards, table);
  }
  return table[bucket]!;
}

/**
 * The shard layout: `shards` databases take every write; while a re-shard runs, `from` is the
 * previous count and a bucket not yet moved may still sit on its old shard, so reads ask both.
 */
export interface ShardLayout {
  shards: number;
  from: number | null;
}

/** Shards a read of `bucket` asks, the current one first (it wins on equal keys). */
export function readShards(layout: ShardLayout, bucket: number): number[] {
  const current = shardOfBucket(bucket, layout.shards);
  if (layout.from === null) return [current];
  const previous = shardOfBucket(bucket, layout.from);
  return previous === current ? [current] : [current, previous];
}

/** Buckets a re-shard from `from` to `to` shards must move, with their old and new shard. */
export function movingBuckets(from: number, to: number): { bucket: number; source: number; target: number }[] {
  const moves = [];
  for (let bucket = 0; bucket < BUCKETS; bucket++) {
    const source = shardOfBucket(bucket, from);
    const target = shardOfBucket(bucket, to);
    if (source !== target) moves.push({ bucket, source, target });
  }
  return moves;
}

/** YYYY-MM of a stored day: the archive file it belongs to. */
export function monthOf(dayNumber: number): string {
  return dayText(dayNumber).slice(0, 7);
}

/** First and last stored day of a month YYYY-MM. */
export function monthDays(month: string): { first: number; last: number } {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const first = Date.UTC(year, mon - 1, 1) / DAY_MS;
  const last = Date.UTC(year, mon, 1) / DAY_MS - 1;
  return { first, last };
}

/** Months YYYY-MM that a day range touches, oldest first. */
export function monthsBetween(fromDay: number, toDay: number): string[] {
  const months: string[] = [];
  for (let day = fromDay; day <= toDay; day = monthDays(monthOf(day)).last + 1) months.push(monthOf(day));
  return months;
}
