/**
 * Whether a real (non-demo) account tracks an ASIN: only those may spend the live upstream's
 * budget (the nightly run), and only the others may be given mock history (the demo's samples).
 */

/** SQL: whether a real account tracks key `k` (an alias with marketplace and asin) through `table` (watchlist or alerts). */
export const realOwner = (table: "watchlist" | "alerts") =>
  `EXISTS (SELECT 1 FROM ${table} t JOIN workspace_members m ON m.workspace_id = t.workspace_id JOIN users u ON u.id = m.user_id
     WHERE t.marketplace = k.marketplace AND t.asin = k.asin AND u.is_demo = 0)`;

/** Which of `keys` a real account tracks, as "US:B0…" texts. */
export async function keysTrackedByRealAccounts(db: D1Database, keys: readonly { marketplace: string; asin: string }[]): Promise<Set<string>> {
  const { results } = await db
    .prepare(
      `SELECT k.marketplace, k.asin FROM (SELECT value ->> '$.marketplace' AS marketplace, value ->> '$.asin' AS asin FROM json_each(?1)) k
       WHERE ${realOwner("watchlist")} OR ${realOwner("alerts")}`,
    )
    .bind(JSON.stringify(keys.map(({ marketplace, asin }) => ({ marketplace, asin }))))
    .all<{ marketplace: string; asin: string }>();
  return new Set(results.map((key) => `${key.marketplace}:${key.asin}`));
}
