import type { Marketplace } from "../../../worker/schemas/marketplaces";
import type { WatchlistResponse } from "../../../worker/schemas/history";
import { getJson, sendJson } from "./json-request";

export interface WatchlistEntry {
  asin: string;
  marketplace: Marketplace;
}

export function fetchWatchlist(signal?: AbortSignal): Promise<WatchlistResponse> {
  return getJson<WatchlistResponse>("/api/watchlist", {}, signal);
}

/** POST /api/watchlist; resolves to whether the ASIN was new (201) or already there (200). 403 past the plan's limit. */
export async function addToWatchlist(entry: WatchlistEntry): Promise<{ added: boolean }> {
  const response = await sendJson("POST", "/api/watchlist", entry);
  return { added: response.status === 201 };
}

export async function removeFromWatchlist({ asin, marketplace }: WatchlistEntry): Promise<void> {
  await sendJson("DELETE", `/api/watchlist/${encodeURIComponent(marketplace)}/${encodeURIComponent(asin)}`);
}
