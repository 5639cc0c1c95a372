import type { DashboardRow } from "../contract/dashboard";
import type { Services } from "../services";
import type { Marketplace } from "../contract/marketplaces";
import { asinDetailsOf } from "../history/asin-details-store";
import { dayPointsByAsin, sellerDayRowsOf } from "../history/history-store";
import { revenueTotalsOf } from "../history/revenue-store";
import { revenueDays, revenueRunDay } from "../upstreams/spapi/sales-days";
import { listTrackedAsins } from "../history/watchlist-store";
import { dashboardRow } from "./kpis";
import { asinRevenueFromTotals, revenueKey, type AsinRevenue } from "./portfolio";
import { DAY_MS, utcDay } from "../contract/time";


export interface RowFilter {
  marketplace?: Marketplace;
  /** Seller fields (stock, Buy Box) of this connection only; any of the workspace's by default. */
  connection?: string;
  brand?: string;
  category?: string;
}

/** The window of `days` UTC days ending today. */
export function dayWindow(days: number, nowMs: number): { fromDay: string; toDay: string } {
  return { fromDay: utcDay(nowMs - (days - 1) * DAY_MS), toDay: utcDay(nowMs) };
}

/**
 * One row per tracked ASIN of the user (only the user's own: watchlist and alerts), from the
 * stored snapshots of the last `days` days: public ones for rank and price, the user's own
 * seller snapshots for stock and Buy Box. Filtered by marketplace, brand and category.
 */
export async function trackedRows({ env, history }: Pick<Services, "env" | "history">, userId: string, filter: RowFilter, days: number, nowMs: number): Promise<DashboardRow[]> {
  const db = env.DB;
  const { fromDay, toDay } = dayWindow(days, nowMs);
  const keys = (await listTrackedAsins(db, userId)).filter((key) => !filter.marketplace || key.marketplace === filter.marketplace);
  const sellerRows = await sellerDayRowsOf(db, userId, fromDay, toDay, filter.connection);
  const latestSeller = new Map<string, (typeof sellerRows)[number]>();
  for (const row of sellerRows) latestSeller.set(`${row.marketplace}:${row.asin}`, row);

  const rows: DashboardRow[] = [];
  for (const marketplace of [...new Set(keys.map((key) => key.marketplace))].sort()) {
    const asins = keys.filter((key) => key.marketplace === marketplace).map((key) => key.asin).sort();
    const [series, details] = await Promise.all([dayPointsByAsin(history, marketplace, asins, fromDay, toDay), asinDetailsOf(db, marketplace, asins)]);
    for (const asin of asins) {
      const points = series.get(asin) ?? [];
      rows.push(
        dashboardRow({
          asin,
          marketplace,
          details: details.get(asin) ?? null,
          points,
          seller: latestSeller.get(`${marketplace}:${asin}`) ?? null,
          rankCapturedAt: points.at(-1)?.capturedAt ?? null,
        }),
      );
    }
  }
  return rows.filter((row) => (!filter.brand || row.brand === filter.brand) && (!filter.category || row.category === filter.category));
}

/**
 * The workspace's revenue per ASIN of one marketplace over the window: the `days` complete days in
 * the marketplace's time zone the last nightly run read (sales-days.ts), from stored rows; one
 * connection's only when `connectionId` is given.
 */
export async function revenueByAsin(
  db: D1Database,
  userId: string,
  marketplace: Marketplace,
  days: number,
  nowMs: number,
  connectionId?: string,
): Promise<Map<string, AsinRevenue>> {
  const rangeDays = revenueDays(revenueRunDay(nowMs), marketplace, days);
  // Summed per ASIN in SQL: an agency's 6,000 ASINs × 30 days would be 180,000 rows to the Worker.
  const totals = await revenueTotalsOf(db, userId, marketplace, rangeDays[0]!, rangeDays.at(-1)!, connectionId);
  return new Map(totals.map((row) => [revenueKey(row), asinRevenueFromTotals(row, rangeDays)]));
}
