import type { BuyBoxShareResponse, DashboardQueryInput, DashboardResponse, IntradayResponse, PortfolioQuery, PortfolioResponse, RefreshResponse } from "@contract/dashboard";
import type { HistoryRange } from "@contract/history";
import type { Marketplace } from "@contract/marketplaces";
import { responseData } from "./response-data";
import { api } from "./client";

/** GET /api/dashboard: KPI cards and the tracked-ASIN table (every row, or one sorted page) from the latest snapshots. */
export async function fetchDashboard(query: DashboardQueryInput, signal?: AbortSignal): Promise<DashboardResponse> {
  return responseData(api.api.dashboard.$get({ query: clean(query) }, { init: { signal } }));
}

/** GET /api/portfolio: brands, categories and revenue of one marketplace. */
export async function fetchPortfolio(query: Partial<PortfolioQuery>, signal?: AbortSignal): Promise<PortfolioResponse> {
  return responseData(api.api.portfolio.$get({ query: clean(query) }, { init: { signal } }));
}

/** GET /api/dashboard/intraday (Pro): the hourly points of up to 10 tracked ASINs of one marketplace. */
export async function fetchIntraday(marketplace: Marketplace, asins: readonly string[], range: HistoryRange, signal?: AbortSignal): Promise<IntradayResponse> {
  return responseData(api.api.dashboard.intraday.$get({ query: { marketplace, asins: asins.join(","), range } }, { init: { signal } }));
}

/** GET /api/dashboard/buy-box: the Buy Box share over time of up to 10 ASINs, from the workspace's own seller data. */
export async function fetchBuyBoxShare(marketplace: Marketplace, asins: readonly string[], range: HistoryRange, signal?: AbortSignal): Promise<BuyBoxShareResponse> {
  return responseData(api.api.dashboard["buy-box"].$get({ query: { marketplace, asins: asins.join(","), range } }, { init: { signal } }));
}

/** POST /api/dashboard/refresh: "Refresh now" (429 within 10 minutes of the last one; 503 when Amazon answered none of it, which uses nothing up). */
export async function refreshNow(): Promise<RefreshResponse> {
  return responseData(api.api.dashboard.refresh.$post());
}

/** Drops unset filters so the query string carries only what the user chose. */
function clean<T extends object>(query: T): { [K in keyof T]?: Exclude<T[K], null | undefined> } {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== "")) as {
    [K in keyof T]?: Exclude<T[K], null | undefined>;
  };
}
