import { inArray, lt, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { lookupLog } from "../db/schema";
import { deleteInChunks } from "../shared/delete-in-chunks";

/**
 * Reads of the lookup log (the status page's recent failures, the retention job's deletes); its
 * writes, which every lookup queues, are lookup-log-store.ts, free of drizzle so that a cold
 * start need not load it (docs/adr/0012-split-worker-build.md).
 */

/**
 * Deletes lookup_log rows created before `cutoffIso`, in chunks of `chunk` rows so one huge
 * backlog never becomes one huge statement. Returns how many rows went.
 */
export async function deleteLookupLogBefore(db: D1Database, cutoffIso: string, chunk: number): Promise<number> {
  const orm = drizzle(db);
  const oldest = orm.select({ id: lookupLog.id }).from(lookupLog).where(lt(lookupLog.createdAt, cutoffIso)).orderBy(lookupLog.id).limit(chunk);
  return deleteInChunks(chunk, async () => (await orm.delete(lookupLog).where(inArray(lookupLog.id, oldest)).run()).meta.changes);
}

export interface RecentLookups {
  /** Lookups answered 503 because the upstream failed (lookup_log.status = 503). */
  failures: number;
  /** Lookups answered with live upstream data. */
  liveSuccesses: number;
}

/** The counts of RecentLookups, each row weighed by its lookups: a refusal by our own budget ("busy") is no upstream failure. */
const RECENT_COUNTS = {
  failures: sql<number>`coalesce(sum(${lookupLog.lookups} * (${lookupLog.status} = 503 AND coalesce(${lookupLog.source}, '') <> 'busy')), 0)`,
  liveSuccesses: sql<number>`coalesce(sum(${lookupLog.lookups} * (${lookupLog.source} = 'live')), 0)`,
};

const withinMinutes = (minutes: number) => sql`${lookupLog.createdAt} >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${minutes} minutes`})`;

/** Upstream failures and live answers of the last `minutes` minutes; created_at is ISO 8601 UTC, so it compares as text. */
export async function readRecentLookups(db: D1Database, minutes: number): Promise<RecentLookups> {
  const [row] = await drizzle(db)
    .select(RECENT_COUNTS)
    .from(lookupLog)
    .where(withinMinutes(minutes));
  return { failures: row?.failures ?? 0, liveSuccesses: row?.liveSuccesses ?? 0 };
}

/** The same counts per marketplace (only marketplaces with lookups in the window). */
export async function readRecentLookupsByMarketplace(db: D1Database, minutes: number): Promise<Map<string, RecentLookups>> {
  const rows = await drizzle(db)
    .select({ marketplace: lookupLog.marketplace, ...RECENT_COUNTS })
    .from(lookupLog)
    .where(withinMinutes(minutes))
    .groupBy(lookupLog.marketplace);
  return new Map(rows.map((row) => [row.marketplace, { failures: row.failures, liveSuccesses: row.liveSuccesses }]));
}

/** A trivial query: D1 answers at all. */
export async function pingDatabase(db: D1Database): Promise<void> {
  await drizzle(db).run(sql`SELECT 1`);
}
