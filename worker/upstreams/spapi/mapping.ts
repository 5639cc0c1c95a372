/**
 * The parts of SP-API answers the snapshot job reads (everything may be absent):
 * - FBA Inventory v1 getInventorySummaries: { payload: { inventorySummaries: InventorySummary[] },
 *   pagination: { nextToken } }, InventorySummary { asin, sellerSku, inventoryDetails: { fulfillableQuantity } }.
 * - Product Pricing v0 getItemOffersBatch: { responses: [{ status: { statusCode }, body: { payload:
 *   { ASIN, Offers: [{ SellerId, IsBuyBoxWinner }] } }, request: { Asin } }] }.
 */
export interface InventorySummariesPayload {
  payload?: {
    inventorySummaries?: { asin?: string; sellerSku?: string; inventoryDetails?: { fulfillableQuantity?: number } }[];
  };
  pagination?: { nextToken?: string };
}

export interface ItemOffersBatchPayload {
  responses?: {
    status?: { statusCode?: number };
    body?: { payload?: { ASIN?: string; Offers?: { SellerId?: string; IsBuyBoxWinner?: boolean }[] } };
    request?: { Asin?: string };
  }[];
}

/** One page of inventory: fulfillable units per ASIN (summed over SKUs) and the next page's token. */
export function fulfillableUnitsPage(body: InventorySummariesPayload): { units: Map<string, number>; nextToken?: string } {
  const units = new Map<string, number>();
  for (const summary of body.payload?.inventorySummaries ?? []) {
    const quantity = summary.inventoryDetails?.fulfillableQuantity;
    if (!summary.asin || typeof quantity !== "number" || !Number.isFinite(quantity)) continue;
    units.set(summary.asin, (units.get(summary.asin) ?? 0) + quantity);
  }
  const nextToken = body.pagination?.nextToken;
  return { units, nextToken: nextToken ? nextToken : undefined };
}

/** Buy Box winner per requested ASIN: the winning offer's SellerId, null when no offer wins, absent when unknown. */
export function buyBoxWinners(body: ItemOffersBatchPayload, requested: readonly string[]): Map<string, string | null> {
  const wanted = new Set(requested);
  const winners = new Map<string, string | null>();
  for (const response of body.responses ?? []) {
    const asin = response.request?.Asin ?? response.body?.payload?.ASIN;
    if (!asin || !wanted.has(asin) || response.status?.statusCode !== 200) continue;
    const winner = response.body?.payload?.Offers?.find((offer) => offer.IsBuyBoxWinner === true);
    winners.set(asin, winner?.SellerId ?? null);
  }
  return winners;
}
