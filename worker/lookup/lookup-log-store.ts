import { inArray, lt, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { DEFAULT_LOOKUP_LOG_FLUSH_MS } from "../config";
import { lookupLog } from "../db/schema";
import { isolateSlot, isolateState } from "../shared/isolate-state";

export type LookupLogRow = Omit<typeof lookupLog.$inferInsert, "id" | "createdAt">;

/** Rows waiting for the next write; one D1 statement per window instead of a write per lookup. */
const queue = isolateSlot(() => ({ pending: [] as LookupLogRow[], flushScheduled: false }));

/** Past this, the oldest rows are dropped rather than letting memory grow while D1 is down. */
const MAX_PENDING = 10_000;

/**
 * Raw SQL because drizzle cannot say it: the whole batch travels as one JSON parameter
 * (D1 binds at most 100 per statement, so a drizzle multi-row insert would be cut into
 * many statements), and SQLite unpacks it with json_each.
 */
const INSERT_BATCH = `INSERT INTO lookup_log (asin, marketplace, status, source, duration_ms)
  SELECT value ->> '$.asin', value ->> '$.marketplace', value ->> '$.status', value ->> '$.source', value ->> '$.durationMs'
  FROM json_each(?)`;

/**
 * Queues one lookup for the log. The request that opens a window (of `windowMs`, the
 * LOOKUP_LOG_FLUSH_MS var) keeps the isolate alive (waitUntil) until that window's rows are
 * written, so none are left behind.
 */
export function logLookup(
  db: D1Database,
  ctx: { waitUntil(promise: Promise<unknown>): void },
  row: LookupLogRow,
  windowMs = DEFAULT_LOOKUP_LOG_FLUSH_MS,
): void {
  const { pending } = queue();
  pending.push(row);
  if (pending.length > MAX_PENDING) pending.splice(0, pending.length - MAX_PENDING);
  if (queue().flushScheduled) return;
  queue().flushScheduled = true;
  ctx.waitUntil(
    isolateState.track(new Promise((resolve) => setTimeout(resolve, windowMs)).then(() => flushLookupLog(db))),
  );
}

export async function flushLookupLog(db: D1Database): Promise<void> {
  const { pending } = queue();
  queue().flushScheduled = false;
  const rows = pending.splice(0);
  if (rows.length === 0) return;
  try {
    await db.prepare(INSERT_BATCH).bind(JSON.stringify(rows)).run();
  } catch (error) {
    // Keep the rows for the next window; a D1 hiccup must not lose them.
    console.error("lookup log write failed; retrying with the next batch", error);
    pending.unshift(...rows);
  }
}

/**
 * Deletes lookup_log rows created before `cutoffIso`, in chunks of `chunk` rows so one huge
 * backlog never becomes one huge statement. Returns how many rows went.
 */
export async function deleteLookupLogBefore(db: D1Database, cutoffIso: string, chunk: number): Promise<number> {
  const orm = drizzle(db);
  const oldest = orm.select({ id: lookupLog.id }).from(lookupLog).where(lt(lookupLog.createdAt, cutoffIso)).orderBy(lookupLog.id).limit(chunk);
  let deleted = 0;
  for (;;) {
    const { meta } = await orm.delete(lookupLog).where(inArray(lookupLog.id, oldest)).run();
    deleted += meta.changes;
    if (meta.changes < chunk) return deleted;
  }
}

export interface RecentLookups {
  /** Lookups answered 503 because the upstream failed (lookup_log.status = 503). */
  failures: number;
  /** Lookups answered with live upstream data. */
  liveSuccesses: number;
}

/** Upstream failures and live answers of the last `minutes` minutes; created_at is ISO 8601 UTC, so it compares as text. */
export async function readRecentLookups(db: D1Database, minutes: number): Promise<RecentLookups> {
  const [row] = await drizzle(db)
    .select({
      failures: sql<number>`coalesce(sum(${lookupLog.status} = 503 AND coalesce(${lookupLog.source}, '') <> 'busy'), 0)`,
      liveSuccesses: sql<number>`coalesce(sum(${lookupLog.source} = 'live'), 0)`,
    })
    .from(lookupLog)
    .where(sql`${lookupLog.createdAt} >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${minutes} minutes`})`);
  return { failures: row?.failures ?? 0, liveSuccesses: row?.liveSuccesses ?? 0 };
}

/** The same counts per marketplace (only marketplaces with lookups in the window). */
export async function readRecentLookupsByMarketplace(db: D1Database, minutes: number): Promise<Map<string, RecentLookups>> {
  const rows = await drizzle(db)
    .select({
      marketplace: lookupLog.marketplace,
      failures: sql<number>`coalesce(sum(${lookupLog.status} = 503 AND coalesce(${lookupLog.source}, '') <> 'busy'), 0)`,
      liveSuccesses: sql<number>`coalesce(sum(${lookupLog.source} = 'live'), 0)`,
    })
    .from(lookupLog)
    .where(sql`${lookupLog.createdAt} >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${minutes} minutes`})`)
    .groupBy(lookupLog.marketplace);
  return new Map(rows.map((row) => [row.marketplace, { failures: row.failures, liveSuccesses: row.liveSuccesses }]));
}

/** A trivial query: D1 answers at all. */
export async function pingDatabase(db: D1Database): Promise<void> {
  await drizzle(db).run(sql`SELECT 1`);
}
