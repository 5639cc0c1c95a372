import type { AccountMarketplace, SellerRegion } from "../../contract/account";
import { classifyAmazonError, isPermanent } from "../amazon-errors";
import { featuredOffersByAsin, type FeaturedOffers } from "./buybox";
import { rateLimitOf } from "../budget/rate-limit-header";
import { retryAfterOf } from "../http";
import { mapCatalogItem, type CatalogItemPayload } from "./catalog-mapping";
import { LwaError } from "./lwa";
import { MARKETPLACE_IDS, MARKETPLACE_REGION, SPAPI_ENDPOINTS } from "./endpoints";
import { CATALOG_ITEM_PATH, INVENTORY_PATH, MAX_BUY_BOX_ASINS, AppCredentialsRefusedError, isTransient, RECONNECT, SellerApiError, type CatalogItem, type InventoryPacing, type SellerApi } from "./seller-api";
import { readInventory } from "./inventory-read";
import type { InventorySummariesPayload } from "./mapping";
import { dailySales, type DailySales, type OrderMetricsPayload } from "./sales-mapping";
import { orderMetricsInterval } from "./sales-days";
import { participatingMarketplaces, type MarketplaceParticipationsPayload } from "./sellers-mapping";
import { errorListOf, isExpiredToken, type SpApiError } from "./error-list";

export interface SpApiClientConfig {
  region: SellerRegion;
  /** An LWA access token for this seller (cached by the caller). */
  accessToken: () => Promise<string>;
  /** SP-API refused the token: forget it so the next call gets a fresh one. */
  dropAccessToken: () => void;
}

const TIMEOUT_MS = 8000;
/** A page Amazon throttles (429) or fails (5xx, no answer) is asked for at most this many times. */
const INVENTORY_PAGE_ATTEMPTS = 3;
export const CATALOG_INCLUDED_DATA = "summaries,salesRanks,images";
const CATALOG_ITEMS_PREFIX = CATALOG_ITEM_PATH.replace("{asin}", "");

/** What a failed SP-API answer means for the operation that asked. */
interface FailureTexts {
  notFound: string;
}

/** The Selling Partner API on the seller's regional endpoint, as the connected seller. */
export class SpApiSellerApi implements SellerApi {
  readonly kind = "spapi";
  /** x-amzn-RateLimit-Limit per path, as Amazon last stated it for this seller. */
  private readonly rateLimits = new Map<string, number>();

  rateLimitOf(path: string): number | undefined {
    return this.rateLimits.get(path);
  }

  /** The access token ready() got, which the next call sends rather than ask LWA again. */
  private readyToken: string | null = null;

  async ready(): Promise<void> {
    this.readyToken = await this.accessToken();
  }

  /** Whole-marketplace inventory, read once per client (one client serves one snapshot slice). */
  private readonly inventory = new Map<AccountMarketplace, Promise<Map<string, number>>>();

  constructor(private readonly config: SpApiClientConfig) {}

  async getCatalogItem(asin: string, marketplace: AccountMarketplace): Promise<CatalogItem> {
    const marketplaceId = MARKETPLACE_IDS[marketplace];
    this.requireRegionOf(marketplace);
    const payload = await this.send<CatalogItemPayload>(
      "GET",
      `${CATALOG_ITEMS_PREFIX}${encodeURIComponent(asin)}`,
      { marketplaceIds: marketplaceId, includedData: CATALOG_INCLUDED_DATA },
      { notFound: `No catalog item found for ASIN ${asin} in the ${marketplace} marketplace.` },
    );
    return mapCatalogItem(payload, asin, marketplaceId);
  }

  async getFulfillableUnits(asins: readonly string[], marketplace: AccountMarketplace, pacing: InventoryPacing): Promise<Map<string, number>> {
    let all = this.inventory.get(marketplace);
    if (!all) {
      all = this.readInventory(marketplace, pacing);
      this.inventory.set(marketplace, all);
      all.catch(() => this.inventory.delete(marketplace));
    }
    const units = await all;
    return new Map(asins.flatMap((asin) => (units.has(asin) ? [[asin, units.get(asin)!] as const] : [])));
  }

  /** Every page of the seller's FBA inventory summaries in the marketplace (details=true), summed per ASIN (inventory-read.ts). */
  private async readInventory(marketplace: AccountMarketplace, pacing: InventoryPacing): Promise<Map<string, number>> {
    this.requireRegionOf(marketplace);
    return readInventory(marketplace, (nextToken) => this.inventoryPage(marketplace, nextToken, pacing));
  }

  /**
   * One page, when `pacing` allows. A page Amazon throttles, fails (500, 503) or does not answer,
   * or whose access token LWA could not grant just then, is transient (amazon-errors.ts): it pauses
   * the seller's bucket (Retry-After, else a second) and is asked for again, up to
   * INVENTORY_PAGE_ATTEMPTS times, so one InternalFailure does not leave the night's units unknown.
   */
  private async inventoryPage(marketplace: AccountMarketplace, nextToken: string | undefined, pacing: InventoryPacing): Promise<InventorySummariesPayload> {
    const marketplaceId = MARKETPLACE_IDS[marketplace];
    const query = { details: "true", granularityType: "Marketplace", granularityId: marketplaceId, marketplaceIds: marketplaceId, ...(nextToken ? { nextToken } : {}) };
    for (let attempt = 1; ; attempt++) {
      try {
        // The seller's access token first (a grant LWA fails for a moment is tried again too), then the quota.
        await this.ready();
        await pacing.beforePage();
        const page = await this.send<InventorySummariesPayload>("GET", INVENTORY_PATH, query, { notFound: `No FBA inventory found in the ${marketplace} marketplace.` });
        await pacing.answered(this.rateLimitOf(INVENTORY_PATH));
        return page;
      } catch (error) {
        if (!(error instanceof SellerApiError) || !isTransient(error) || attempt >= INVENTORY_PAGE_ATTEMPTS) throw error;
        await pacing.throttled(error.retryAfterSeconds);
      }
    }
  }

  async getBuyBoxWinners(requested: readonly string[], marketplace: AccountMarketplace): Promise<Map<string, FeaturedOffers>> {
    // Amazon refuses a whole batch that asks for one item twice ("Duplicate requests submitted").
    const asins = [...new Set(requested)];
    if (asins.length === 0) return new Map();
    if (asins.length > MAX_BUY_BOX_ASINS) throw new Error(`getBuyBoxWinners takes at most ${MAX_BUY_BOX_ASINS} ASINs`);
    const marketplaceId = MARKETPLACE_IDS[marketplace];
    this.requireRegionOf(marketplace);
    // Every part of the answer is checked before use (./buybox.ts), so it is read as unknown.
    const payload = await this.send<unknown>(
      "POST",
      "/batches/products/pricing/v0/itemOffers",
      {},
      { notFound: `No offers found in the ${marketplace} marketplace.` },
      {
        requests: asins.map((asin) => ({
          uri: `/products/pricing/v0/items/${encodeURIComponent(asin)}/offers`,
          method: "GET",
          MarketplaceId: marketplaceId,
          ItemCondition: "New",
          CustomerType: "Consumer",
        })),
      },
    );
    return featuredOffersByAsin(payload, asins);
  }

  getSalesDays(asin: string, marketplace: AccountMarketplace, days: readonly string[]): Promise<DailySales[]> {
    return this.orderMetricsDays(marketplace, days, asin);
  }

  getStoreSalesDays(marketplace: AccountMarketplace, days: readonly string[]): Promise<DailySales[]> {
    return this.orderMetricsDays(marketplace, days, null);
  }

  /** getOrderMetrics by local day of the marketplace, of one ASIN or (null) of the whole store. */
  private async orderMetricsDays(marketplace: AccountMarketplace, days: readonly string[], asin: string | null): Promise<DailySales[]> {
    this.requireRegionOf(marketplace);
    if (days.length === 0) return [];
    const { interval, granularityTimeZone } = orderMetricsInterval(days[0]!, days.at(-1)!, marketplace);
    const query = { marketplaceIds: MARKETPLACE_IDS[marketplace], interval, granularity: "Day", granularityTimeZone, ...(asin ? { asin } : {}) };
    const notFound = `No sales figures found for ${asin ? `ASIN ${asin}` : "the seller"} in the ${marketplace} marketplace.`;
    const wanted = new Set(days);
    return dailySales(await this.send<OrderMetricsPayload>("GET", "/sales/v1/orderMetrics", query, { notFound })).filter((sales) => wanted.has(sales.day));
  }

  /**
   * The marketplaces the seller sells in (Sellers v1 getMarketplaceParticipations, 0.016
   * requests per second, burst 15: called at sign-in and on reconnect only).
   */
  async getMarketplaceParticipations(): Promise<AccountMarketplace[]> {
    const payload = await this.send<MarketplaceParticipationsPayload>("GET", "/sellers/v1/marketplaceParticipations", {}, {
      notFound: "Amazon found no marketplace participations for this seller account.",
    });
    return participatingMarketplaces(payload);
  }

  /** An authorization covers one region's endpoint; other regions' marketplaces are out of reach. */
  private requireRegionOf(marketplace: AccountMarketplace): void {
    const needed = MARKETPLACE_REGION[marketplace];
    if (needed !== this.config.region) {
      throw new SellerApiError(
        403,
        `Your seller account is connected in the ${this.config.region.toUpperCase()} region; the ${marketplace} ` +
          `marketplace is in ${needed.toUpperCase()}. Choose a marketplace of your region.`,
      );
    }
  }

  /**
   * One request to the regional endpoint; every SP-API operation goes through here. A 401, or
   * a 403 saying the access token expired, drops the cached LWA token and is retried once with
   * a fresh one (the token can die before its expires_in, e.g. after a key rotation).
   */
  protected async send<T>(
    method: "GET" | "POST",
    path: string,
    query: Record<string, string>,
    texts: FailureTexts,
    body?: unknown,
  ): Promise<T> {
    const url = new URL(path, SPAPI_ENDPOINTS[this.config.region]);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);

    for (let attempt = 0; ; attempt++) {
      const ready = attempt === 0 ? this.readyToken : null;
      this.readyToken = null;
      const res = await this.fetchOnce(url, method, body, ready ?? (await this.accessToken()));
      const stated = rateLimitOf(res.headers.get("x-amzn-RateLimit-Limit"));
      if (stated !== undefined) this.rateLimits.set(path.startsWith(CATALOG_ITEMS_PREFIX) ? CATALOG_ITEM_PATH : path, stated);
      if (res.ok) {
        try {
          return (await res.json()) as T;
        } catch {
          throw new SellerApiError(502, "Amazon's Selling Partner API sent an answer we could not read.");
        }
      }
      const errors = await errorListOf(res);
      if (res.status === 401 || (res.status === 403 && isExpiredToken(errors))) {
        this.config.dropAccessToken();
        if (attempt === 0) continue;
        console.error("SP-API refused a fresh access token", res.status, errors[0]?.details ?? errors[0]?.message);
        throw new SellerApiError(403, ACCESS_REFUSED);
      }
      throw this.failure(res, errors, texts);
    }
  }

  private async fetchOnce(url: URL, method: "GET" | "POST", body: unknown, token: string): Promise<Response> {
    try {
      return await fetch(url, {
        method,
        headers: {
          "x-amz-access-token": token,
          Accept: "application/json",
          "User-Agent": "RankLayer/0.1 (Language=TypeScript)",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new SellerApiError(502, "Amazon's Selling Partner API did not answer. Try again shortly.");
    }
  }

  private async accessToken(): Promise<string> {
    try {
      return await this.config.accessToken();
    } catch (error) {
      if (!(error instanceof LwaError)) throw error;
      if (error.kind === "invalid_grant") {
        throw new SellerApiError(403, `Amazon no longer accepts this seller authorization. ${RECONNECT}.`);
      }
      if (error.kind === "throttled") {
        throw new SellerApiError(429, "Amazon is throttling sign-in requests. Try again in a few seconds.", error.retryAfterSeconds);
      }
      if (error.kind === "invalid_client") throw new AppCredentialsRefusedError(error.message);
      console.error("LWA access token grant failed", error.kind, error.message);
      throw new SellerApiError(502, "Could not get access to Amazon's Selling Partner API. Try again shortly.");
    }
  }

  private failure(res: Response, errors: SpApiError[], texts: FailureTexts): SellerApiError {
    const message = errors[0]?.message;
    switch (res.status) {
      case 403:
        this.config.dropAccessToken();
        return new SellerApiError(403, ACCESS_REFUSED);
      case 404:
        return new SellerApiError(404, texts.notFound);
      case 429:
        return new SellerApiError(
          429,
          "Amazon is throttling Selling Partner API requests. Try again in a few seconds.",
          retryAfterOf(res),
        );
      case 400:
        // Permanent (amazon-errors.ts): the same request would be refused again.
        return new SellerApiError(502, `Amazon rejected the request${message ? `: ${message}` : "."}`, undefined, isPermanent(classifyAmazonError("spapi", 400, errors[0]?.code)));
      default:
        console.error("SP-API request failed", res.status, message);
        // A 503's Retry-After is kept, as a 429's is.
        return new SellerApiError(502, `Amazon's Selling Partner API failed (HTTP ${res.status}). Try again shortly.`, retryAfterOf(res));
    }
  }
}

const ACCESS_REFUSED = `Amazon refused access for this seller account. ${RECONNECT}, or check the app's SP-API roles.`;
