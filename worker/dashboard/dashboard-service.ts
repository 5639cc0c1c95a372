import type { DashboardRow } from "../contract/dashboard";
import type { Services } from "../services";
import type { Marketplace } from "../contract/marketplaces";
import { asinDetailsOf } from "../history/asin-details-store";
import { dayPointsByAsin, sellerDayRowsOf } from "../history/history-store";
import { listTrackedAsins } from "../history/watchlist-store";
import { dashboardRow } from "./kpis";
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

