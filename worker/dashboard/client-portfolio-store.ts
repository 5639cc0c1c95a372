/**
 * The D1 reads of the aggregated portfolio: which connection has its own data on which ASIN in
 * a window, and each connection's ok revenue per currency. Always filtered by the workspace
 * (seller rows are private); by one connection when `connectionId` is given.
 */

export async function connectionAssets(
  db: D1Database,
  workspaceId: string,
  fromDay: string,
  toDay: string,
  connectionId: string | null,
): Promise<{ connectionId: string; marketplace: string; asin: string }[]> {
  const arm = (table: string) =>
    `SELECT connection_id, marketplace, asin FROM ${table} WHERE workspace_id = ?1 AND day BETWEEN ?2 AND ?3 AND (?4 IS NULL OR connection_id = ?4)`;
  const { results } = await db
    .prepare(`${arm("seller_snapshots")} UNION ${arm("seller_revenue")}`)
    .bind(workspaceId, fromDay, toDay, connectionId)
    .all<{ connection_id: string; marketplace: string; asin: string }>();
  return results.map((row) => ({ connectionId: row.connection_id, marketplace: row.marketplace, asin: row.asin }));
}

export async function connectionRevenue(
  db: D1Database,
  workspaceId: string,
  fromDay: string,
  toDay: string,
  connectionId: string | null,
): Promise<{ connectionId: string; currency: string; amount: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT connection_id, currency, sum(amount) AS amount FROM seller_revenue
       WHERE workspace_id = ?1 AND day BETWEEN ?2 AND ?3 AND (?4 IS NULL OR connection_id = ?4)
         AND status = 'ok' AND amount IS NOT NULL AND currency IS NOT NULL
       GROUP BY connection_id, currency`,
    )
    .bind(workspaceId, fromDay, toDay, connectionId)
    .all<{ connection_id: string; currency: string; amount: number }>();
  return results.map((row) => ({ connectionId: row.connection_id, currency: row.currency, amount: row.amount }));
}
