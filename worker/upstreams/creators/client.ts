/**
 * Live product data from Amazon's Creators API (the successor of PA-API 5).
 *
 * Sources (where they disagree, the reference SDK code wins):
 * - Amazon's reference SDKs, creatorsapi-nodejs-sdk / creatorsapi-php-sdk (Apache-2.0,
 *   "Copyright 2025 Amazon.com"): DefaultApi getItems = POST {host}/catalog/v1/getItems
 *   with header x-marketplace and a JSON GetItemsRequestContent; GetItemsResource enum
 *   (resource names); GetItemsResponseContent { itemsResult: { items }, errors: ErrorData[] }
 *   with ErrorData { code, message }; BrowseNode / BrowseNodeAncestor / WebsiteSalesRank;
 *   OffersV2 { listings: OfferListingV2[] } with price.money { amount, currency };
 *   exceptions { type, message, reason }: 401 Unauthorized, 403 AccessDenied with
 *   reason AssociateNotEligible, 429 Throttle, 400 Validation (InvalidPartnerTag,
 *   InvalidAssociate, ...), 404 ResourceNotFound, 500 InternalServer.
 * - Token endpoints, scopes and Authorization formats: see ./token.ts.
 * - Host https://creatorsapi.amazon and camelCase bodies: Creators API docs
 *   (affiliate-program.amazon.com/creatorsapi/docs) as quoted by public clients.
 * - Per-item error codes InvalidParameterValue / ItemNotAccessible and their messages
 *   naming the ItemId: PA-API 5 error reference, kept by the Creators API.
 */
import type { CreatorsConfig } from "../../config";
import { retryAfterOf } from "../http";
import { classifyAmazonError, creatorsKindOf } from "../amazon-errors";
import { MARKETPLACE_HOST, type Marketplace } from "../../contract/marketplaces";
import {
  authorizationHeader,
  dropAccessToken,
  getAccessToken,
  networkError,
  type TokenCredentials,
} from "./token";
import { exceptionOf, readGetItemsResponse } from "./mapping";
import { MAX_ITEMS_PER_CALL, UpstreamError, type GetItemsOptions, type ItemOutcome, type ProductSource } from "./product-source";

export const CREATORS_API_BASE_URL = "https://creatorsapi.amazon";
export const GET_ITEMS_PATH = "/catalog/v1/getItems";
/** New credentials are Login-with-Amazon ones; 3.1 is the North America version. */

/** Exactly what ProductData needs; detailPageURL and asin come with every item. */
export const GET_ITEMS_RESOURCES = [
  "itemInfo.title",
  "itemInfo.byLineInfo",
  "images.primary.large",
  "browseNodeInfo.websiteSalesRank",
  "browseNodeInfo.browseNodes",
  "browseNodeInfo.browseNodes.ancestor",
  "browseNodeInfo.browseNodes.salesRank",
  "customerReviews.count",
  "customerReviews.starRating",
  "offersV2.listings.price",
  "offersV2.listings.isBuyBoxWinner",
] as const;

export class CreatorsProductSource implements ProductSource {
  readonly kind = "live";
  private readonly credentials: TokenCredentials;
  private readonly getItemsUrl: string;

  constructor(
    private readonly config: CreatorsConfig,
    // Wrapped so workerd never sees fetch called with a foreign `this`.
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {
    this.credentials = {
      credentialId: config.credentialId,
      credentialSecret: config.credentialSecret,
      version: config.version,
      authUrl: config.authUrl,
    };
    this.getItemsUrl = `${(config.apiBaseUrl ?? CREATORS_API_BASE_URL).replace(/\/+$/, "")}${GET_ITEMS_PATH}`;
  }

  async ready(options: GetItemsOptions = {}): Promise<void> {
    await getAccessToken(this.credentials, this.fetcher, this.config.timeoutMs, this.deadline(options));
  }

  async getItems(asins: readonly string[], marketplace: Marketplace, options: GetItemsOptions = {}): Promise<Map<string, ItemOutcome>> {
    const unique = [...new Set(asins)];
    const signal = this.deadline(options);
    const chunks: string[][] = [];
    for (let i = 0; i < unique.length; i += MAX_ITEMS_PER_CALL) chunks.push(unique.slice(i, i + MAX_ITEMS_PER_CALL));
    const results = await Promise.all(chunks.map((chunk) => this.getChunk(chunk, marketplace, signal, false)));
    return new Map(results.flatMap((result) => [...result]));
  }

  /** One bound for the token grant and the call: what the caller has left, never more than the config's. */
  private deadline(options: GetItemsOptions): AbortSignal {
    return AbortSignal.timeout(Math.max(1, Math.min(this.config.timeoutMs, options.timeoutMs ?? Infinity)));
  }

  private async getChunk(
    asins: string[],
    marketplace: Marketplace,
    signal: AbortSignal,
    retried: boolean,
  ): Promise<Map<string, ItemOutcome>> {
    const token = await getAccessToken(this.credentials, this.fetcher, this.config.timeoutMs, signal);
    const host = MARKETPLACE_HOST[marketplace];
    let res: Response;
    try {
      res = await this.fetcher(this.getItemsUrl, {
        method: "POST",
        headers: {
          Authorization: authorizationHeader(token, this.config.version),
          "Content-Type": "application/json",
          Accept: "application/json",
          "x-marketplace": host,
        },
        // GetItemsRequestContent as the reference SDKs define it: the marketplace is the header's.
        body: JSON.stringify({
          itemIds: asins,
          partnerTag: this.config.partnerTag,
          resources: GET_ITEMS_RESOURCES,
        }),
        signal,
      });
    } catch (error) {
      throw networkError("getItems", error);
    }

    if (res.status === 401) {
      // Revoked or expired early: forget the token and try once with a fresh grant.
      await res.body?.cancel();
      dropAccessToken(this.credentials, token);
      if (!retried) return this.getChunk(asins, marketplace, signal, true);
      throw new UpstreamError("unauthorized", "getItems refused the access token twice", undefined, "Unauthorized");
    }
    if (res.status === 429) {
      await res.body?.cancel();
      throw new UpstreamError("throttled", "getItems throttled", retryAfterOf(res));
    }
    if (res.status >= 500) {
      await res.body?.cancel();
      // A 503's Retry-After is honoured exactly as a 429's is.
      throw new UpstreamError("unavailable", `getItems failed with HTTP ${res.status}`, retryAfterOf(res));
    }

    let body: unknown;
    try {
      body = await res.json();
    } catch (error) {
      const failure = networkError("getItems", error);
      if (failure.kind === "timeout") throw failure;
      // A body that is not JSON is unreadable, not a network problem. A 400 or 403 is still the
      // refusal the classification table names, whatever its body (a gateway's HTML, nothing).
      if (res.status !== 400 && res.status !== 403) throw new UpstreamError("unavailable", "getItems answered unreadable JSON");
      body = undefined;
    }

    if (res.status === 403) {
      const { reason, message } = exceptionOf(body);
      throw permanentFailure(403, reason, `getItems access denied: ${reason ?? message ?? "no reason"}`);
    }
    if (res.ok) return readGetItemsResponse(body, asins, marketplace);
    if (res.status === 404) {
      const notFound = resourceNotFound(body, res, asins);
      if (notFound) return notFound;
    }
    if (res.status === 400 || res.status === 404) {
      // Per-item errors may come as a whole-call 400/404 when no item succeeded.
      const outcomes = answeredItems(body, asins, marketplace);
      if (outcomes) return outcomes;
      // Otherwise it is about the request or the account, never proof the items do not exist.
      const { reason, message } = exceptionOf(body);
      if (res.status === 400) throw permanentFailure(400, reason, `getItems rejected the request: ${reason ?? "no reason"}: ${message ?? ""}`);
      throw new UpstreamError("unavailable", `getItems rejected the request (${res.status}): ${reason ?? message ?? "no reason"}`);
    }
    throw new UpstreamError("unavailable", `getItems answered HTTP ${res.status}`);
  }
}

/** A permanent whole-call failure as the classification table names it (amazon-errors.ts). */
function permanentFailure(status: number, reason: string | undefined, message: string): UpstreamError {
  return new UpstreamError(creatorsKindOf(classifyAmazonError("creators", status, reason)), message, undefined, reason);
}

/**
 * A 404 ResourceNotFoundException ({ message, resourceId, resourceType }) whose resourceId (or
 * message) names requested ASINs: those are unknown, and any other ASIN of the call is
 * unaccounted for. A 404 naming none of them (a wrong path, say) is no answer about the items.
 */
function resourceNotFound(body: unknown, res: Response, asins: readonly string[]): Map<string, ItemOutcome> | null {
  const { type, message, resourceId } = exceptionOf(body);
  const errorType = type ?? res.headers.get("x-amzn-ErrorType") ?? "";
  if (!errorType.includes("ResourceNotFoundException")) return null;
  const named = new Set(`${resourceId ?? ""} ${message ?? ""}`.toUpperCase().match(/\b[A-Z0-9]{10}\b/g) ?? []);
  if (!asins.some((asin) => named.has(asin.toUpperCase()))) return null;
  const detail = message ?? `The resource ${resourceId ?? ""} was not found.`;
  return new Map(
    asins.map((asin): [string, ItemOutcome] => [
      asin,
      named.has(asin.toUpperCase())
        ? { ok: false, reason: "not_found", message: detail }
        : { ok: false, reason: "unavailable", message: "The item was not returned by the Creators API." },
    ]),
  );
}

/** A 400/404 body carrying per-item errors: their outcomes, or null when it names no requested item. */
function answeredItems(body: unknown, asins: readonly string[], marketplace: Marketplace): Map<string, ItemOutcome> | null {
  try {
    return readGetItemsResponse(body, asins, marketplace);
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}
