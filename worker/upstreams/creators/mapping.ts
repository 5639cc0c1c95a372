import type { CategoryRank } from "./product-source";
import { MARKETPLACE_CURRENCY, type Marketplace } from "../../contract/marketplaces";
import type { Price, ProductData } from "../../contract/product";
import type { ItemFailure, ItemOutcome } from "./product-source";

/** Reading Creators API getItems answers into RankLayer's product data. */

// ---- Response shapes (only the parts we read; everything may be absent) ----

interface CreatorsBrowseNodeAncestor {
  id?: string;
  displayName?: string;
  contextFreeName?: string;
  ancestor?: CreatorsBrowseNodeAncestor;
}
interface CreatorsBrowseNode extends CreatorsBrowseNodeAncestor {
  isRoot?: boolean;
  salesRank?: number;
}
export interface CreatorsItem {
  asin?: string;
  detailPageURL?: string;
  itemInfo?: { title?: { displayValue?: string }; byLineInfo?: { brand?: { displayValue?: string } } };
  images?: { primary?: { large?: { url?: string }; medium?: { url?: string }; small?: { url?: string } } };
  browseNodeInfo?: {
    browseNodes?: CreatorsBrowseNode[];
    websiteSalesRank?: { id?: string; displayName?: string; contextFreeName?: string; salesRank?: number };
  };
  offersV2?: {
    listings?: {
      isBuyBoxWinner?: boolean;
      price?: { money?: { amount?: number; currency?: string } };
    }[];
  };
}
interface CreatorsErrorData {
  code?: string;
  message?: string;
}

export const NOT_RETURNED = "The item was not returned by the Creators API.";

/**
 * One getItems answer as an outcome per requested ASIN: items that came back,
 * per-item errors (matched by the ItemId their message names), and not_found for
 * anything the answer does not mention.
 */
export function readGetItemsResponse(
  body: unknown,
  requested: readonly string[],
  marketplace: Marketplace,
): Map<string, ItemOutcome> {
  const response = (typeof body === "object" && body !== null ? body : {}) as {
    itemsResult?: { items?: CreatorsItem[] };
    errors?: CreatorsErrorData[];
  };
  const outcomes = new Map<string, ItemOutcome>();
  const wanted = new Set(requested.map((asin) => asin.toUpperCase()));

  for (const item of response.itemsResult?.items ?? []) {
    const asin = item.asin?.toUpperCase();
    if (asin && wanted.has(asin)) {
      outcomes.set(asin, { ok: true, product: mapCreatorsItem(item, marketplace), categoryRanks: mapCategoryRanks(item.browseNodeInfo) });
    }
  }
  for (const error of response.errors ?? []) {
    const message = error.message ?? error.code ?? "unknown item error";
    const named = message.toUpperCase().match(/\b[A-Z0-9]{10}\b/g) ?? [];
    for (const asin of named) {
      if (wanted.has(asin) && !outcomes.has(asin)) outcomes.set(asin, itemFailure(error.code, message));
    }
  }

  return new Map(
    requested.map((asin) => [
      asin,
      outcomes.get(asin.toUpperCase()) ?? { ok: false, reason: "not_found", message: NOT_RETURNED },
    ]),
  );
}

function itemFailure(code: string | undefined, message: string): ItemFailure {
  // InvalidParameterValue (bad or unknown id), ItemNotFound, InvalidItemId: not found.
  return { ok: false, reason: code === "ItemNotAccessible" ? "not_accessible" : "not_found", message };
}

/** One Creators item as ProductData. Rating and review count stay null: we never invent them. */
export function mapCreatorsItem(item: CreatorsItem, marketplace: Marketplace): ProductData {
  const primary = item.images?.primary;
  return {
    asin: (item.asin ?? "").toUpperCase(),
    marketplace,
    title: item.itemInfo?.title?.displayValue ?? null,
    image: primary?.large?.url ?? primary?.medium?.url ?? primary?.small?.url ?? null,
    categoryPath: categoryPath(item.browseNodeInfo),
    rank: positiveInt(item.browseNodeInfo?.websiteSalesRank?.salesRank),
    price: buyBoxPrice(item.offersV2?.listings, marketplace),
    // OffersV2 carries listings but no offer count (OffersV1 summaries are gone).
    offers: null,
    rating: null,
    reviewCount: null,
    detailPageUrl: item.detailPageURL ?? null,
    ...brandOf(item),
  };
}

/** The byLineInfo brand, when it is a non-empty string: the portfolio groups ASINs by it. */
function brandOf(item: CreatorsItem): { brand?: string } {
  const brand = item.itemInfo?.byLineInfo?.brand?.displayValue;
  return typeof brand === "string" && brand.trim() ? { brand: brand.trim() } : {};
}

/**
 * The item's sales rank in each category that ranks it: the website category
 * (WebsiteSalesRank) first, then every browse node with a SalesRank, in answer order.
 */
export function mapCategoryRanks(info: CreatorsItem["browseNodeInfo"]): CategoryRank[] {
  const ranks: CategoryRank[] = [];
  const website = info?.websiteSalesRank;
  const websiteRank = positiveInt(website?.salesRank);
  const websiteName = website?.displayName || website?.contextFreeName;
  if (websiteRank !== null && websiteName) ranks.push({ category: websiteName, rank: websiteRank });
  for (const node of info?.browseNodes ?? []) {
    const rank = positiveInt(node.salesRank);
    const category = node.displayName || node.contextFreeName;
    // The website category can also come back as a browse node; keep it once.
    if (rank === null || !category || (website?.id !== undefined && node.id === website.id)) continue;
    ranks.push({ category, rank });
  }
  return ranks;
}

/**
 * Root-first path of the browse node the item ranks best in (the first node when
 * none is ranked), cut to start at the website sales-rank category when that
 * category is on the ladder, since ladders can end in technical roots above it.
 */
function categoryPath(info: CreatorsItem["browseNodeInfo"]): string[] {
  const nodes = info?.browseNodes ?? [];
  const ranked = nodes.filter((node) => positiveInt(node.salesRank) !== null);
  const node = ranked.length
    ? ranked.reduce((best, next) => ((next.salesRank ?? Infinity) < (best.salesRank ?? Infinity) ? next : best))
    : nodes[0];
  const website = info?.websiteSalesRank;
  if (!node) return website?.displayName ? [website.displayName] : [];

  const ladder: CreatorsBrowseNodeAncestor[] = [];
  for (let step: CreatorsBrowseNodeAncestor | undefined = node; step; step = step.ancestor) ladder.unshift(step);
  // Match by id first: a technical root can share the website category's context-free name.
  const matchers: ((step: CreatorsBrowseNodeAncestor) => boolean)[] = website
    ? [
        (step) => website.id !== undefined && step.id === website.id,
        (step) => website.displayName !== undefined && step.displayName === website.displayName,
        (step) => website.contextFreeName !== undefined && step.contextFreeName === website.contextFreeName,
      ]
    : [];
  const root = matchers.map((matches) => ladder.findIndex(matches)).find((index) => index >= 0) ?? 0;
  return ladder
    .slice(root)
    .map((step) => step.displayName)
    .filter((name): name is string => typeof name === "string" && name !== "");
}

function buyBoxPrice(
  listings: NonNullable<CreatorsItem["offersV2"]>["listings"],
  marketplace: Marketplace,
): Price | null {
  const listing = listings?.find((candidate) => candidate.isBuyBoxWinner) ?? listings?.[0];
  const money = listing?.price?.money;
  if (typeof money?.amount !== "number" || !Number.isFinite(money.amount)) return null;
  return { amount: money.amount, currency: money.currency ?? MARKETPLACE_CURRENCY[marketplace] };
}

function positiveInt(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

export function exceptionOf(body: unknown): { reason?: string; message?: string } {
  const exception = (typeof body === "object" && body !== null ? body : {}) as { reason?: unknown; message?: unknown };
  return {
    reason: typeof exception.reason === "string" ? exception.reason : undefined,
    message: typeof exception.message === "string" ? exception.message : undefined,
  };
}
