import * as z from "zod";
import { MARKETPLACE_CURRENCY, type Marketplace } from "../../contract/marketplaces";
import type { Price, ProductData } from "../../contract/product";
import { UpstreamError, type CategoryRank, type ItemFailure, type ItemOutcome } from "./product-source";
import {
  arrayAt,
  asinSchema,
  checked,
  currencySchema,
  detailPageUrlSchema,
  imageUrlSchema,
  noteFor,
  priceAmountSchema,
  rankSchema,
  reviewCountSchema,
  starRatingSchema,
  textSchema,
} from "./item-schema";
import { at } from "../../shared/json-path";

/**
 * Reading Creators API getItems answers into RankLayer's product data. The answer is
 * `unknown` until each field passes its schema (./item-schema.ts): a malformed optional
 * field becomes null and is logged; an item whose ASIN or title is malformed, or that comes
 * twice, is not an answer at all ("unavailable"), never a product and never "not found".
 */

/** A browse node as read: only well-typed parts survive. */
interface BrowseNode {
  id?: string;
  displayName?: string;
  contextFreeName?: string;
  salesRank: number | null;
  ancestor?: BrowseNode;
}
interface BrowseNodeInfo {
  browseNodes: BrowseNode[];
  website?: { id?: string; displayName?: string; contextFreeName?: string; salesRank: number | null };
}

export const NOT_RETURNED = "The item was not returned by the Creators API.";
const MAX_ANCESTORS = 32;

const answerSchema = z.object({
  itemsResult: z.optional(z.nullable(z.object({ items: z.optional(z.nullable(z.array(z.unknown()))) }))),
  errors: z.optional(z.nullable(z.array(z.unknown()))),
});

/**
 * One getItems answer as an outcome per requested ASIN: validated items, per-item errors
 * (matched by the ItemId their message names), and "unavailable" for an ASIN the answer
 * does not account for. An answer that is not the documented shape, or that accounts for
 * none of the requested ASINs, is a failure of the whole call.
 */
export function readGetItemsResponse(
  body: unknown,
  requested: readonly string[],
  marketplace: Marketplace,
): Map<string, ItemOutcome> {
  const answer = answerSchema.safeParse(body);
  if (!answer.success) {
    throw new UpstreamError("unavailable", `getItems answered a malformed body (${Array.isArray(body) ? "a list" : body === null ? "null" : typeof body})`);
  }
  const wanted = new Set(requested.map((asin) => asin.toUpperCase()));
  const outcomes = new Map<string, ItemOutcome>();
  const seen = new Set<string>();

  for (const raw of answer.data.itemsResult?.items ?? []) {
    const asin = checked(asinSchema, at(raw, "asin"), noteFor("?", marketplace), "item asin");
    if (!asin) {
      console.warn(`creators getItems ${marketplace}: an item without a valid asin was skipped`);
      continue;
    }
    if (!wanted.has(asin)) {
      console.warn(`creators getItems ${marketplace}: answered ${asin}, which was not asked for; skipped`);
      continue;
    }
    if (seen.has(asin)) {
      // Two different answers for one ASIN: neither can be trusted.
      console.warn(`creators getItems ${marketplace} ${asin}: answered twice; treated as malformed`);
      outcomes.set(asin, unavailable(`getItems answered ${asin} more than once`));
      continue;
    }
    seen.add(asin);
    outcomes.set(asin, readItem(raw, asin, marketplace));
  }

  for (const error of answer.data.errors ?? []) {
    const code = typeof at(error, "code") === "string" ? (at(error, "code") as string) : undefined;
    const message = typeof at(error, "message") === "string" ? (at(error, "message") as string) : code ?? "unknown item error";
    const named = (message.toUpperCase().match(/\b[A-Z0-9]{10}\b/g) ?? []).filter((asin) => wanted.has(asin));
    if (named.length === 0) console.warn(`creators getItems ${marketplace}: an error naming no requested ASIN: ${message.slice(0, 120)}`);
    for (const asin of named) if (!outcomes.has(asin)) outcomes.set(asin, itemFailure(code, message));
  }

  const result = new Map(requested.map((asin): [string, ItemOutcome] => [asin, outcomes.get(asin.toUpperCase()) ?? unavailable(NOT_RETURNED)]));
  if ([...result.values()].every((outcome) => !outcome.ok && outcome.reason === "unavailable")) {
    throw new UpstreamError("unavailable", "getItems answered nothing usable about any requested item");
  }
  return result;
}

function unavailable(message: string): ItemFailure {
  return { ok: false, reason: "unavailable", message };
}

function itemFailure(code: string | undefined, message: string): ItemFailure {
  // InvalidParameterValue (bad or unknown id), ItemNotFound, InvalidItemId: not found.
  return { ok: false, reason: code === "ItemNotAccessible" ? "not_accessible" : "not_found", message };
}

/** One raw item on its own (its ASIN read from it) through the boundary schema. */
export function mapCreatorsItem(raw: unknown, marketplace: Marketplace): ItemOutcome {
  const asin = checked(asinSchema, at(raw, "asin"), noteFor("?", marketplace), "item asin");
  return asin ? readItem(raw, asin, marketplace) : unavailable("getItems answered an item without a valid asin");
}

/** One item through the boundary schema: a product, or "unavailable" when its title is malformed. */
function readItem(raw: unknown, asin: string, marketplace: Marketplace): ItemOutcome {
  const note = noteFor(asin, marketplace);
  const title = checked(textSchema, at(raw, "itemInfo", "title", "displayValue"), note, "title");
  if (title === null) return unavailable(`getItems answered a malformed title for ${asin}`);
  const info = readBrowseNodeInfo(at(raw, "browseNodeInfo"), note);
  const product: ProductData = {
    asin,
    marketplace,
    title: title ?? null,
    image: image(at(raw, "images", "primary"), note),
    categoryPath: categoryPath(info),
    rank: info.website?.salesRank ?? null,
    ...priceOf(at(raw, "offersV2", "listings"), marketplace, note),
    // OffersV2 carries listings but no offer count (OffersV1 summaries are gone).
    offers: null,
    // CustomerReviews { count, starRating: { value } }: null when Amazon has none for the item.
    rating: checked(starRatingSchema, at(raw, "customerReviews", "starRating", "value"), note, "customerReviews.starRating") ?? null,
    reviewCount: checked(reviewCountSchema, at(raw, "customerReviews", "count"), note, "customerReviews.count") ?? null,
    detailPageUrl: checked(detailPageUrlSchema(marketplace), at(raw, "detailPageURL"), note, "detailPageURL") ?? null,
    ...brandOf(raw, note),
  };
  // Every field above went through its schema, so the product passes productDataSchema as a whole
  // (the tests check this; the cache re-checks it on read).
  return { ok: true, product, categoryRanks: mapCategoryRanks(info) };
}

/** The byLineInfo brand, when it is a non-empty string: the portfolio groups ASINs by it. */
function brandOf(raw: unknown, note: (problem: string) => void): { brand?: string } {
  const brand = checked(textSchema, at(raw, "itemInfo", "byLineInfo", "brand", "displayValue"), note, "brand");
  return brand ? { brand } : {};
}

function image(primary: unknown, note: (problem: string) => void): string | null {
  for (const size of ["large", "medium", "small"]) {
    const url = checked(imageUrlSchema, at(primary, size, "url"), note, `images.primary.${size}.url`);
    if (url) return url;
  }
  return null;
}

function readBrowseNodeInfo(raw: unknown, note: (problem: string) => void): BrowseNodeInfo {
  const text = (value: unknown, what: string) => checked(textSchema, value, note, what) ?? undefined;
  const id = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const node = (value: unknown, depth: number): BrowseNode => {
    const ancestor = at(value, "ancestor");
    return {
      id: id(at(value, "id")),
      displayName: text(at(value, "displayName"), "browse node displayName"),
      contextFreeName: text(at(value, "contextFreeName"), "browse node contextFreeName"),
      salesRank: checked(rankSchema, at(value, "salesRank"), note, "browse node salesRank") ?? null,
      ancestor: ancestor !== undefined && ancestor !== null && depth < MAX_ANCESTORS ? node(ancestor, depth + 1) : undefined,
    };
  };
  const website = at(raw, "websiteSalesRank");
  return {
    browseNodes: arrayAt(at(raw, "browseNodes"), note, "browseNodes").map((value) => node(value, 0)),
    website:
      typeof website === "object" && website !== null
        ? {
            id: id(at(website, "id")),
            displayName: text(at(website, "displayName"), "websiteSalesRank displayName"),
            contextFreeName: text(at(website, "contextFreeName"), "websiteSalesRank contextFreeName"),
            salesRank: checked(rankSchema, at(website, "salesRank"), note, "websiteSalesRank salesRank") ?? null,
          }
        : undefined,
  };
}

/**
 * The item's sales rank in each category that ranks it: the website category
 * (WebsiteSalesRank) first, then every browse node with a SalesRank, in answer order.
 */
function mapCategoryRanks(info: BrowseNodeInfo): CategoryRank[] {
  const ranks: CategoryRank[] = [];
  const website = info.website;
  const websiteName = website?.displayName ?? website?.contextFreeName;
  if (website?.salesRank && websiteName) ranks.push({ category: websiteName, rank: website.salesRank });
  for (const node of info.browseNodes) {
    const category = node.displayName ?? node.contextFreeName;
    // The website category can also come back as a browse node; keep it once.
    if (node.salesRank === null || !category || (website?.id !== undefined && node.id === website.id)) continue;
    ranks.push({ category, rank: node.salesRank });
  }
  return ranks;
}

/**
 * Root-first path of the browse node the item ranks best in (the first node when
 * none is ranked), cut to start at the website sales-rank category when that
 * category is on the ladder, since ladders can end in technical roots above it.
 */
function categoryPath(info: BrowseNodeInfo): string[] {
  const ranked = info.browseNodes.filter((node) => node.salesRank !== null);
  const node = ranked.length
    ? ranked.reduce((best, next) => ((next.salesRank ?? Infinity) < (best.salesRank ?? Infinity) ? next : best))
    : info.browseNodes[0];
  const website = info.website;
  if (!node) return website?.displayName ? [website.displayName] : [];

  const ladder: BrowseNode[] = [];
  for (let step: BrowseNode | undefined = node; step; step = step.ancestor) ladder.unshift(step);
  // Match by id first: a technical root can share the website category's context-free name.
  const matchers: ((step: BrowseNode) => boolean)[] = website
    ? [
        (step) => website.id !== undefined && step.id === website.id,
        (step) => website.displayName !== undefined && step.displayName === website.displayName,
        (step) => website.contextFreeName !== undefined && step.contextFreeName === website.contextFreeName,
      ]
    : [];
  const root = matchers.map((matches) => ladder.findIndex(matches)).find((index) => index >= 0) ?? 0;
  return ladder.slice(root).flatMap((step) => (step.displayName ? [step.displayName] : []));
}

/**
 * The Buy Box winner's price; with no winner, the lowest listed price, labelled "lowest_offer"
 * (never shown as the price shoppers see). Positive, in the marketplace's currency.
 */
function priceOf(rawListings: unknown, marketplace: Marketplace, note: (problem: string) => void): { price: Price | null; priceSource?: "lowest_offer" } {
  const listings = arrayAt(rawListings, note, "offersV2.listings");
  const winner = listings.find((candidate) => at(candidate, "isBuyBoxWinner") === true);
  if (winner) {
    const price = listingPrice(winner, marketplace, note);
    // The Buy Box price is what `price` means unlabelled.
    return { price };
  }
  const prices = listings.map((listing) => listingPrice(listing, marketplace, note)).filter((price): price is Price => price !== null);
  if (prices.length === 0) return { price: null };
  return { price: prices.reduce((low, next) => (next.amount < low.amount ? next : low)), priceSource: "lowest_offer" };
}

function listingPrice(listing: unknown, marketplace: Marketplace, note: (problem: string) => void): Price | null {
  const amount = checked(priceAmountSchema, at(listing, "price", "money", "amount"), note, "price amount");
  if (amount === undefined || amount === null) return null;
  const expected = MARKETPLACE_CURRENCY[marketplace];
  const currency = checked(currencySchema, at(listing, "price", "money", "currency"), note, "price currency");
  if (currency === null) return null;
  if (currency !== undefined && currency !== expected) {
    note(`price currency ${currency} is not the marketplace's ${expected}`);
    return null;
  }
  return { amount, currency: expected };
}

export function exceptionOf(body: unknown): { type?: string; reason?: string; message?: string; resourceId?: string } {
  const text = (key: string) => (typeof at(body, key) === "string" ? (at(body, key) as string) : undefined);
  return { type: text("type") ?? text("__type"), reason: text("reason"), message: text("message"), resourceId: text("resourceId") };
}
