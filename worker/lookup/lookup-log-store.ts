import { DEFAULT_LOOKUP_LOG_FLUSH_MS } from "../config";
import type { lookupLog } from "../db/schema";
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
