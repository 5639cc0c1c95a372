import type { ComparePlan, CompareResponse } from "@contract/compare";
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
