import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sellerRevenue } from "../../db/schema";
import { addDays } from "../../contract/time";
import { OWN_SALES, OWN_STOCK_OR_BUY_BOX } from "../../dashboard/portfolio-pass-store";
import { trackedArms } from "./tracked-store";

/**
 * A connection's tracked ASINs of one marketplace split by whether they show a sign of being the
 * seller's own (revenue-check.ts): an FBA inventory record or a Buy Box of its own in the sellers
 * phase's snapshots, or sales in its revenue rows, within SIGNAL_DAYS. The split only orders the asking:
 * a missed sign costs calls (the sums fall short of the total), never a wrong zero.
 */
export interface RevenueScope {
  workspaceId: string;
  connectionId: string;
  marketplace: string;
  /** The run day: signs from SIGNAL_DAYS before it count. */
  day: string;
}

export type ScopePart = "signal" | "rest" | "all";

const SIGNAL_DAYS = 30;

/** The portfolio's own rule of a seller's own data on an ASIN, on the connection's recent rows (the inner tables' columns). */
const SIGNAL = `(EXISTS (SELECT 1 FROM seller_snapshots s WHERE s.connection_id = ?3 AND s.asin = t.asin AND s.marketplace = ?2 AND s.day >= ?4 AND ${OWN_STOCK_OR_BUY_BOX})
  OR EXISTS (SELECT 1 FROM seller_revenue r WHERE r.connection_id = ?3 AND r.asin = t.asin AND r.marketplace = ?2 AND r.day >= ?4 AND ${OWN_SALES}))`;

const PART_FILTER: Record<ScopePart, string> = { signal: ` AND ${SIGNAL}`, rest: ` AND NOT ${SIGNAL}`, all: "" };

const bindScope = (scope: RevenueScope) => [scope.workspaceId, scope.marketplace, scope.connectionId, addDays(scope.day, -SIGNAL_DAYS)] as const;

/** How many tracked ASINs the marketplace has, and how many of them show a sign. */
export async function countTrackedBySignal(db: D1Database, scope: RevenueScope): Promise<{ tracked: number; withSignal: number }> {
  const row = await db
    .prepare(`SELECT count(*) AS tracked, coalesce(sum(${SIGNAL}), 0) AS withSignal FROM (${trackedArms().join(" UNION ")}) t`)
    .bind(...bindScope(scope))
    .first<{ tracked: number; withSignal: number }>();
  return { tracked: row?.tracked ?? 0, withSignal: row?.withSignal ?? 0 };
}

/**
 * Up to `limit` tracked ASINs of `part` after `after`, in ASIN order. Each arm is filtered and
 * limited before the UNION, so a page reads from `after` on, not the whole marketplace.
 */
export async function trackedAsinsOf(db: D1Database, scope: RevenueScope, part: ScopePart, after: string, limit: number): Promise<string[]> {
  const arms = trackedArms(` AND asin > ?5${PART_FILTER[part]}`).map((arm) => `SELECT * FROM (${arm} ORDER BY asin LIMIT ?6)`);
  const { results } = await db
    .prepare(`${arms.join(" UNION ")} ORDER BY asin LIMIT ?6`)
    .bind(...bindScope(scope), after, limit)
    .all<{ asin: string }>();
  return results.map((row) => row.asin);
}

/**
 * One statement storing `asins` × `days` as answered zero days of the connection (the store
 * total proved them), over whatever an earlier night stored: Amazon's figure now is zero.
 */
export function zeroRevenueUpsert(
  db: D1Database,
  scope: RevenueScope,
  rows: { asins: readonly string[]; days: readonly string[]; currency: string; source: string; capturedAt: string },
) {
  const { connectionId, workspaceId, marketplace } = scope;
  // In the table's column order, as an insert from a select needs; WHERE true lets SQLite read the ON CONFLICT that follows.
  const zeroDays = sql`SELECT ${connectionId}, ${workspaceId}, a.value, ${marketplace}, d.value, ${rows.source}, 'ok', 0, ${rows.currency}, 0, ${rows.capturedAt}
    FROM json_each(${JSON.stringify(rows.asins)}) a, json_each(${JSON.stringify(rows.days)}) d WHERE true`;
  return drizzle(db)
    .insert(sellerRevenue)
    .select(zeroDays)
    .onConflictDoUpdate({
      target: [sellerRevenue.connectionId, sellerRevenue.asin, sellerRevenue.marketplace, sellerRevenue.day],
      set: { source: rows.source, status: "ok", amount: 0, currency: rows.currency, units: 0, capturedAt: rows.capturedAt },
    });
}
