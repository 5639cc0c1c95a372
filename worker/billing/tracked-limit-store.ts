import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";

/**
 * The plan's tracked-ASIN limit (its watchlist size) counts every ASIN an account makes the
 * nightly run fetch: its watchlist entries and its alerts, paused or not, each (marketplace,
 * ASIN) once. Without it, alerts created and paused would track any number of ASINs on Free.
 */
export async function hasRoomToTrack(
  db: D1Database,
  userId: string,
  key: { asin: string; marketplace: string },
  limit: number | null,
): Promise<boolean> {
  const room = roomToTrack(userId, key, limit);
  if (!room) return true;
  const row = await drizzle(db).get<{ room: number }>(sql`SELECT ${room} AS room`);
  return (row?.room ?? 0) === 1;
}

/**
 * SQL: the key is already tracked, or the workspace tracks fewer than `limit` keys (undefined
 * when `limit` is null: no limit). A UNION of the two tables' keys, counted once each. Only what
 * the nightly run fetches counts: items a downgrade stopped (paused_reason set) do not. For
 * guards inside a write's own statement (alert-store.ts); addToWatchlist counts the same way.
 */
export function roomToTrack(workspaceId: string, key: { asin: string; marketplace: string }, limit: number | null): SQL | undefined {
  return limit === null
    ? undefined
    : sql`(EXISTS (SELECT 1 FROM watchlist WHERE workspace_id = ${workspaceId} AND marketplace = ${key.marketplace} AND asin = ${key.asin} AND paused_reason IS NULL)
       OR EXISTS (SELECT 1 FROM alerts WHERE workspace_id = ${workspaceId} AND marketplace = ${key.marketplace} AND asin = ${key.asin} AND paused_reason IS NULL)
       OR (SELECT count(*) FROM (SELECT marketplace, asin FROM watchlist WHERE workspace_id = ${workspaceId} AND paused_reason IS NULL
                                 UNION SELECT marketplace, asin FROM alerts WHERE workspace_id = ${workspaceId} AND paused_reason IS NULL)) < ${limit})`;
}

/** How many entries the user's watchlist holds, stopped ones included (its own size limit counts them all). */
export async function watchlistSize(db: D1Database, userId: string): Promise<number> {
  const row = await db.prepare("SELECT count(*) AS n FROM watchlist WHERE workspace_id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** The refusal every "track one more" path gives, naming the way up. */
export function trackedLimitDetail(plan: { name: string; watchlistLimit: number | null }, hint: string): string {
  return `Your ${plan.name} plan tracks up to ${plan.watchlistLimit} ASINs, watchlist and alerts (paused ones too) together. Remove one first.${hint}`;
}
