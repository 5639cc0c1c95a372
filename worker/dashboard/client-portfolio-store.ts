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

/**
 * connectionAssets and each connection's ok revenue per currency in one pass over the revenue
 * rows (an agency's 20 connections × 500 ASINs × 30 days are 300,000 of them, which two queries
 * would each scan): the revenue rows grouped per connection, ASIN and currency, and the seller
 * snapshots' keys, in one batch.
 */
export async function connectionAssetsAndRevenue(
  db: D1Database,
  workspaceId: string,
  fromDay: string,
  toDay: string,
  connectionId: string | null,
  revenueWindows: Record<string, { fromDay: string; toDay: string }> = {},
): Promise<{ assets: Awaited<ReturnType<typeof connectionAssets>>; revenue: { connectionId: string; currency: string; amount: number }[] }> {
  const where = "WHERE workspace_id = ?1 AND day BETWEEN ?2 AND ?3 AND (?4 IS NULL OR connection_id = ?4)";
  const windows = Object.entries(revenueWindows);
  const revenueFrom = [fromDay, ...windows.map(([, window]) => window.fromDay)].sort()[0]!;
  const revenueTo = [toDay, ...windows.map(([, window]) => window.toDay)].sort().at(-1)!;
  const [snapshots, revenue] = await db.batch<{ connection_id: string; marketplace: string; asin: string; currency?: string | null; amount?: number | null }>([
    db.prepare(`SELECT DISTINCT connection_id, marketplace, asin FROM seller_snapshots ${where}`).bind(workspaceId, fromDay, toDay, connectionId),
    db
      .prepare(revenueSumSql(windows.length))
      .bind(workspaceId, fromDay, toDay, connectionId, ...windows.flatMap(([marketplace, window]) => [marketplace, window.fromDay, window.toDay]), revenueFrom, revenueTo),
  ]);
  const assets = new Map<string, { connectionId: string; marketplace: string; asin: string }>();
  for (const row of [...snapshots!.results, ...revenue!.results]) {
    assets.set(`${row.connection_id}\u0000${row.marketplace}\u0000${row.asin}`, { connectionId: row.connection_id, marketplace: row.marketplace, asin: row.asin });
  }
  const sums = new Map<string, { connectionId: string; currency: string; amount: number }>();
  for (const row of revenue!.results) {
    if (row.currency === null || row.currency === undefined || row.amount === null || row.amount === undefined) continue;
    const key = `${row.connection_id}\u0000${row.currency}`;
    const sum = sums.get(key) ?? { connectionId: row.connection_id, currency: row.currency, amount: 0 };
    sum.amount += row.amount;
    sums.set(key, sum);
  }
  return { assets: [...assets.values()], revenue: [...sums.values()] };
}

/**
 * The revenue per connection, ASIN and currency, bound as ?1 workspace, ?2–?3 the UTC window, ?4
 * the connection or null, then per marketplace window (marketplace, from, to), then the span of
 * every window. Revenue counts each marketplace's own complete days (sales-days.ts) where a window
 * is given for it, so the clients' totals match the per-ASIN revenue beside them; other
 * marketplaces the UTC window. It reads the covering index of migration 0126 alone.
 */
export function revenueSumSql(marketplaceWindows: number): string {
  const inWindow =
    marketplaceWindows === 0
      ? "1"
      : `CASE marketplace ${Array.from({ length: marketplaceWindows }, (_, i) => `WHEN ?${5 + 3 * i} THEN day BETWEEN ?${6 + 3 * i} AND ?${7 + 3 * i}`).join(" ")} ELSE day BETWEEN ?2 AND ?3 END`;
  return `SELECT connection_id, marketplace, asin, currency, sum(CASE WHEN status = 'ok' AND amount IS NOT NULL AND (${inWindow}) THEN amount END) AS amount
    FROM seller_revenue WHERE workspace_id = ?1 AND day BETWEEN ?${5 + 3 * marketplaceWindows} AND ?${6 + 3 * marketplaceWindows} AND (?4 IS NULL OR connection_id = ?4)
    GROUP BY connection_id, marketplace, asin, currency`;
}
