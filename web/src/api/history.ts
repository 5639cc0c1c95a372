import type { HistoryQuery, HistoryResponse } from "@contract/history";
import { responseData } from "./response-data";
import { api } from "./client";

/** GET /api/history: the daily series and velocity figures (anonymous visitors: 7d only). */
export async function fetchHistory({ asin, marketplace, range }: HistoryQuery, signal?: AbortSignal): Promise<HistoryResponse> {
  return responseData(api.api.history.$get({ query: { asin, marketplace, range } }, { init: { signal } }));
}
