import { parseAsinList } from "@contract/asin-list";
import type { CompareItem } from "@contract/compare";
import { DEFAULT_MARKETPLACE, isMarketplace, LOOKUP_MARKETPLACES, readMarketplaceCode, type Marketplace } from "@contract/marketplaces";

export type SortKey = "input" | "rank" | "price";
export type SortDirection = "asc" | "desc";

function valueOf(item: CompareItem, key: SortKey): number | null {
  if (!item.ok) return null;
  if (key === "rank") return item.product.rank;
  if (key === "price") return item.product.price?.amount ?? null;
  return null;
}

/** The columns in the chosen order; products without the value (and errors) always come last, in input order. */
export function sortItems(items: readonly CompareItem[], key: SortKey, direction: SortDirection): CompareItem[] {
  if (key === "input") return [...items];
  const sign = direction === "asc" ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, value: valueOf(item, key) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      return (a.value - b.value) * sign || a.index - b.index;
    })
    .map(({ item }) => item);
}

/**
 * The ASIN with the best (lowest) rank, or null when none is ranked, or when the ranked ones are
 * ranked in different top-level categories (or one's is unknown): #6 in Home & Kitchen is not a
 * better rank than #73,098 in Office Products, so no product is called best across them.
 */
export function bestRanked(items: readonly CompareItem[]): string | null {
  if (rankCategories(items).length !== 1) return null;
  let best: { asin: string; rank: number } | null = null;
  for (const item of items) {
    if (item.ok && item.product.rank !== null && (best === null || item.product.rank < best.rank)) {
      best = { asin: item.asin, rank: item.product.rank };
    }
  }
  return best?.asin ?? null;
}

/** The top-level categories the ranked products' ranks are in ("" for one whose is unknown), each once. */
export function rankCategories(items: readonly CompareItem[]): string[] {
  return [...new Set(items.flatMap((item) => (item.ok && item.product.rank !== null ? [item.product.categoryPath[0] ?? ""] : [])))];
}

/** The shareable query of a compare: ?asins=A,B&marketplace=US. */
export function compareSearch(asins: readonly string[], marketplace: Marketplace): string {
  return `?${new URLSearchParams({ asins: asins.join(","), marketplace })}`;
}

/** The compare export's query: the products in the order shown, and the compare's receipt when it gave one. */
export function exportParams(items: readonly CompareItem[], marketplace: Marketplace, receipt: string | undefined): Record<string, string> {
  return { asins: items.map((item) => item.asin).join(","), marketplace, ...(receipt ? { receipt } : {}) };
}

/** A compare as a shared URL names it, and what in the URL could not be read (said on the page, never a silent change). */
export interface SharedCompare {
  asins: string[];
  marketplace: Marketplace;
  /** Sentences naming what the link held that was left out or replaced. */
  notes: string[];
}

/**
 * A compare as a shared URL names it: its valid ASINs (as pasted anywhere) and marketplace: the
 * one given, else the one its Amazon product links name (as the API picks it), else the default.
 */
export function readCompareSearch(params: URLSearchParams): SharedCompare {
  const list = parseAsinList(params.get("asins") ?? "");
  const given = (params.get("marketplace") ?? "").trim();
  const code = readMarketplaceCode(given);
  const marketplace = isMarketplace(code) ? code : (list.marketplace ?? DEFAULT_MARKETPLACE);
  const notes: string[] = [];
  if (list.invalid.length > 0) notes.push(`Left out of this link: ${list.invalid.join(", ")} (not ASINs or Amazon product links).`);
  if (given !== "" && !isMarketplace(code)) notes.push(`This link's marketplace "${given}" is not one RankLayer covers (${LOOKUP_MARKETPLACES.join(", ")}): showing ${marketplace}.`);
  return { asins: list.asins, marketplace, notes };
}
