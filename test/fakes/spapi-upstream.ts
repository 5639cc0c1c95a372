/**
 * A fake Selling Partner API on the real regional hosts: Catalog Items 2022-04-01
 * getCatalogItem, FBA Inventory v1 getInventorySummaries and Product Pricing v0
 * getItemOffersBatch. It checks what the real service checks (a live LWA access token in
 * x-amz-access-token, a marketplace id of the host's region, the operation's parameters) and
 * answers in the models' shapes: the sandbox examples re-addressed to the requested ASIN and
 * marketplace, inventory pages with nextToken (refused 30 s after it was made, on the seller's
 * clock, as the FBA Inventory model says), or the ErrorList shape.
 *
 * Tests inside workerd drive it under https://spapi-fake.test/__control/:
 *   POST script     { asin, behavior, retryAfterSeconds? }
 *        behavior: normal | no_ranks | not_found | forbidden | throttled | error500 | error503
 *   POST inventory  { refreshToken, marketplaceId, pageSize?, summaries: [{ asin, sellerSku, fulfillableQuantity }] }
 *                   the FBA inventory of the seller whose grant is refreshToken
 *   POST inventory-fail { refreshToken, marketplaceId, status: 500 | 503, times, retryAfter? }
 *                   the seller's next `times` inventory pages there answer 500 InternalFailure or 503
 *                   ServiceUnavailable (the models' 500 and 503; Retry-After verbatim when given), as Amazon's
 *                   do now and then; a page asked again after them is answered
 *   POST buy-box    { asin, sellerId | null }  the Buy Box winner of an ASIN outside the example (null: none, a suppressed Buy Box)
 *   POST offers     { asin, offers }           these Offers for the ASIN (two winners, MyOffer, …); like Amazon,
 *                   the answer lists at most the 20 lowest-priced (landed price), with the Summary of all of
 *                   them as the model's example gives it (TotalOfferCount, a BuyBoxPrices entry per winner, none
 *                   when no offer wins: a suppressed Buy Box, as the example's B000OQA3N4). Refused (400) unless
 *                   Amazon could answer them: each offer with OfferDetail's required fields, at most two winners,
 *                   and two only when one is Prime and the other not (one Buy Box per customer segment)
 *   POST offers-item { asin, behavior: error | not_processed | throttled | error500 | error503, retryAfter?, times? }
 *                   error: that item fails inside a 200 batch (status 400, body.errors; the model's shapes,
 *                   fixtures/spapi/get-item-offers-item-error.ts); not_processed: a listing too new to have
 *                   processed offers (payload status other than Success, no Offers, TotalOfferCount > 0; the
 *                   model leaves `status` a free string, so this stand-in is the fake's); throttled: the
 *                   whole batch answers 429 QuotaExceeded with `retryAfter` as the Retry-After header
 *                   verbatim (none when absent: Amazon often sends none); error500 / error503: the whole batch
 *                   answers 500 InternalFailure / 503 ServiceUnavailable (Retry-After likewise); with `times`, a
 *                   failing behavior answers that many batches, then the item answers normally
 *   POST expire-tokens { refreshToken, status: 401 | 403, sticky? }
 *                   the access tokens granted so far from refreshToken now answer as expired
 *                   (403 Unauthorized "...expired" or a bare 401); sticky: fresh ones too
 *   POST sales      { asin, sellingPartnerId?, behavior: normal | forbidden | throttled | error500 | error503, amount?, units?, omitDays?, retryAfterSeconds?, times? }
 *                   with sellingPartnerId: that seller's own sales of the ASIN; then, as Amazon counts only the
 *                   caller's own orders, every other seller gets zero days for it. With `asin: null`, how the
 *                   seller's store total (getOrderMetrics without asin) answers: its behavior, omitDays, times
 *   POST catalogue  { sellingPartnerId, asins }  the products that seller sells: it gets zero days for any other
 *                   ASIN, and its store total is the sum of these ASINs' sales, day by day. A seller without
 *                   one sells every ASIN and its store total is UNLISTED_STORE_PRODUCTS products' worth, so
 *                   no sum of tracked ASINs ever reaches it (a store larger than what anyone tracks)
 *                   getOrderMetrics of an ASIN (normal: the Sales model's Day example, re-dated to
 *                   each requested local day and in the marketplace's currency, as Amazon answers;
 *                   omitDays left out of the answer; a failing behavior for `times` calls, then normal).
 *                   A time zone that does not match the interval's offsets is refused as Amazon does (spapi-sales.ts)
 *   POST participations { refreshToken, marketplaceIds }  getMarketplaceParticipations of that seller
 *                   (default: the model's example entry for every marketplace of the host's region);
 *                   a call of that seller in any other marketplace answers 403 Unauthorized, as Amazon's does
 *   POST usage-plan { refreshToken, operation, ratePerSecond, burst }  the usage plan of the operation for the
 *                   application and seller of that grant (Amazon counts usage per application and seller)
 *                   (default: the models' plans, spapi-usage-plans.ts); x-amzn-RateLimit-Limit states it, and a
 *                   call past it answers 429 QuotaExceeded without Retry-After, as Amazon's do
 *   POST clock      { refreshToken, advanceMs }  moves that grant's seller's clock on (a test's virtual wait)
 *   GET  calls?asin=&kind=                 { calls: SellerCallRecord[] }
 */
import { getCatalogItemExample } from "../worker/fixtures/spapi/get-catalog-item.ts";
import { getItemOffersBatchExample } from "../worker/fixtures/spapi/get-item-offers-batch.ts";
import { itemOffersErrorResponse } from "../worker/fixtures/spapi/get-item-offers-item-error.ts";
import { offersSummary } from "../worker/fixtures/spapi/get-item-offers-two-winners.ts";
import { getOrderMetricsDayExample } from "../worker/fixtures/spapi/get-order-metrics.ts";
import { getMarketplaceParticipationsExample } from "../worker/fixtures/spapi/get-marketplace-participations.ts";
import { orderMetricsAnswer, type SalesScript } from "./spapi-sales.ts";
import { json, type LwaFake } from "./lwa-upstream.ts";
import type { FakeUpstream } from "./outbound.ts";
import type { SellerCallRecord } from "./spapi-calls.ts";
import { SPAPI_OPERATIONS, UsagePlans, type SpApiOperation } from "./spapi-usage-plans.ts";

/** What every call record of a request shares: the request, and the access token it carried ("" without one). */
type CallBase = Omit<SellerCallRecord, "seq" | "status" | "kind"> & { accessToken: string };

export const SPAPI_CONTROL_HOST = "spapi-fake.test";
const REGION_MARKETPLACES: Record<string, readonly string[]> = {
  "sellingpartnerapi-na.amazon.com": ["ATVPDKIKX0DER", "A2EUQ1WTGCTBG2", "A1AM78C64UM0Y8", "A2Q3Y263D00KWC"],
  "sellingpartnerapi-eu.amazon.com": ["A1F83G8C2ARO7P", "A1PA6795UKMFR9", "A13V1IB3VIYZZH", "APJ6JRA9NG5V4", "A1RKKUPIHCS9HS"],
  "sellingpartnerapi-fe.amazon.com": ["A1VC38T7YXB528", "A39IBJ37TRP1C6", "A19VAU5U5O7RUS"],
};
/** The currency Amazon answers a marketplace's sales in. */
const MARKETPLACE_CURRENCIES: Record<string, string> = {
  ATVPDKIKX0DER: "USD", A2EUQ1WTGCTBG2: "CAD", A1AM78C64UM0Y8: "MXN", A2Q3Y263D00KWC: "BRL",
  A1F83G8C2ARO7P: "GBP", A1PA6795UKMFR9: "EUR", A13V1IB3VIYZZH: "EUR", APJ6JRA9NG5V4: "EUR", A1RKKUPIHCS9HS: "EUR",
  A1VC38T7YXB528: "JPY", A39IBJ37TRP1C6: "AUD", A19VAU5U5O7RUS: "SGD",
};
const ITEM_PATH = /^\/catalog\/2022-04-01\/items\/([^/]+)$/;
const INVENTORY_PATH = "/fba/inventory/v1/summaries";
const OFFERS_BATCH_PATH = "/batches/products/pricing/v0/itemOffers";
const OFFERS_URI = /^\/products\/pricing\/v0\/items\/([A-Z0-9]{10})\/offers$/;
const ITEM_CONDITIONS = new Set(["New", "Used", "Collectible", "Refurbished", "Club"]);
const CUSTOMER_TYPES = new Set(["Consumer", "Business"]);
const DEFAULT_INVENTORY_PAGE = 50;
/** "The string token will expire 30 seconds after being created" (fbaInventory.json, nextToken). */
const INVENTORY_NEXT_TOKEN_MS = 30_000;
const ORDER_METRICS_PATH = "/sales/v1/orderMetrics";
/** The store total of a seller with no catalogue set: this many products each selling the model's example. */
const UNLISTED_STORE_PRODUCTS = 1_000_000;
const PARTICIPATIONS_PATH = "/sellers/v1/marketplaceParticipations";

interface InventoryRecord {
  asin: string;
  sellerSku: string;
  fulfillableQuantity: number;
}
const INCLUDED_DATA = new Set(["attributes", "classifications", "dimensions", "identifiers", "images", "productTypes", "relationships", "salesRanks", "summaries", "vendorDetails"]);

export const CATALOG_BEHAVIORS = ["normal", "no_ranks", "not_found", "forbidden", "throttled", "error500", "error503"] as const;
type Behavior = (typeof CATALOG_BEHAVIORS)[number];

export class SpApiFake implements FakeUpstream {
  private scripts = new Map<string, { behavior: Behavior; retryAfterSeconds?: number }>();
  /** "<refreshToken> <marketplaceId>" → that seller's inventory there. */
  private inventories = new Map<string, { pageSize: number; summaries: InventoryRecord[] }>();
  /** "<refreshToken> <marketplaceId>" → the next inventory pages that fail with a server error. */
  private inventoryFailures = new Map<string, { status: 500 | 503; left: number; retryAfter?: string }>();
  private buyBoxWinners = new Map<string, string | null>();
  private offers = new Map<string, unknown[]>();
  private offerItems = new Map<string, { behavior: OfferItemBehavior | "normal"; retryAfter?: string; times?: number }>();
  /** Refresh token → how its access tokens are refused (the tokens listed, or all when sticky). */
  private expired = new Map<string, { status: number; tokens: Set<string>; sticky: boolean }>();
  private sales = new Map<string, SalesScript>();
  /** "<asin> <sellingPartnerId>" → that seller's own sales of the ASIN (POST sales with sellingPartnerId). */
  private sellerSales = new Map<string, SalesScript>();
  /** Seller id (or "" for every seller) → how its store total answers (POST sales with asin null). */
  private storeSales = new Map<string, SalesScript>();
  /** Seller id → the ASINs it sells (POST catalogue). */
  private catalogues = new Map<string, Set<string>>();
  /** Refresh token → the marketplace ids that seller sells in (default: every one of the host's region). */
  private participating = new Map<string, string[]>();
  /** "<refreshToken> <marketplaceId> <nextToken>" → the page that token starts, and when it was made. */
  private nextTokens = new Map<string, { start: number; madeAt: number }>();
  private log: SellerCallRecord[] = [];
  private usage = new UsagePlans();
  private seq = 0;

  constructor(private readonly lwa: LwaFake) {}

  handles(url: URL): boolean {
    return url.hostname in REGION_MARKETPLACES || url.hostname === SPAPI_CONTROL_HOST;
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.hostname === SPAPI_CONTROL_HOST) return this.control(request, url);

    const accessToken = request.headers.get("x-amz-access-token") ?? "";
    const base: CallBase = {
      method: request.method,
      url: url.href,
      host: url.hostname,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      accessToken,
    };
    const refused = this.expiredAnswer(accessToken);
    if (refused) {
      this.record({ ...base, kind: "unknown", status: refused.status, error: "expired access token" });
      return refused;
    }
    const operation = operationOf(request.method, url.pathname);
    if (!operation) {
      this.record({ ...base, kind: "unknown", status: 404, error: "no such operation" });
      return errorList(404, "NotFound", `No operation at ${request.method} ${url.pathname}`);
    }
    if (this.overPlan(operation.name, accessToken)) {
      const body = operation.kind === "offers" ? { body: await request.json().catch(() => null) } : {};
      this.record({ ...base, ...body, kind: operation.kind, status: 429, error: `QuotaExceeded: past the ${operation.name} usage plan` });
      return errorList(429, "QuotaExceeded", "You exceeded your quota for the requested resource.");
    }
    switch (operation.name) {
      case "getInventorySummaries":
        return this.inventory(url, base);
      case "getItemOffersBatch":
        return this.offersBatch(request, url, base);
      case "getOrderMetrics":
        return this.orderMetrics(url, base);
      case "getMarketplaceParticipations":
        return this.participations(url, base);
      case "getCatalogItem":
        return this.catalogItem(url, base);
    }
  }

  /** getCatalogItem: the model's example re-addressed to the ASIN, or the scripted failure. */
  private catalogItem(url: URL, base: CallBase): Response {
    const asin = decodeURIComponent(ITEM_PATH.exec(url.pathname)![1]!);
    const fail = (status: number, code: string, message: string, headers: Record<string, string> = {}) => {
      this.record({ ...base, kind: "catalog", status, error: `${code}: ${message}` });
      return errorList(status, code, message, headers);
    };

    if (!this.lwa.isLiveAccessToken(base.accessToken)) {
      return fail(403, "Unauthorized", "Access to requested resource is denied.");
    }
    const marketplaceIds = (url.searchParams.get("marketplaceIds") ?? "").split(",").filter(Boolean);
    if (marketplaceIds.length !== 1) return fail(400, "InvalidInput", "exactly one marketplaceIds value is expected");
    const marketplaceId = marketplaceIds[0]!;
    const refusal = this.marketplaceRefusal(base.accessToken, url, marketplaceId);
    if (refusal) return fail(...refusal);
    const includedData = (url.searchParams.get("includedData") ?? "summaries").split(",");
    if (!includedData.every((value) => INCLUDED_DATA.has(value))) {
      return fail(400, "InvalidInput", `Invalid includedData ${includedData.join(",")}`);
    }

    const script = this.scripts.get(asin) ?? { behavior: "normal" as const };
    switch (script.behavior) {
      case "not_found":
        return fail(404, "NOT_FOUND", `Requested item '${asin}' not found in marketplace(s) ${marketplaceId}`);
      case "forbidden":
        return fail(403, "Unauthorized", "Access to requested resource is denied.");
      case "throttled":
        return fail(429, "QuotaExceeded", "You exceeded your quota for the requested resource.", script.retryAfterSeconds ? { "Retry-After": String(script.retryAfterSeconds) } : {});
      case "error500":
        return fail(500, "InternalFailure", "We encountered an internal error. Please try again.");
      case "error503":
        return fail(503, "ServiceUnavailable", "Service temporarily unavailable.", script.retryAfterSeconds ? { "Retry-After": String(script.retryAfterSeconds) } : {});
      default: {
        this.record({ ...base, kind: "catalog", status: 200 });
        return json(200, exampleItem(asin, marketplaceId, includedData, script.behavior === "no_ranks"), this.rateLimitHeader(base.accessToken, "getCatalogItem"));
      }
    }
  }

  /** getInventorySummaries: the seller's scripted inventory, a page at a time. */
  private inventory(url: URL, base: CallBase): Response {
    const fail = (status: number, code: string, message: string) => {
      this.record({ ...base, kind: "inventory", status, error: `${code}: ${message}` });
      return errorList(status, code, message);
    };
    const refreshToken = this.lwa.refreshTokenOf(base.accessToken);
    if (!refreshToken) return fail(403, "Unauthorized", "Access to requested resource is denied.");
    const query = url.searchParams;
    const marketplaceIds = query.getAll("marketplaceIds").flatMap((value) => value.split(",")).filter(Boolean);
    if (marketplaceIds.length !== 1) return fail(400, "InvalidInput", "exactly one marketplaceIds value is expected");
    const marketplaceId = marketplaceIds[0]!;
    const refusal = this.marketplaceRefusal(base.accessToken, url, marketplaceId);
    if (refusal) return fail(...refusal);
    if (query.get("granularityType") !== "Marketplace") return fail(400, "InvalidInput", "granularityType must be Marketplace");
    if (query.get("granularityId") !== marketplaceId) return fail(400, "InvalidInput", "granularityId must be the marketplace id");
    if (!["true", "false", null].includes(query.get("details"))) return fail(400, "InvalidInput", "details must be true or false");

    const stockKey = `${refreshToken} ${marketplaceId}`;
    const failure = this.inventoryFailures.get(stockKey);
    if (failure && failure.left > 0) {
      failure.left -= 1;
      const [code, message] = failure.status === 500 ? ["InternalFailure", "We encountered an internal error. Please try again."] : ["ServiceUnavailable", "Service temporarily unavailable."];
      this.record({ ...base, kind: "inventory", status: failure.status, error: `${code}: ${message}` });
      return errorList(failure.status, code, message, failure.retryAfter === undefined ? {} : { "Retry-After": failure.retryAfter });
    }
    const stock = this.inventories.get(stockKey) ?? { pageSize: DEFAULT_INVENTORY_PAGE, summaries: [] };
    const token = query.get("nextToken");
    const now = this.usage.nowOf(this.lwa.usageKeyOf(refreshToken));
    // A token pages the stock it was made for: one this fake never made, or made for another seller or marketplace, is invalid.
    const page = token === null ? { start: 0, madeAt: now } : this.nextTokens.get(`${stockKey} ${token}`);
    if (!page) return fail(400, "InvalidInput", "Invalid nextToken");
    if (now - page.madeAt > INVENTORY_NEXT_TOKEN_MS) return fail(400, "InvalidInput", "Invalid nextToken: it has expired");
    const { start } = page;
    const end = start + stock.pageSize;
    const details = query.get("details") === "true";
    this.record({ ...base, kind: "inventory", status: 200 });
    return json(
      200,
      {
        payload: {
          granularity: { granularityType: "Marketplace", granularityId: marketplaceId },
          inventorySummaries: stock.summaries.slice(start, end).map((item) => ({
            asin: item.asin,
            fnSku: `X00${item.sellerSku.slice(0, 7).toUpperCase()}`,
            sellerSku: item.sellerSku,
            condition: "NewItem",
            ...(details ? { inventoryDetails: { fulfillableQuantity: item.fulfillableQuantity, inboundWorkingQuantity: 0, inboundShippedQuantity: 0, inboundReceivingQuantity: 0 } } : {}),
            lastUpdatedTime: "2026-11-01T00:00:00Z",
            productName: `Product ${item.asin}`,
            totalQuantity: item.fulfillableQuantity,
          })),
        },
        ...(end < stock.summaries.length ? { pagination: { nextToken: this.makeNextToken(stockKey, end, now) } } : {}),
      },
      this.rateLimitHeader(base.accessToken, "getInventorySummaries"),
    );
  }

  /** getItemOffersBatch: one response per request, from the model's example (re-addressed for other ASINs). */
  private async offersBatch(request: Request, url: URL, base: CallBase): Promise<Response> {
    const body = (await request.json().catch(() => null)) as { requests?: Record<string, unknown>[] } | null;
    const fail = (status: number, code: string, message: string) => {
      this.record({ ...base, kind: "offers", body, status, error: `${code}: ${message}` });
      return errorList(status, code, message);
    };
    if (!this.lwa.isLiveAccessToken(base.accessToken)) return fail(403, "Unauthorized", "Access to requested resource is denied.");
    if ((request.headers.get("content-type") ?? "").split(";")[0] !== "application/json") return fail(400, "InvalidInput", "Content-Type must be application/json");
    const requests = body?.requests;
    if (!Array.isArray(requests) || requests.length < 1 || requests.length > 20) return fail(400, "InvalidInput", "requests must hold 1 to 20 items");
    // Amazon refuses a whole batch that asks for one item twice (selling-partner-api-models #2914, #2977).
    const asked = requests.map((item) => `${String(item.uri)} ${String(item.MarketplaceId)}`);
    if (new Set(asked).size !== asked.length) return fail(400, "InvalidInput", "Duplicate requests submitted.  Cannot run batch request.");
    const examples = getItemOffersBatchExample.response.responses;
    const whole = requests.map((item) => this.offerItems.get(OFFERS_URI.exec(String(item.uri))?.[1] ?? "")).find((script) => script && BATCH_FAILURES[script.behavior]);
    if (whole) {
      const [status, code, message] = BATCH_FAILURES[whole.behavior]!;
      // A failure scripted for `times` batches: once they are spent the item answers normally.
      if (whole.times !== undefined && --whole.times <= 0) whole.behavior = "normal";
      this.record({ ...base, kind: "offers", body, status, error: code });
      return errorList(status, code, message, whole.retryAfter === undefined ? {} : { "Retry-After": whole.retryAfter });
    }
    const responses: unknown[] = [];
    for (const item of requests) {
      const asin = OFFERS_URI.exec(String(item.uri))?.[1];
      const marketplaceId = String(item.MarketplaceId);
      if (!asin || item.method !== "GET") return fail(400, "InvalidInput", `Invalid batch request ${JSON.stringify(item)}`);
      const refusal = this.marketplaceRefusal(base.accessToken, url, marketplaceId);
      if (refusal) return fail(...refusal);
      if (!ITEM_CONDITIONS.has(String(item.ItemCondition))) return fail(400, "InvalidInput", "ItemCondition is required");
      if (item.CustomerType !== undefined && !CUSTOMER_TYPES.has(String(item.CustomerType))) return fail(400, "InvalidInput", "Invalid CustomerType");
      const itemScript = this.offerItems.get(asin)?.behavior;
      if (itemScript === "error") {
        responses.push(itemOffersErrorResponse(asin, marketplaceId));
        continue;
      }
      const example = structuredClone(examples.find((response) => response.body.payload?.ASIN === asin) ?? readdressed(examples[0]!, asin, this.buyBoxWinners.get(asin)));
      example.request = { ...example.request, Asin: asin, MarketplaceId: marketplaceId };
      const payload = example.body.payload as { status: string; Offers: unknown[]; Summary: { TotalOfferCount?: number } };
      const scripted = this.offers.get(asin);
      if (scripted) {
        // Up to 20 as scripted; past that, only the 20 lowest-priced, as Amazon answers.
        payload.Offers = structuredClone(scripted.length > MAX_LISTED_OFFERS ? lowestPriced(scripted, MAX_LISTED_OFFERS) : scripted);
        // The Summary counts every offer, the ones past the 20 listed too: a winner cut from the list still has its Buy Box price.
        payload.Summary = offersSummary(scripted);
      }
      if (itemScript === "not_processed") {
        payload.status = "OffersNotProcessed";
        payload.Summary = { ...payload.Summary, TotalOfferCount: Math.max(1, payload.Offers.length) };
        payload.Offers = [];
      }
      responses.push(example);
    }
    this.record({ ...base, kind: "offers", body, status: 200 });
    return json(200, { responses }, this.rateLimitHeader(base.accessToken, "getItemOffersBatch"));
  }

  /** getOrderMetrics: the model's parameter rules and Amazon's time-zone rule (spapi-sales.ts). */
  private orderMetrics(url: URL, base: CallBase): Response {
    const fail = (status: number, code: string, message: string, headers: Record<string, string> = {}) => {
      this.record({ ...base, kind: "sales", status, error: `${code}: ${message}` });
      return errorList(status, code, message, headers);
    };
    if (!this.lwa.isLiveAccessToken(base.accessToken)) return fail(403, "Unauthorized", "Access to requested resource is denied.");
    const query = url.searchParams;
    const marketplaceIds = (query.get("marketplaceIds") ?? "").split(",").filter(Boolean);
    if (marketplaceIds.length !== 1) return fail(400, "InvalidInput", "exactly one marketplaceIds value is expected");
    const refusal = this.marketplaceRefusal(base.accessToken, url, marketplaceIds[0]!);
    if (refusal) return fail(...refusal);
    const asin = query.get("asin");
    const script = asin === null ? this.storeScriptOf(base.accessToken) : this.salesScriptOf(asin, base.accessToken);
    const answer = orderMetricsAnswer(query, script, getOrderMetricsDayExample.response.payload[0], MARKETPLACE_CURRENCIES[marketplaceIds[0]!]);
    // A failure scripted for `times` calls: once they are spent the ASIN answers normally. A request
    // refused for its parameters (400) never reached the scripted failure, so it spends none.
    const refusedInput = "code" in answer && answer.status === 400;
    const scripted = asin === null ? this.storeScriptFor(this.sellerOf(base.accessToken)) : script;
    if (scripted && scripted.behavior !== "normal" && scripted.times !== undefined && !refusedInput && --scripted.times <= 0) scripted.behavior = "normal";
    if ("code" in answer) return fail(answer.status, answer.code, answer.message, answer.headers);
    this.record({ ...base, kind: "sales", status: 200 });
    return json(200, { payload: answer.payload }, this.rateLimitHeader(base.accessToken, "getOrderMetrics"));
  }

  /**
   * The sales the caller gets for `asin`. getOrderMetrics counts the calling seller's own orders:
   * once an ASIN has sales scripted for some seller, every other seller sells none of it (zero
   * days, as Amazon answers). Without such a script, the ASIN's script or the model's example.
   */
  private salesScriptOf(asin: string, accessToken: string): SalesScript {
    const seller = this.sellerOf(accessToken);
    const own = seller ? this.sellerSales.get(`${asin} ${seller}`) : undefined;
    if (own) return own;
    const shared = this.sales.get(asin);
    // A call that fails, fails whoever sells the ASIN; a normal one counts the caller's orders only.
    if (shared && shared.behavior !== "normal") return shared;
    const catalogue = seller ? this.catalogues.get(seller) : undefined;
    if (catalogue && !catalogue.has(asin)) return { behavior: "normal", units: 0, amount: 0 };
    if ([...this.sellerSales.keys()].some((key) => key.startsWith(`${asin} `))) return { behavior: "normal", units: 0, amount: 0 };
    return shared ?? { behavior: "normal" };
  }

  /**
   * The seller's store total: the sum, day by day, of what each ASIN of its catalogue answers when
   * asked alone (however that call itself fails: the orders exist); without a catalogue,
   * UNLISTED_STORE_PRODUCTS products' worth. Its own failures and left-out days: POST sales with asin null.
   */
  private storeScriptOf(accessToken: string): SalesScript {
    const seller = this.sellerOf(accessToken);
    const scripted = this.storeScriptFor(seller) ?? { behavior: "normal" };
    const example = getOrderMetricsDayExample.response.payload[0];
    const sold = (script: SalesScript) => {
      const units = script.units ?? example.unitCount;
      return { units, amount: script.amount ?? Number(example.totalSales.amount) * units };
    };
    const catalogue = seller ? this.catalogues.get(seller) : undefined;
    const products = catalogue ? [...catalogue].map((asin) => sold({ ...this.salesScriptOf(asin, accessToken), behavior: "normal" })) : [];
    const total = catalogue
      ? products.reduce((sum, one) => ({ units: sum.units + one.units, amount: sum.amount + one.amount }), { units: 0, amount: 0 })
      : { units: example.unitCount * UNLISTED_STORE_PRODUCTS, amount: Number(example.totalSales.amount) * example.unitCount * UNLISTED_STORE_PRODUCTS };
    return { ...scripted, units: total.units, amount: Math.round(total.amount * 100) / 100 };
  }

  /** How the seller's store total is scripted to answer (POST sales with asin null), its own or every seller's. */
  private storeScriptFor(seller: string | undefined): SalesScript | undefined {
    return this.storeSales.get(seller ?? "") ?? this.storeSales.get("");
  }

  private sellerOf(accessToken: string): string | undefined {
    const refreshToken = this.lwa.refreshTokenOf(accessToken);
    return refreshToken ? this.lwa.sellingPartnerOf(refreshToken) : undefined;
  }

  /** getMarketplaceParticipations: the model's example entry, once per marketplace the seller sells in. */
  private participations(url: URL, base: CallBase): Response {
    const refreshToken = this.lwa.isLiveAccessToken(base.accessToken) ? this.lwa.refreshTokenOf(base.accessToken) : null;
    if (!refreshToken) {
      this.record({ ...base, kind: "sellers", status: 403, error: "Unauthorized: Access to requested resource is denied." });
      return errorList(403, "Unauthorized", "Access to requested resource is denied.");
    }
    const ids = this.marketplacesOf(refreshToken, url);
    const [example] = getMarketplaceParticipationsExample.response.payload;
    this.record({ ...base, kind: "sellers", status: 200 });
    return json(200, { payload: ids.map((id) => ({ ...example, marketplace: { ...example.marketplace, id } })) }, this.rateLimitHeader(base.accessToken, "getMarketplaceParticipations"));
  }

  private async control(request: Request, url: URL): Promise<Response> {
    const action = url.pathname.slice("/__control/".length);
    if (request.method === "POST" && action === "script") {
      const input = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      const behavior = input.behavior as Behavior;
      if (typeof input.asin !== "string" || !CATALOG_BEHAVIORS.includes(behavior)) {
        return json(400, { error: `script needs asin and a behavior of ${CATALOG_BEHAVIORS.join(", ")}` });
      }
      this.scripts.set(input.asin, {
        behavior,
        retryAfterSeconds: typeof input.retryAfterSeconds === "number" ? input.retryAfterSeconds : undefined,
      });
      return json(200, { ok: true });
    }
    if (request.method === "POST" && action === "inventory") {
      const input = (await request.json()) as { refreshToken: string; marketplaceId: string; pageSize?: number; summaries: InventoryRecord[] };
      this.inventories.set(`${input.refreshToken} ${input.marketplaceId}`, { pageSize: input.pageSize ?? DEFAULT_INVENTORY_PAGE, summaries: input.summaries });
      return json(200, { ok: true });
    }
    if (request.method === "POST" && action === "inventory-fail") {
      const input = (await request.json()) as { refreshToken?: unknown; marketplaceId?: unknown; status?: unknown; times?: unknown; retryAfter?: unknown };
      if (typeof input.refreshToken !== "string" || typeof input.marketplaceId !== "string" || (input.status !== 500 && input.status !== 503) || typeof input.times !== "number") {
        return json(400, { error: "inventory-fail needs refreshToken, marketplaceId, status 500 or 503 and times" });
      }
      this.inventoryFailures.set(`${input.refreshToken} ${input.marketplaceId}`, { status: input.status, left: input.times, ...(typeof input.retryAfter === "string" ? { retryAfter: input.retryAfter } : {}) });
      return json(200, { ok: true });
    }
    if (request.method === "POST" && action === "buy-box") {
      const input = (await request.json()) as { asin?: unknown; sellerId?: unknown };
      // A missing sellerId would leave the example's winner in place, not the one the test meant.
      if (typeof input.asin !== "string" || !(typeof input.sellerId === "string" || input.sellerId === null)) return json(400, { error: "buy-box needs asin and sellerId (a seller id or null)" });
      this.buyBoxWinners.set(input.asin, input.sellerId);
      return json(200, { ok: true });
    }
    if (request.method === "POST" && action === "offers-item") {
      const input = (await request.json()) as { asin?: unknown; behavior?: unknown; retryAfter?: unknown; times?: unknown };
      if (typeof input.asin !== "string" || !OFFER_ITEM_BEHAVIORS.includes(input.behavior as OfferItemBehavior)) {
        return json(400, { error: `offers-item needs asin and a behavior of ${OFFER_ITEM_BEHAVIORS.join(", ")}` });
      }
      this.offerItems.set(input.asin, {
        behavior: input.behavior as OfferItemBehavior,
        ...(typeof input.retryAfter === "string" ? { retryAfter: input.retryAfter } : {}),
        ...(typeof input.times === "number" ? { times: input.times } : {}),
      });
      return json(200, { ok: true });
    }
    if (request.method === "POST" && action === "offers") {
      const input = (await request.json()) as { asin?: unknown; offers?: unknown };
      if (typeof input.asin !== "string" || !Array.isArray(input.offers)) return json(400, { error: "offers needs asin and offers" });
      const refusal = offersRefusal(input.offers);
      if (refusal) return json(400, { error: refusal });
      this.offers.set(input.asin, input.offers);
      return json(200, { ok: true });
    }
    if (request.method === "POST" && action === "expire-tokens") {
      const input = (await request.json()) as { refreshToken: string; status: number; sticky?: boolean };
      this.expired.set(input.refreshToken, { status: input.status, tokens: new Set(this.lwa.accessTokensOf(input.refreshToken)), sticky: input.sticky === true });
      return json(200, { ok: true });
    }
    if (request.method === "POST" && action === "sales") {
      const input = (await request.json()) as { asin: string | null; sellingPartnerId?: unknown } & Partial<SalesScript>;
      const seller = typeof input.sellingPartnerId === "string" ? input.sellingPartnerId : null;
      const script = { behavior: input.behavior ?? "normal", amount: input.amount, units: input.units, omitDays: input.omitDays, retryAfterSeconds: input.retryAfterSeconds, times: input.times };
      if (input.asin === null) {
        // The store total is the catalogue's sum: only how it answers is scripted.
        if (input.amount !== undefined || input.units !== undefined) return json(400, { error: "a store total's figures are its catalogue's sum (POST catalogue)" });
        this.storeSales.set(seller ?? "", script);
      } else if (seller) this.sellerSales.set(`${input.asin} ${seller}`, script);
      else this.sales.set(input.asin, script);
      return json(200, { ok: true });
    }
    if (request.method === "POST" && action === "catalogue") {
      const input = (await request.json()) as { sellingPartnerId?: unknown; asins?: unknown };
      if (typeof input.sellingPartnerId !== "string" || !Array.isArray(input.asins)) return json(400, { error: "catalogue needs sellingPartnerId and asins" });
      this.catalogues.set(input.sellingPartnerId, new Set(input.asins.map(String)));
      return json(200, { ok: true });
    }
    if (request.method === "POST" && action === "participations") {
      const input = (await request.json()) as { refreshToken: string; marketplaceIds: string[] };
      this.participating.set(input.refreshToken, input.marketplaceIds);
      return json(200, { ok: true });
    }
    if (request.method === "POST" && action === "usage-plan") {
      const input = (await request.json()) as { refreshToken?: unknown; operation?: unknown; ratePerSecond?: unknown; burst?: unknown };
      const { refreshToken, operation, ratePerSecond, burst } = input;
      if (typeof refreshToken !== "string" || !SPAPI_OPERATIONS.includes(operation as SpApiOperation) || typeof ratePerSecond !== "number" || !(ratePerSecond > 0) || typeof burst !== "number" || !(burst >= 1)) {
        return json(400, { error: `usage-plan needs refreshToken, an operation of ${SPAPI_OPERATIONS.join(", ")}, ratePerSecond > 0 and burst >= 1` });
      }
      this.usage.setPlan(this.lwa.usageKeyOf(refreshToken), operation as SpApiOperation, { ratePerSecond, burst });
      return json(200, { ok: true });
    }
    if (request.method === "POST" && action === "clock") {
      const input = (await request.json()) as { refreshToken?: unknown; advanceMs?: unknown };
      if (typeof input.refreshToken !== "string" || typeof input.advanceMs !== "number" || !(input.advanceMs >= 0)) return json(400, { error: "clock needs refreshToken and advanceMs >= 0" });
      this.usage.advance(this.lwa.usageKeyOf(input.refreshToken), input.advanceMs);
      return json(200, { ok: true });
    }
    if (request.method === "GET" && action === "calls") {
      const asin = url.searchParams.get("asin");
      const kind = url.searchParams.get("kind");
      return json(200, { calls: this.log.filter((call) => (!asin || call.path?.endsWith(`/${asin}`)) && (!kind || call.kind === kind)) });
    }
    return json(404, { error: `no control action ${request.method} ${action}` });
  }

  /**
   * A getInventorySummaries nextToken for the page of `stockKey`'s stock starting at `start`. Like
   * Amazon's it is base64-like, with "+", "/" and "=": a client that does not URL-encode it sends
   * a "+" as a space, and the token is refused (selling-partner-api-models #4946).
   */
  private makeNextToken(stockKey: string, start: number, now: number): string {
    const token = `${btoa(`page ${start}`)}+${now}/==`;
    this.nextTokens.set(`${stockKey} ${token}`, { start, madeAt: now });
    return token;
  }

  /**
   * Whether this call of a live access token is past the usage plan of its application and seller
   * for the operation (spending one request when it is not). A call without a live token is left
   * to the operation's own checks.
   */
  private overPlan(operation: SpApiOperation, accessToken: string): boolean {
    const refreshToken = this.lwa.refreshTokenOf(accessToken);
    return refreshToken !== undefined && !this.usage.spend(this.lwa.usageKeyOf(refreshToken), operation);
  }

  /** x-amzn-RateLimit-Limit: the rate of the seller's plan for the operation. */
  private rateLimitHeader(accessToken: string, operation: SpApiOperation): Record<string, string> {
    const refreshToken = this.lwa.refreshTokenOf(accessToken) ?? "";
    return { "x-amzn-RateLimit-Limit": String(this.usage.planOf(this.lwa.usageKeyOf(refreshToken), operation).ratePerSecond) };
  }

  /** The marketplaces of the host's region that the seller of `refreshToken` sells in (default: all of them). */
  private marketplacesOf(refreshToken: string, url: URL): readonly string[] {
    return this.participating.get(refreshToken) ?? REGION_MARKETPLACES[url.hostname]!;
  }

  /**
   * Why Amazon refuses a seller's call in `marketplaceId` (status, code, message), or null when it
   * does not: a marketplace of another region's host, or one the seller whose access token this is
   * does not sell in (403 Unauthorized "Access to requested resource is denied.", as SP-API client
   * libraries report it; the models document no other answer for it).
   */
  private marketplaceRefusal(accessToken: string, url: URL, marketplaceId: string): [number, string, string] | null {
    if (!REGION_MARKETPLACES[url.hostname]!.includes(marketplaceId)) return [400, "InvalidInput", `Marketplace ${marketplaceId} is not served by ${url.hostname}`];
    const refreshToken = this.lwa.refreshTokenOf(accessToken);
    if (refreshToken === undefined || !this.marketplacesOf(refreshToken, url).includes(marketplaceId)) return [403, "Unauthorized", "Access to requested resource is denied."];
    return null;
  }

  /** SP-API's answer to an access token that expired: 403 Unauthorized naming the expiry, or a bare 401. */
  private expiredAnswer(token: string): Response | null {
    const refreshToken = this.lwa.refreshTokenOf(token);
    const rule = refreshToken ? this.expired.get(refreshToken) : undefined;
    if (!rule || !(rule.sticky || rule.tokens.has(token))) return null;
    if (rule.status === 401) return json(401, { errors: [{ code: "Unauthorized", message: "Access to requested resource is denied.", details: "" }] });
    return json(403, { errors: [{ code: "Unauthorized", message: "Access to requested resource is denied.", details: "The access token you provided has expired." }] });
  }

  private record(call: Omit<SellerCallRecord, "seq">): void {
    this.seq += 1;
    this.log.push({ seq: this.seq, ...call });
  }
}

/** The model's sandbox example, only the requested includedData, re-addressed to asin and marketplace. */
function exampleItem(asin: string, marketplaceId: string, includedData: string[], withoutRanks: boolean) {
  const example = structuredClone(getCatalogItemExample.response) as Record<string, unknown>;
  const item: Record<string, unknown> = { asin };
  for (const key of includedData) {
    const value = example[key];
    if (!Array.isArray(value)) continue;
    if (key === "salesRanks" && withoutRanks) {
      item[key] = [];
      continue;
    }
    item[key] = value.map((entry: Record<string, unknown>) => ({ ...entry, marketplaceId }));
  }
  return item;
}

type OffersResponse = (typeof getItemOffersBatchExample.response.responses)[number];

/** OfferDetailList: "the same length as the TotalOfferCount in the Summary or 20, whichever is less". */
const MAX_LISTED_OFFERS = 20;
const OFFER_ITEM_BEHAVIORS = ["error", "not_processed", "throttled", "error500", "error503"] as const;
type OfferItemBehavior = (typeof OFFER_ITEM_BEHAVIORS)[number];
/** Behaviors that fail the whole batch asking for the item: status, code and message (the model's 429, 500 and 503). */
const BATCH_FAILURES: Partial<Record<OfferItemBehavior | "normal", [number, string, string]>> = {
  throttled: [429, "QuotaExceeded", "You exceeded your quota for the requested resource."],
  error500: [500, "InternalFailure", "We encountered an internal error. Please try again."],
  error503: [503, "ServiceUnavailable", "Service temporarily unavailable."],
};

/** OfferDetail's required members (productPricingV0.json). */
const OFFER_DETAIL_REQUIRED = ["IsFulfilledByAmazon", "ListingPrice", "Shipping", "ShippingTime", "SubCondition"] as const;

/**
 * Why Amazon could not answer these offers, or null when it could: an offer without a member the
 * model requires, more than two Buy Box winners, or two that are not one Prime and one non-Prime
 * (Amazon features one offer per customer segment).
 */
function offersRefusal(offers: readonly unknown[]): string | null {
  for (const [i, offer] of offers.entries()) {
    if (typeof offer !== "object" || offer === null) return `offer ${i} is not an object`;
    const missing = OFFER_DETAIL_REQUIRED.filter((key) => !(key in offer));
    if (missing.length) return `offer ${i} lacks ${missing.join(", ")} (required by OfferDetail)`;
  }
  const winners = offers.filter((offer) => (offer as { IsBuyBoxWinner?: unknown }).IsBuyBoxWinner === true);
  if (winners.length > 2) return "at most two offers win the Buy Box (a Prime and a non-Prime one)";
  const prime = (offer: unknown) => (offer as { PrimeInformation?: { IsPrime?: unknown } }).PrimeInformation?.IsPrime === true;
  if (winners.length === 2 && prime(winners[0]) === prime(winners[1])) return "two Buy Box winners must be one Prime and one non-Prime offer";
  return null;
}

/** The `limit` lowest-priced offers (listing price plus shipping), cheapest first, as Amazon lists them. */
function lowestPriced(offers: readonly unknown[], limit: number): unknown[] {
  const landed = (offer: unknown) => {
    const amount = (key: string) => Number((offer as Record<string, { Amount?: unknown } | undefined>)[key]?.Amount ?? 0);
    return amount("ListingPrice") + amount("Shipping");
  };
  return [...offers].sort((a, b) => landed(a) - landed(b)).slice(0, limit);
}

/**
 * An example response for another ASIN: its first offer wins the Buy Box for `winner`. When null no
 * offer wins, and the Summary loses its Buy Box price as Amazon's does (the example's B000OQA3N4):
 * the example lists every offer, so a price left there would name a winner that is not one of them.
 */
function readdressed(example: OffersResponse, asin: string, winner: string | null | undefined): OffersResponse {
  const copy = structuredClone(example);
  const payload = copy.body.payload as { ASIN: string; Identifier: { ASIN: string }; Offers: { SellerId: string; IsBuyBoxWinner: boolean }[]; Summary: { BuyBoxPrices?: unknown } };
  payload.ASIN = asin;
  payload.Identifier.ASIN = asin;
  if (winner !== undefined) {
    payload.Offers = payload.Offers.map((offer, i) => ({ ...offer, SellerId: i === 0 && winner ? winner : offer.SellerId, IsBuyBoxWinner: i === 0 && winner !== null }));
  }
  if (winner === null) delete payload.Summary.BuyBoxPrices;
  return copy;
}

/** The operation a request calls, and the kind its call record has. */
function operationOf(method: string, path: string): { name: SpApiOperation; kind: SellerCallRecord["kind"] } | null {
  if (method === "GET" && ITEM_PATH.test(path)) return { name: "getCatalogItem", kind: "catalog" };
  if (method === "GET" && path === INVENTORY_PATH) return { name: "getInventorySummaries", kind: "inventory" };
  if (method === "POST" && path === OFFERS_BATCH_PATH) return { name: "getItemOffersBatch", kind: "offers" };
  if (method === "GET" && path === ORDER_METRICS_PATH) return { name: "getOrderMetrics", kind: "sales" };
  if (method === "GET" && path === PARTICIPATIONS_PATH) return { name: "getMarketplaceParticipations", kind: "sellers" };
  return null;
}

function errorList(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return json(status, { errors: [{ code, message, details: "" }] }, headers);
}
