import type { HistoryQuery, HistoryResponse } from "../../../worker/contract/history";
import { ApiError } from "./api-error";
import { api } from "./client";

/** GET /api/history: the daily series and velocity figures (anonymous visitors: 7d only). */
export async function fetchHistory({ asin, marketplace, range }: HistoryQuery, signal?: AbortSignal): Promise<HistoryResponse> {
  const response = await api.api.history.$get({ query: { asin, marketplace, range } }, { init: { signal } });
  // apiFetch has already thrown for non-2xx; this narrows the typed union to the 200 body.
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}
