import { drizzle } from "drizzle-orm/d1";
import { lookupLog } from "../db/schema";

export type LookupLogRow = typeof lookupLog.$inferInsert;

/** Rows waiting for the next write; one D1 batch per window instead of a write per lookup. */
const pending: LookupLogRow[] = [];
let flushScheduled = false;

export const LOG_FLUSH_DELAY_MS = 250;
/** D1 binds at most 100 parameters per statement; a row has 6. */
const ROWS_PER_INSERT = 16;
/** Past this, the oldest rows are dropped rather than letting memory grow while D1 is down. */
const MAX_PENDING = 10_000;

/**
 * Queues one lookup for the log. The request that opens a window keeps the isolate
 * alive (waitUntil) until that window's rows are written, so none are left behind.
 */
export function logLookup(db: D1Database, ctx: { waitUntil(promise: Promise<unknown>): void }, row: LookupLogRow): void {
  pending.push(row);
  if (pending.length > MAX_PENDING) pending.splice(0, pending.length - MAX_PENDING);
  if (flushScheduled) return;
  flushScheduled = true;
  ctx.waitUntil(
    new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_DELAY_MS)).then(() => flushLookupLog(db)),
  );
}

export async function flushLookupLog(db: D1Database): Promise<void> {
  flushScheduled = false;
  const rows = pending.splice(0);
  if (rows.length === 0) return;
  const orm = drizzle(db);
  const inserts = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    inserts.push(orm.insert(lookupLog).values(rows.slice(i, i + ROWS_PER_INSERT)));
  }
  try {
    await orm.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  } catch (error) {
    // Keep the rows for the next window; a D1 hiccup must not lose them.
    console.error("lookup log write failed; retrying with the next batch", error);
    pending.unshift(...rows);
  }
}
