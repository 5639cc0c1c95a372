import type { AccountMarketplace, SalesRank } from "../schemas/account";

/** What the catalog screens need of one item. */
export interface CatalogItem {
  asin: string;
  title: string;
  salesRanks: SalesRank[];
}

/**
 * A signed-in seller's view of Amazon: the real SP-API client for a connected seller, or
 * the labelled mock for a demo account. Later calls (FBA inventory, Buy Box) join here.
 */
export interface SellerApi {
  readonly kind: "spapi" | "mock";
  getCatalogItem(asin: string, marketplace: AccountMarketplace): Promise<CatalogItem>;
}

/** HTTP status a failure is answered with, and a detail safe to show the seller. */
export type SellerApiErrorStatus = 403 | 404 | 429 | 502;

export class SellerApiError extends Error {
  constructor(
    readonly status: SellerApiErrorStatus,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "SellerApiError";
  }
}
