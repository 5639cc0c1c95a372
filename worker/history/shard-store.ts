import type { Bindings } from "../env";
import type { Config } from "../config";
import { readShards, shardOfBucket, type ShardLayout } from "./sharding";

/**
 * The history of a deployment, as the history stores see it: the D1 shards HISTORY_0 …
 * HISTORY_{n-1} (wrangler.toml), n = HISTORY_SHARDS, plus HISTORY_RESHARD_FROM while a re-shard
 * moves buckets (reshard-store.ts); the R2 archive (HISTORY_ARCHIVE) and D1 itself (DB) on
 * `env`. Built once per request or run by services.ts. Only the history stores use these databases.
 */
export interface HistoryShards {
  readonly env: Partial<Bindings>;
  readonly layout: ShardLayout;
  /** Days of history kept in D1 (HISTORY_HOT_DAYS); older whole months live in the R2 archive. */
  readonly hotDays: number;
}

export function historyShardsOf(env: Partial<Bindings>, config: Config): HistoryShards {
  const { HISTORY_SHARDS, HISTORY_RESHARD_FROM, HISTORY_HOT_DAYS } = config.vars;
  return { env, layout: { shards: HISTORY_SHARDS, from: HISTORY_RESHARD_FROM ?? null }, hotDays: HISTORY_HOT_DAYS };
}

/** The D1 database of shard `index`; a missing binding is a deployment error, said plainly. */
export function shardDatabase(history: HistoryShards, index: number): D1Database {
  const db = (history.env as Record<string, unknown>)[`HISTORY_${index}`] as D1Database | undefined;
  if (!db) throw new Error(`history shard HISTORY_${index} is not bound (HISTORY_SHARDS=${history.layout.shards}): add it to wrangler.toml`);
  return db;
}

/** The shard a write of `bucket` goes to. */
export function writeShard(history: HistoryShards, bucket: number): number {
  return shardOfBucket(bucket, history.layout.shards);
}

/** The shards a read of `bucket` asks, the current one first. */
export function shardsToRead(history: HistoryShards, bucket: number): number[] {
  return readShards(history.layout, bucket);
}

/** Groups items by a shard index. */
export function byShard<Item>(items: Iterable<Item>, shardOf: (item: Item) => number): Map<number, Item[]> {
  const groups = new Map<number, Item[]>();
  for (const item of items) {
    const shard = shardOf(item);
    const group = groups.get(shard);
    if (group) group.push(item);
    else groups.set(shard, [item]);
  }
  return groups;
}
