import type { DashboardRow } from "../contract/dashboard";
import type { Services } from "../services";
import type { Marketplace } from "../contract/marketplaces";
import { asinDetailsOf } from "../history/asin-details-store";
import { dayPointsByAsin, sellerDayRowsOf, type SellerDayRow } from "../history/history-store";
import { listTrackedAsins } from "../history/watchlist-store";
import { dashboardRow } from "./kpis";
import { DAY_MS, utcDay } from "../contract/time";
import { matchesFilter } from "./row-filter";


export interface RowFilter {
  marketplace?: Marketplace;
  /** Seller fields (stock, Buy Box) of this connection only; any of the workspace's by default. */
  connection?: string;
  brand?: string;
  category?: string;
}

/**
 * Whether `row` speaks for the workspace before `other`: a later day, else (one day, several
 * connections) the one holding the Buy Box, else one holding the other Buy Box (Prime or
 * non-Prime), else one with FBA stock, else the first connection id.
 * Every connection writes a row per tracked ASIN, so a client that does not sell it has one too.
 */
function preferredSellerRow(row: SellerDayRow, other: SellerDayRow): boolean {
  if (row.day !== other.day) return row.day > other.day;
  const rank = (r: SellerDayRow) => (r.holdsBuyBox === true ? 4 : 0) + (r.holdsPrime === true || r.holdsNonPrime === true ? 2 : 0) + (r.fulfillableUnits !== null ? 1 : 0);
  if (rank(row) !== rank(other)) return rank(row) > rank(other);
  return row.connectionId < other.connectionId;
}

/** The row per "<marketplace>:<asin>" that speaks for the workspace (preferredSellerRow), in any order of `rows`. */
export function latestSellerRows(rows: readonly SellerDayRow[]): Map<string, SellerDayRow> {
  const latest = new Map<string, SellerDayRow>();
  for (const row of rows) {
    const key = `${row.marketplace}:${row.asin}`;
    const kept = latest.get(key);
    if (!kept || preferredSellerRow(row, kept)) latest.set(key, row);
  }
  return latest;
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
  const latestSeller = latestSellerRows(await sellerDayRowsOf(db, userId, fromDay, toDay, filter.connection));

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
  return rows.filter((row) => matchesFilter(row, filter));
}

