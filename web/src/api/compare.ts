import type { ComparePlan, CompareResponse, MarketplaceBreakdown } from "@contract/compare";
import { apiFetch } from "./http";

/** GET /api/v1/compare (an OpenAPI route, outside the hc-typed app): the contract types its body. */
export async function fetchCompare(asins: readonly string[], marketplace: string, signal?: AbortSignal): Promise<CompareResponse> {
  const query = new URLSearchParams({ asins: asins.join(","), marketplace });
  return (await (await apiFetch(`/api/v1/compare?${query}`, { signal })).json()) as CompareResponse;
}

/** GET /api/v1/compare/plan: the caller's compare limit, marketplaces and history days. */
export async function fetchComparePlan(signal?: AbortSignal): Promise<ComparePlan> {
  return (await (await apiFetch("/api/v1/compare/plan", { signal })).json()) as ComparePlan;
}

/** GET /api/v1/compare/marketplaces (Pro): one product in every marketplace of the plan, one lookup each. */
export async function fetchMarketplaceBreakdown(asin: string, signal?: AbortSignal): Promise<MarketplaceBreakdown> {
  return (await (await apiFetch(`/api/v1/compare/marketplaces?${new URLSearchParams({ asin })}`, { signal })).json()) as MarketplaceBreakdown;
}
