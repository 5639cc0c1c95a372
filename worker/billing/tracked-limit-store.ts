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
  if (limit === null) return true;
  // Raw SQL: a UNION of the two tables' keys, counted once each, and whether this key is among them.
  // Only what the nightly run fetches counts: items a downgrade stopped (paused_reason set) do not.
  const row = await db
    .prepare(
      `SELECT count(*) AS tracked,
              coalesce(sum(CASE WHEN marketplace = ?2 AND asin = ?3 THEN 1 ELSE 0 END), 0) AS already
       FROM (SELECT marketplace, asin FROM watchlist WHERE workspace_id = ?1 AND paused_reason IS NULL
             UNION SELECT marketplace, asin FROM alerts WHERE workspace_id = ?1 AND paused_reason IS NULL)`,
    )
    .bind(userId, key.marketplace, key.asin)
    .first<{ tracked: number; already: number }>();
  return (row?.already ?? 0) > 0 || (row?.tracked ?? 0) < limit;
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
