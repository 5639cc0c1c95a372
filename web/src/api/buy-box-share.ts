import type { BuyBoxShareResponse } from "@contract/dashboard";
import type { HistoryRange } from "@contract/history";
import type { Marketplace } from "@contract/marketplaces";
import { api } from "./client";
import { responseData } from "./response-data";

/** GET /api/dashboard/buy-box: the Buy Box share over time of up to 10 ASINs, from the workspace's own seller data. */
export async function fetchBuyBoxShare(marketplace: Marketplace, asins: readonly string[], range: HistoryRange, signal?: AbortSignal): Promise<BuyBoxShareResponse> {
  return responseData(api.api.dashboard["buy-box"].$get({ query: { marketplace, asins: asins.join(","), range } }, { init: { signal } }));
}
