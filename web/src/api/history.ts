import type { HistoryQuery, HistoryResponse } from "../../../worker/schemas/history";
import { getJson } from "./json-request";

/** GET /api/history: the daily series and velocity figures (anonymous visitors: 7d only). */
export function fetchHistory({ asin, marketplace, range }: HistoryQuery, signal?: AbortSignal): Promise<HistoryResponse> {
  return getJson<HistoryResponse>("/api/history", { asin, marketplace, range }, signal);
}
