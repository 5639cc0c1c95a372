import type { Marketplace } from "./marketplaces";

export type DataSource = "cache" | "live" | "mock";

export interface Price {
  amount: number;
  currency: string;
}

/** What a product source knows about one ASIN in one marketplace. */
export interface ProductData {
  asin: string;
  marketplace: Marketplace;
  title: string | null;
  image: string | null;
  /** Root first, e.g. ["Electronics", "Headphones", "Earbud Headphones"]. */
  categoryPath: string[];
  /** Best Sellers Rank in the website (top-level) category. */
  rank: number | null;
  price: Price | null;
  offers: number | null;
  /** No official Amazon API returns these; live sources leave them null. */
  rating: number | null;
  reviewCount: number | null;
  detailPageUrl: string | null;
  /** The brand Amazon's item data names (Creators byLineInfo), when it names one. */
  brand?: string;
}

/** The body of GET /api/v1/lookup. */
export interface LookupResult extends ProductData {
  source: DataSource;
  /** ISO 8601 UTC time the data was fetched from the source. */
  refreshedAt: string;
}
