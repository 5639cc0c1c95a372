import type { AccountMarketplace, SalesRank } from "../../contract/account";
import type { FeaturedOffers } from "./buybox";

export type { FeaturedOffers };
import type { DailySales } from "./sales-mapping";

export type { DailySales };

/** What the catalog screens need of one item. */
export interface CatalogItem {
  asin: string;
  title: string;
  salesRanks: SalesRank[];
}

/** getCatalogItem's path as rateLimitOf knows it: one x-amzn-RateLimit-Limit statement for every ASIN. */
export const CATALOG_ITEM_PATH = "/catalog/2022-04-01/items/{asin}";
/** getInventorySummaries: its x-amzn-RateLimit-Limit sets the seller's inventory bucket. */
export const INVENTORY_PATH = "/fba/inventory/v1/summaries";

/** The most ASINs one Buy Box request may carry (getItemOffersBatch takes 20 requests). */
export const MAX_BUY_BOX_ASINS = 20;

/**
 * A signed-in seller's view of Amazon: the real SP-API client for a connected seller, or
 * the labelled mock for a demo account.
 */
export interface SellerApi {
  readonly kind: "spapi" | "mock";
  /** The rate (requests/s) Amazon's x-amzn-RateLimit-Limit stated on the last answer of `path`, when it did. */
  rateLimitOf?(path: string): number | undefined;
  /**
   * Gets what a call needs before it can leave (the seller's LWA access token), so a call paced by
   * the seller's budget takes its turn when it can go at once: a turn taken before a grant of a few
   * hundred ms lands that much later at Amazon, inside the next call's interval.
   */
  ready?(): Promise<void>;
  getCatalogItem(asin: string, marketplace: AccountMarketplace): Promise<CatalogItem>;
  /**
   * Fulfillable FBA units of each of `asins` in the seller's inventory (FBA Inventory API,
   * summed over the seller's SKUs of the ASIN), every page asked for as `pacing` allows. An ASIN
   * with no FBA inventory record is absent.
   */
  getFulfillableUnits(asins: readonly string[], marketplace: AccountMarketplace, pacing: InventoryPacing): Promise<Map<string, number>>;
  /**
   * The Buy Box winners of each of up to MAX_BUY_BOX_ASINS ASINs (Product Pricing API): the Prime
   * and the non-Prime one apart, each the winning offer's seller and whether it is the caller's
   * own, nobody or suppressed, or null when the answer cannot say (./buybox.ts). An ASIN whose
   * answer failed is absent: unknown. Read it with buyBoxRecord().
   */
  getBuyBoxWinners(asins: readonly string[], marketplace: AccountMarketplace): Promise<Map<string, FeaturedOffers>>;
  /** The marketplaces the seller sells in (Sellers API getMarketplaceParticipations); absent for the mock, which sells everywhere. */
  getMarketplaceParticipations?(): Promise<AccountMarketplace[]>;
  /**
   * The seller's ordered product sales of one ASIN on each of `days` (consecutive local days of
   * the marketplace's time zone, oldest first; Sales API getOrderMetrics, granularity Day, one
   * call, 0.5 requests per second). A day Amazon did not answer is absent: missing, not zero.
   */
  getSalesDays(asin: string, marketplace: AccountMarketplace, days: readonly string[]): Promise<DailySales[]>;
  /**
   * The seller's ordered product sales of its whole store in the marketplace on each of `days`
   * (getOrderMetrics without an ASIN: the same call and rate). Absent for the mock, which has no
   * store: the revenue phase asks it ASIN by ASIN.
   */
  getStoreSalesDays?(marketplace: AccountMarketplace, days: readonly string[]): Promise<DailySales[]>;
}

/**
 * How the caller paces the pages of an inventory read against the seller's getInventorySummaries
 * quota, which every connection of that seller shares.
 */
export interface InventoryPacing {
  /** Resolves when the next page may be asked for; throws a SellerApiError (429) when none is free in time. */
  beforePage(): Promise<void>;
  /** Amazon refused a page with 429 (and this Retry-After): that page is asked again after the next beforePage. */
  throttled(retryAfterSeconds: number | undefined): Promise<void>;
  /** Amazon answered a page now, stating this rate for the seller (x-amzn-RateLimit-Limit) if it did: the next page is paced from here. */
  answered(statedRate: number | undefined): Promise<void>;
}

/**
 * Where a refused grant is renewed: the connection's Reconnect. Sign in with Amazon on /connect
 * renews only the member's own seller in their personal workspace, never a workspace's other
 * seller accounts (an agency's clients).
 */
export const RECONNECT = "Reconnect it in Settings → Connection Status";

/** HTTP status a failure is answered with, and a detail safe to show the seller. */
export type SellerApiErrorStatus = 403 | 404 | 429 | 502;

export class SellerApiError extends Error {
  constructor(
    readonly status: SellerApiErrorStatus,
    message: string,
    readonly retryAfterSeconds?: number,
    /** Amazon refused the request itself (400): retrying cannot help (upstreams/amazon-errors.ts). */
    readonly permanent = false,
  ) {
    super(message);
    this.name = "SellerApiError";
  }
}

/** Throttled (429), or failed without refusing the request (5xx, no answer, LWA unavailable): worth asking again. */
export function isTransient(error: SellerApiError): boolean {
  return error.status === 429 || (error.status === 502 && !error.permanent);
}

/**
 * Login with Amazon refused RankLayer's own client credentials (invalid_client): every seller's
 * calls fail alike until the operator sets a new client secret (Amazon expires them every 180
 * days). No seller's grant is at fault, and no retry can succeed.
 */
export class AppCredentialsRefusedError extends SellerApiError {
  constructor(readonly lwaMessage: string) {
    super(502, "Amazon refused RankLayer's own app credentials, so no seller data can be read right now. Your seller authorization is fine; we are fixing it.", undefined, true);
    this.name = "AppCredentialsRefusedError";
  }
}
