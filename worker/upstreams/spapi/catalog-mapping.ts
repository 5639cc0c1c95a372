import type { SalesRank } from "../../contract/account";
import type { CatalogItem } from "./seller-api";

/**
 * Pure mapping of a Catalog Items API 2022-04-01 `Item` to what RankLayer shows. Every
 * per-marketplace list is filtered to the requested marketplace id; display-group ranks
 * (the top-level Best Sellers category) come before classification ranks (sub-categories).
 */
interface RankEntry {
  title?: unknown;
  rank?: unknown;
}
interface MarketplaceRanks {
  marketplaceId?: unknown;
  classificationRanks?: readonly RankEntry[];
  displayGroupRanks?: readonly RankEntry[];
}
interface MarketplaceSummary {
  marketplaceId?: unknown;
  itemName?: unknown;
}
export interface CatalogItemPayload {
  asin?: unknown;
  summaries?: readonly MarketplaceSummary[];
  salesRanks?: readonly MarketplaceRanks[];
}

export function mapCatalogItem(payload: CatalogItemPayload, asin: string, marketplaceId: string): CatalogItem {
  const summary = list(payload.summaries).find((entry) => entry.marketplaceId === marketplaceId);
  const ranks = list(payload.salesRanks).find((entry) => entry.marketplaceId === marketplaceId);
  const title = typeof summary?.itemName === "string" && summary.itemName.trim() ? summary.itemName.trim() : `Product ${asin}`;
  return {
    asin: typeof payload.asin === "string" ? payload.asin : asin,
    title,
    salesRanks: [...toSalesRanks(ranks?.displayGroupRanks), ...toSalesRanks(ranks?.classificationRanks)],
  };
}

/** The entries of a list the model promises, without null entries; [] for anything else. */
function list<T extends object>(value: readonly T[] | undefined): T[] {
  return Array.isArray(value) ? value.filter((entry): entry is T => typeof entry === "object" && entry !== null) : [];
}

function toSalesRanks(entries: readonly RankEntry[] | undefined): SalesRank[] {
  return list(entries).flatMap((entry) =>
    typeof entry.title === "string" && typeof entry.rank === "number" && Number.isInteger(entry.rank) && entry.rank > 0
      ? [{ categoryTitle: entry.title, rank: entry.rank }]
      : [],
  );
}
