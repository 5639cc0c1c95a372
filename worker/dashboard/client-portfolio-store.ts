import { daysFromTo } from "../contract/time";
import { OWN_SALES, OWN_STOCK_OR_BUY_BOX, portfolioPass, type PassScope, type RevenueGroup } from "./portfolio-pass-store";

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
  const arm = (table: string, own: string) =>
    `SELECT connection_id, marketplace, asin FROM ${table} WHERE workspace_id = ?1 AND day BETWEEN ?2 AND ?3 AND (?4 IS NULL OR connection_id = ?4) AND ${own}`;
  const { results } = await db
    .prepare(`${arm("seller_snapshots", OWN_STOCK_OR_BUY_BOX)} UNION ${arm("seller_revenue", OWN_SALES)}`)
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

/**
 * connectionAssets, each connection's ok revenue per currency and each ASIN's revenue totals in
 * one pass over the revenue rows (an agency's 20 connections × 500 ASINs × 30 days are 300,000 of
 * them, which separate queries would each scan): the revenue rows grouped per connection, ASIN
 * and currency, and the seller snapshots' keys, kept as a roll-up (portfolio-pass-store.ts). Revenue rows count in their
 * marketplace's window (`scope.revenueWindows`, else the UTC window). With `tracked` ("<marketplace>:<asin>"
 * keys), only those ASINs count: rows of an ASIN no longer tracked are kept, but a client's products
 * and revenue are its tracked ASINs', as the brand table's are.
 */
export async function connectionAssetsAndRevenue(
  db: D1Database,
  scope: PassScope,
  tracked: ReadonlySet<string> | null = null,
): Promise<{
  assets: Awaited<ReturnType<typeof connectionAssets>>;
  revenue: { connectionId: string; currency: string; amount: number }[];
  asinTotals: RevenueTotals[];
}> {
  const { snapshots, groups: passGroups } = await portfolioPass(db, scope);
  const counted = (row: { marketplace: string; asin: string }) => !tracked || tracked.has(`${row.marketplace}:${row.asin}`);
  const groups = passGroups.filter(counted);
  const assets = new Map<string, { connectionId: string; marketplace: string; asin: string }>();
  // The snapshot keys are the connection's own stock or Buy Box already (portfolio-pass-store.ts); a revenue group is its own with sales.
  for (const row of [...snapshots.filter(counted), ...groups.filter((group) => group.amount !== null && group.amount > 0)]) {
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
  const utcDays = daysFromTo(scope.fromDay, scope.toDay);
  const windowDays = new Map(Object.entries(scope.revenueWindows).map(([marketplace, window]) => [marketplace, daysFromTo(window.fromDay, window.toDay)]));
  return { assets: [...assets.values()], revenue: [...sums.values()], asinTotals: asinTotalsOf(groups, (marketplace) => windowDays.get(marketplace) ?? utcDays) };
}

/**
 * The groups of each marketplace and ASIN added up over connections and currencies: what one SQL
 * sum per ASIN would answer (an ok figure needs a currency; the lowest currency is the total's).
 * `windowDays`: the days of a marketplace's window, for a group that lists none because it has them all.
 */
function asinTotalsOf(groups: readonly RevenueGroup[], windowDays: (marketplace: string) => readonly string[]): RevenueTotals[] {
  const totals = new Map<string, RevenueTotals>();
  for (const group of groups) {
    // A group with every day of its window lists none (revenueSumSql).
    const okDays = !group.currency || group.ok_count === 0 ? [] : group.ok_days === null ? [...windowDays(group.marketplace)] : group.ok_days.split(",");
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
