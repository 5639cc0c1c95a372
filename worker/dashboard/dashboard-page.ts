import { DEFAULT_DASHBOARD_PAGE_SIZE, pageOfRows, sortDashboardRows } from "../contract/dashboard-rows";
import type { DashboardQuery, DashboardResponse, DashboardRow } from "../contract/dashboard";
import { dashboardKpis } from "./kpis";

/** Whether the query asks for one page of rows (else every row). */
export function isPaged(query: Pick<DashboardQuery, "page" | "pageSize">): boolean {
  return query.page !== undefined || query.pageSize !== undefined;
}

/**
 * The dashboard's answer from every row of the user's tracked ASINs: the KPI cards over all of
 * them, and either every row (no page asked for) or one page of the sorted rows, so a 10,000-ASIN
 * watchlist sends 50 rows, not megabytes the browser would only page through.
 */
export function dashboardBody(
  rows: readonly DashboardRow[],
  query: Pick<DashboardQuery, "page" | "pageSize" | "sort" | "order">,
  base: Pick<DashboardResponse, "marketplaces" | "brand" | "demo" | "intraday">,
): DashboardResponse {
  const kpis = dashboardKpis(rows);
  const anyRankChange = rows.some((row) => row.rankChange7d !== null);
  if (!isPaged(query)) {
    const sorted = query.sort ? sortDashboardRows(rows, query.sort, query.order !== "desc") : [...rows];
    return { ...base, kpis, rows: sorted, anyRankChange };
  }
  const sort = query.sort ?? "rank";
  const order = query.order ?? "asc";
  const size = query.pageSize ?? DEFAULT_DASHBOARD_PAGE_SIZE;
  const page = pageOfRows(sortDashboardRows(rows, sort, order === "asc"), query.page ?? 1, size);
  return { ...base, kpis, rows: page.rows, anyRankChange, page: { number: page.number, size, total: rows.length, pages: page.pages, sort, order } };
}
