import { DEFAULT_LOOKUP_LOG_FLUSH_MS } from "../config";
import type { lookupLog } from "../db/schema";
import { isolateSlot, isolateState } from "../shared/isolate-state";

export type LookupLogRow = Omit<typeof lookupLog.$inferInsert, "id" | "createdAt" | "lookups">;

/** A window's lookups of one ASIN with one outcome: how many, and their summed time. */
type PendingRow = LookupLogRow & { lookups: number };

/**
 * Rows waiting for the next write, by ASIN and outcome: one D1 statement per window instead of a
 * write per lookup, and one row per busy ASIN and outcome instead of one per lookup.
 */
const queue = isolateSlot(() => ({ pending: new Map<string, PendingRow>(), flushScheduled: false }));

/** Past this many rows, the oldest are dropped rather than letting memory grow while D1 is down. */
const MAX_PENDING = 10_000;

/**
 * Raw SQL because drizzle cannot say it: the whole batch travels as one JSON parameter
 * (D1 binds at most 100 per statement, so a drizzle multi-row insert would be cut into
 * many statements), and SQLite unpacks it with json_each.
 */
const INSERT_BATCH = `INSERT INTO lookup_log (asin, marketplace, status, source, duration_ms, lookups)
  SELECT value ->> '$.asin', value ->> '$.marketplace', value ->> '$.status', value ->> '$.source', value ->> '$.durationMs', value ->> '$.lookups'
  FROM json_each(?)`;

/**
 * Adds `lookups` lookups of `row`'s ASIN and outcome (one lookup, or a failed write's row) to the
 * window's rows. A repeat of a pending row's ASIN and outcome allocates nothing but its key.
 */
function merge(pending: Map<string, PendingRow>, row: LookupLogRow, lookups: number): void {
  const key = `${row.marketplace}:${row.asin}:${row.status}:${row.source ?? ""}`;
  const same = pending.get(key);
  if (same) {
    same.lookups += lookups;
    same.durationMs += row.durationMs;
    return;
  }
  pending.set(key, { ...row, lookups });
  if (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value as string);
}

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
  const state = queue();
  merge(state.pending, row, 1);
  if (state.flushScheduled) return;
  state.flushScheduled = true;
  ctx.waitUntil(
    isolateState.track(new Promise((resolve) => setTimeout(resolve, windowMs)).then(() => flushLookupLog(db))),
  );
}

export async function flushLookupLog(db: D1Database): Promise<void> {
  const state = queue();
  state.flushScheduled = false;
  const rows = [...state.pending.values()];
  state.pending.clear();
  if (rows.length === 0) return;
  try {
    await db.prepare(INSERT_BATCH).bind(JSON.stringify(rows)).run();
  } catch (error) {
    // Keep the rows for the next window; a D1 hiccup must not lose them.
    console.error("lookup log write failed; retrying with the next batch", error);
    // Older than what arrived meanwhile, so the first to go past MAX_PENDING.
    const later = [...state.pending.values()];
    state.pending.clear();
    for (const row of [...rows, ...later]) merge(state.pending, row, row.lookups);
  }
}
