import { dayNumber } from "../contract/time";

/**
 * The portfolio's one pass over a workspace's seller rows (client-portfolio-store.ts shapes it):
 * the keys of the seller snapshots in the UTC window, and the revenue rows grouped per connection,
 * marketplace, ASIN and currency in each marketplace's window.
 *
 * It is read from the workspace's roll-up for exactly these windows (migration 0130) when there is
 * one. The view of every client computes the roll-up and keeps it, in the one transaction that
 * also reads the seller rows: a write to them before it is in it, a write after it drops it (the
 * migration's triggers). A drill-down without a roll-up reads its one connection's rows, a
 * twentieth of an agency's pass, and keeps nothing.
 */

export interface PassScope {
  workspaceId: string;
  /** The UTC window: seller snapshots, and revenue rows of a marketplace without a window of its own. */
  fromDay: string;
  toDay: string;
  /** One connection's rows, or every connection's (null). */
  connectionId: string | null;
  /** Each marketplace's own revenue window (sales-days.ts). */
  revenueWindows: Record<string, { fromDay: string; toDay: string }>;
}

/** A connection with seller snapshots of an ASIN in the window. */
export interface SnapshotKey {
  connection_id: string;
  marketplace: string;
  asin: string;
}

/** A row of revenueSumSql: one connection's rows of one ASIN and currency in the window. */
export interface RevenueGroup extends SnapshotKey {
  currency: string | null;
  amount: number | null;
  /** The ok days, comma-separated; null when there are none (ok_count 0) or when every day of the window is one. */
  ok_days: string | null;
  ok_count: number;
  not_granted: number;
  any_mock: number;
  newest: string;
}

type PassRow = RevenueGroup & { snapshot: number };

/**
 * A seller has its own data on an ASIN (stock, Buy Box or sales) when a row of it says so, not
 * merely because one exists: every connection writes a row for every tracked ASIN of its
 * marketplaces, sellers of it or not (units unknown, the Buy Box another's, zero sales), so an
 * agency's clients would each "own" every ASIN of the marketplace.
 */
export const OWN_STOCK_OR_BUY_BOX = "(fulfillable_units IS NOT NULL OR holds_buy_box = 1 OR holds_prime = 1 OR holds_non_prime = 1)";
export const OWN_SALES = "(status = 'ok' AND amount > 0)";

const SCOPE = "WHERE workspace_id = ?1 AND day BETWEEN ?2 AND ?3 AND (?4 IS NULL OR connection_id = ?4)";
const ROLLUP_ID = "SELECT id FROM portfolio_rollups WHERE workspace_id = ?1 AND range_days = ?2 AND window_key = ?3";
const ROLLUP_ROWS = `SELECT snapshot, connection_id, marketplace, asin, currency, amount, ok_days, ok_count, not_granted, any_mock, newest FROM portfolio_rollup_rows
  WHERE rollup_id = (${ROLLUP_ID}) AND (?4 IS NULL OR connection_id = ?4)`;
const ROW_COLUMNS = "rollup_id, snapshot, connection_id, marketplace, asin, currency, amount, ok_days, ok_count, not_granted, any_mock, newest";

export async function portfolioPass(db: D1Database, scope: PassScope, nowIso = new Date().toISOString()): Promise<{ snapshots: SnapshotKey[]; groups: RevenueGroup[] }> {
  const { workspaceId, fromDay, toDay, connectionId } = scope;
  const windows = Object.entries(scope.revenueWindows).sort(([a], [b]) => a.localeCompare(b));
  // A range has one roll-up slot per workspace; the key says the exact windows it holds.
  const rangeDays = dayNumber(toDay) - dayNumber(fromDay) + 1;
  const windowKey = JSON.stringify([fromDay, toDay, windows]);
  const rollup = [workspaceId, rangeDays, windowKey, connectionId];
  const [kept, keptRows] = await db.batch([db.prepare(ROLLUP_ID).bind(...rollup.slice(0, 3)), db.prepare(ROLLUP_ROWS).bind(...rollup)]);
  if (kept!.results.length > 0) return split(keptRows!.results as PassRow[]);

  const revenueFrom = [fromDay, ...windows.map(([, window]) => window.fromDay)].sort()[0]!;
  const revenueTo = [toDay, ...windows.map(([, window]) => window.toDay)].sort().at(-1)!;
  const revenueBinds = [workspaceId, fromDay, toDay, connectionId, ...windows.flatMap(([marketplace, window]) => [marketplace, window.fromDay, window.toDay]), revenueFrom, revenueTo];
  // Only rows of the connection's own stock or Buy Box (client-portfolio-store.ts): not every ASIN it has a row of.
  const snapshotKeys = `SELECT DISTINCT connection_id, marketplace, asin FROM seller_snapshots ${SCOPE} AND ${OWN_STOCK_OR_BUY_BOX}`;
  if (connectionId !== null) {
    const [snapshots, groups] = await db.batch([db.prepare(snapshotKeys).bind(workspaceId, fromDay, toDay, connectionId), db.prepare(revenueSumSql(windows.length)).bind(...revenueBinds)]);
    return { snapshots: snapshots!.results as SnapshotKey[], groups: groups!.results as RevenueGroup[] };
  }
  // The slot's id, bound after the statement's own parameters (?5, or after the revenue windows).
  const slot = (index: number) => `(SELECT id FROM portfolio_rollups WHERE workspace_id = ?1 AND range_days = ?${index})`;
  const rangeIndex = revenueBinds.length + 1;
  const results = await db.batch([
    db.prepare("DELETE FROM portfolio_rollups WHERE workspace_id = ?1 AND range_days = ?2").bind(workspaceId, rangeDays),
    db.prepare("INSERT INTO portfolio_rollups (workspace_id, range_days, window_key, computed_at) VALUES (?1, ?2, ?3, ?4)").bind(workspaceId, rangeDays, windowKey, nowIso),
    db
      .prepare(`INSERT INTO portfolio_rollup_rows (${ROW_COLUMNS}) SELECT ${slot(5)}, 1, connection_id, marketplace, asin, NULL, NULL, NULL, 0, 0, 0, '' FROM (${snapshotKeys})`)
      .bind(workspaceId, fromDay, toDay, null, rangeDays),
    db
      .prepare(`INSERT INTO portfolio_rollup_rows (${ROW_COLUMNS}) SELECT ${slot(rangeIndex)}, 0, connection_id, marketplace, asin, currency, amount, ok_days, ok_count, not_granted, any_mock, newest FROM (${revenueSumSql(windows.length)})`)
      .bind(...revenueBinds, rangeDays),
    db.prepare(ROLLUP_ROWS).bind(...rollup),
  ]);
  return split(results.at(-1)!.results as PassRow[]);
}

function split(rows: readonly PassRow[]): { snapshots: SnapshotKey[]; groups: RevenueGroup[] } {
  const snapshots: SnapshotKey[] = [];
  const groups: RevenueGroup[] = [];
  for (const { snapshot, ...row } of rows) {
    if (snapshot === 1) snapshots.push({ connection_id: row.connection_id, marketplace: row.marketplace, asin: row.asin });
    else groups.push(row);
  }
  return { snapshots, groups };
}

/**
 * The revenue rows per connection, ASIN and currency, bound as ?1 workspace, ?2–?3 the UTC window,
 * ?4 the connection or null, then per marketplace window (marketplace, from, to), then the span of
 * every window. A row counts in its marketplace's own complete days (sales-days.ts) where a window
 * is given for it, so the clients' totals match the per-ASIN revenue beside them; other
 * marketplaces the UTC window. Rows outside are left out in the WHERE, so each aggregate needs no
 * window test of its own. It reads the covering index of migrations 0126 and 0127 alone. A group
 * with an ok figure on every day of its window (the usual case) lists no days: its ok_days is null
 * and its ok_count the window's length: an agency's 30-day roll-up is then mostly counts, not lists
 * of 30 days, and reads in about half the time.
 */
export function revenueSumSql(marketplaceWindows: number): string {
  const byMarketplace = (each: (from: string, to: string) => string) =>
    marketplaceWindows === 0
      ? each("?2", "?3")
      : `CASE marketplace ${Array.from({ length: marketplaceWindows }, (_, i) => `WHEN ?${5 + 3 * i} THEN ${each(`?${6 + 3 * i}`, `?${7 + 3 * i}`)}`).join(" ")} ELSE ${each("?2", "?3")} END`;
  const inWindow = byMarketplace((from, to) => `day BETWEEN ${from} AND ${to}`);
  const windowLength = byMarketplace((from, to) => `julianday(${to}) - julianday(${from}) + 1`);
  const ok = "status = 'ok' AND amount IS NOT NULL";
  const okCount = `count(CASE WHEN ${ok} THEN 1 END)`;
  return `SELECT connection_id, marketplace, asin, currency, sum(CASE WHEN ${ok} THEN amount END) AS amount,
      CASE WHEN ${okCount} = ${windowLength} THEN NULL ELSE group_concat(CASE WHEN ${ok} THEN day END) END AS ok_days, ${okCount} AS ok_count,
      max(status = 'not_granted') AS not_granted, max(source <> 'spapi') AS any_mock, max(captured_at) AS newest
    FROM seller_revenue WHERE workspace_id = ?1 AND day BETWEEN ?${5 + 3 * marketplaceWindows} AND ?${6 + 3 * marketplaceWindows} AND (?4 IS NULL OR connection_id = ?4) AND (${inWindow})
    GROUP BY connection_id, marketplace, asin, currency`;
}
