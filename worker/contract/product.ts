import * as z from "./zod-jitless";
import { historyResponseSchema, type HistoryResponse } from "./history-response";
import { LOOKUP_MARKETPLACES, type Marketplace } from "./marketplaces";

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
  /** Stars out of 5 and the ratings count, from the Creators API's customerReviews; null when Amazon has none. */
  rating: number | null;
  reviewCount: number | null;
  detailPageUrl: string | null;
  /** The brand Amazon's item data names (Creators byLineInfo), when it names one. */
  brand?: string;
  /**
   * "lowest_offer" when no offer wins the Buy Box and `price` is the lowest offer's (labelled so,
   * never passed off as the price shoppers see). Absent: `price` is the Buy Box winner's, or null.
   */
  priceSource?: "lowest_offer";
}

/** The body of GET /api/v1/lookup. */
export interface LookupResult extends ProductData {
  source: DataSource;
  /** ISO 8601 UTC time the data was fetched from the source. */
  refreshedAt: string;
  /** Only on GET /api/v1/lookup asked with `history`: what GET /api/v1/history answers for those days. */
  history?: HistoryResponse;
}

/**
 * The answer schema of GET /api/v1/lookup (and of each compare item), checked against LookupResult.
 * Lazy, as every answer schema on the lookup path: only the OpenAPI document reads it, so a cold
 * start does not build it (docs/adr/0012-split-worker-build.md).
 */
export const lookupResultSchema: z.ZodType<LookupResult> = z.lazy(() =>
  z.object({
    asin: z.string().meta({ example: "B08N5WRWNW" }),
    marketplace: z.enum(LOOKUP_MARKETPLACES).meta({ example: "US" }),
    source: z.enum(["live", "cache", "mock"]).meta({
      description:
        "Where the figures come from. live: fetched from Amazon's Creators API for this answer; cache: Amazon's answer kept by RankLayer, at most 24 h old (refreshedAt says when); mock: RankLayer's sample data, not Amazon's (no credential or partner tag for this store, or a demo account).",
    }),
    title: z.string().nullable(),
    image: z.string().nullable(),
    categoryPath: z.array(z.string()),
    rank: z.number().int().nullable(),
    price: z.object({ amount: z.number(), currency: z.string() }).nullable(),
    offers: z.number().int().nullable(),
    rating: z.number().nullable(),
    reviewCount: z.number().int().nullable(),
    detailPageUrl: z.string().nullable(),
    brand: z.string().optional(),
    priceSource: z.enum(["lowest_offer"]).optional(),
    refreshedAt: z.string().meta({ format: "date-time", example: "2026-11-24T04:00:00.000Z" }),
    // No .meta here: it would copy History inline rather than refer to it. The route's description says when it is there.
    history: historyResponseSchema.optional(),
  }).meta({ id: "LookupResult" }),
);
