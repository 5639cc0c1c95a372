/**
 * The D1 reads of the aggregated portfolio: which connection has its own data on which ASIN in
 * a window, each connection's ok revenue per currency and each ASIN's. Always filtered by the workspace
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

/** One ASIN's revenue in its marketplace's window, over every connection in scope (asinRevenueFromTotals reads it). */
export interface RevenueTotals {
  asin: string;
  marketplace: string;
  /** Days with an ok figure (status ok, an amount and a currency); a day two connections answered is listed twice. */
  okDays: string[];
  /** Sum of the ok figures; null without one. */
  okAmount: number | null;
  currency: string | null;
  notGranted: boolean;
  /** Any row from the mock (the demo). */
  anyMock: boolean;
  newestCapturedAt: string;
}

/** A row of revenueSumSql: one connection's rows of one ASIN and currency in the window. */
interface RevenueGroup {
  connection_id: string;
  marketplace: string;
  asin: string;
  currency: string | null;
  amount: number | null;
  ok_days: string | null;
  not_granted: number;
  any_mock: number;
  newest: string;
}

/**
 * connectionAssets, each connection's ok revenue per currency and each ASIN's revenue totals in
 * one pass over the revenue rows (an agency's 20 connections × 500 ASINs × 30 days are 300,000 of
 * them, which separate queries would each scan): the revenue rows grouped per connection, ASIN
 * and currency, and the seller snapshots' keys, in one batch. Revenue rows count in their
 * marketplace's window (`revenueWindows`, else the UTC window). With `tracked` ("<marketplace>:<asin>"
 * keys), only those ASINs count: rows of an ASIN no longer tracked are kept, but a client's products
 * and revenue are its tracked ASINs', as the brand table's are.
 */
export async function connectionAssetsAndRevenue(
  db: D1Database,
  workspaceId: string,
  fromDay: string,
  toDay: string,
  connectionId: string | null,
  revenueWindows: Record<string, { fromDay: string; toDay: string }> = {},
  tracked: ReadonlySet<string> | null = null,
): Promise<{
  assets: Awaited<ReturnType<typeof connectionAssets>>;
  revenue: { connectionId: string; currency: string; amount: number }[];
  asinTotals: RevenueTotals[];
}> {
  const where = "WHERE workspace_id = ?1 AND day BETWEEN ?2 AND ?3 AND (?4 IS NULL OR connection_id = ?4)";
  const windows = Object.entries(revenueWindows);
  const revenueFrom = [fromDay, ...windows.map(([, window]) => window.fromDay)].sort()[0]!;
  const revenueTo = [toDay, ...windows.map(([, window]) => window.toDay)].sort().at(-1)!;
  const [snapshots, revenue] = await db.batch<{ connection_id: string; marketplace: string; asin: string }>([
    db.prepare(`SELECT DISTINCT connection_id, marketplace, asin FROM seller_snapshots ${where}`).bind(workspaceId, fromDay, toDay, connectionId),
    db
      .prepare(revenueSumSql(windows.length))
      .bind(workspaceId, fromDay, toDay, connectionId, ...windows.flatMap(([marketplace, window]) => [marketplace, window.fromDay, window.toDay]), revenueFrom, revenueTo),
  ]);
  const counted = (row: { marketplace: string; asin: string }) => !tracked || tracked.has(`${row.marketplace}:${row.asin}`);
  const groups = (revenue!.results as RevenueGroup[]).filter(counted);
  const assets = new Map<string, { connectionId: string; marketplace: string; asin: string }>();
  for (const row of [...snapshots!.results.filter(counted), ...groups]) {
    assets.set(`${row.connection_id}\u0000${row.marketplace}\u0000${row.asin}`, { connectionId: row.connection_id, marketplace: row.marketplace, asin: row.asin });
  }
  const sums = new Map<string, { connectionId: string; currency: string; amount: number }>();
  for (const row of groups) {
    if (row.currency === null || row.amount === null) continue;
    const key = `${row.connection_id}\u0000${row.currency}`;
    const sum = sums.get(key) ?? { connectionId: row.connection_id, currency: row.currency, amount: 0 };
    sum.amount += row.amount;
    sums.set(key, sum);
  }
  return { assets: [...assets.values()], revenue: [...sums.values()], asinTotals: asinTotalsOf(groups) };
}

/**
 * The groups of each marketplace and ASIN added up over connections and currencies: what one SQL
 * sum per ASIN would answer (an ok figure needs a currency; the lowest currency is the total's).
 */
function asinTotalsOf(groups: readonly RevenueGroup[]): RevenueTotals[] {
  const totals = new Map<string, RevenueTotals>();
  for (const group of groups) {
    const okDays = group.currency && group.ok_days ? group.ok_days.split(",") : [];
    const okAmount = okDays.length > 0 ? group.amount : null;
    const currency = okDays.length > 0 ? group.currency : null;
    const key = `${group.marketplace}\u0000${group.asin}`;
    const total = totals.get(key);
    if (!total) {
      totals.set(key, { asin: group.asin, marketplace: group.marketplace, okDays, okAmount, currency, notGranted: group.not_granted === 1, anyMock: group.any_mock === 1, newestCapturedAt: group.newest });
      continue;
    }
    total.okDays.push(...okDays);
    if (okAmount !== null) total.okAmount = (total.okAmount ?? 0) + okAmount;
    if (currency !== null && (total.currency === null || currency < total.currency)) total.currency = currency;
    total.notGranted ||= group.not_granted === 1;
    total.anyMock ||= group.any_mock === 1;
    if (group.newest > total.newestCapturedAt) total.newestCapturedAt = group.newest;
  }
  return [...totals.values()];
}

/**
 * The revenue rows per connection, ASIN and currency, bound as ?1 workspace, ?2–?3 the UTC window,
 * ?4 the connection or null, then per marketplace window (marketplace, from, to), then the span of
 * every window. A row counts in its marketplace's own complete days (sales-days.ts) where a window
 * is given for it, so the clients' totals match the per-ASIN revenue beside them; other
 * marketplaces the UTC window. Rows outside are left out in the WHERE, so each aggregate needs no
 * window test of its own. It reads the covering index of migrations 0126 and 0127 alone.
 */
export function revenueSumSql(marketplaceWindows: number): string {
  const inWindow =
    marketplaceWindows === 0
      ? "day BETWEEN ?2 AND ?3"
      : `CASE marketplace ${Array.from({ length: marketplaceWindows }, (_, i) => `WHEN ?${5 + 3 * i} THEN day BETWEEN ?${6 + 3 * i} AND ?${7 + 3 * i}`).join(" ")} ELSE day BETWEEN ?2 AND ?3 END`;
  const ok = "status = 'ok' AND amount IS NOT NULL";
  return `SELECT connection_id, marketplace, asin, currency, sum(CASE WHEN ${ok} THEN amount END) AS amount, group_concat(CASE WHEN ${ok} THEN day END) AS ok_days,
      max(status = 'not_granted') AS not_granted, max(source <> 'spapi') AS any_mock, max(captured_at) AS newest
    FROM seller_revenue WHERE workspace_id = ?1 AND day BETWEEN ?${5 + 3 * marketplaceWindows} AND ?${6 + 3 * marketplaceWindows} AND (?4 IS NULL OR connection_id = ?4) AND (${inWindow})
    GROUP BY connection_id, marketplace, asin, currency`;
}
