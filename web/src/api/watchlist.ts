import type { Marketplace } from "@contract/marketplaces";
import type { WatchlistResponse } from "@contract/history";
import { responseData } from "./response-data";
import { api } from "./client";
import { withIdempotencyKey } from "./idempotency";

export interface WatchlistEntry {
  asin: string;
  marketplace: Marketplace;
}

export async function fetchWatchlist(signal?: AbortSignal): Promise<WatchlistResponse> {
  return responseData(api.api.watchlist.$get({ query: {} }, { init: { signal } }));
}

/** POST /api/watchlist; resolves to whether the ASIN was new (201) or already there (200). 403 past the plan's limit. */
export async function addToWatchlist(entry: WatchlistEntry): Promise<{ added: boolean }> {
  const response = await withIdempotencyKey("addToWatchlist", entry, (headers) => api.api.watchlist.$post({ json: entry }, { headers }));
  return { added: response.status === 201 };
}

export async function removeFromWatchlist({ asin, marketplace }: WatchlistEntry): Promise<void> {
  await api.api.watchlist[":marketplace"][":asin"].$delete({ param: { marketplace, asin } });
}

/** POST /api/watchlist/samples (demo accounts): the sample products, with their mock history. */
export async function addDemoSamples(): Promise<{ added: number }> {
  const answer = await responseData(api.api.watchlist.samples.$post({ json: {} }));
  return { added: answer.items.length };
}
