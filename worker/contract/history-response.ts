import * as z from "./zod-jitless";
import { HISTORY_RANGES, type HistoryRange } from "./history-ranges";
import { LOOKUP_MARKETPLACES, type Marketplace } from "./marketplaces";

// The answer of GET /api/v1/history and of a lookup's `history` field, apart from the history's
// request schemas (history.ts): the lookup's answer schema refers to it, and a cold start builds none of those.

/** One UTC day of public product data. */
export interface HistoryPoint {
  day: string;
  /** live or mock: mock points are labelled as such on screen. */
  source: "live" | "mock";
  rank: number | null;
  categoryRanks: { category: string; rank: number }[];
  price: number | null;
  currency: string | null;
  offers: number | null;
  /** Stars out of 5 and the ratings count that day (customerReviews), same source as the rank; null when Amazon has none. */
  rating: number | null;
  reviewCount: number | null;
  /** "lowest_offer" when no offer won the Buy Box that day and `price` is the lowest offer's. */
  priceSource?: "lowest_offer";
}

/** Rank velocity over the series; null figures when fewer than two ranked days exist. */
export interface RankVelocity {
  /** (last - first) / first * 100: positive means the rank number grew, i.e. got worse. */
  rankChangePercent: number | null;
  /** Least-squares slope of rank per day. */
  slopePerDay: number | null;
  /** Lowest (best) and highest (worst) rank in the range. */
  best: number | null;
  worst: number | null;
}

/** GET /api/history. */
export interface HistoryResponse {
  asin: string;
  marketplace: Marketplace;
  range: HistoryRange;
  /** Days the series covers, ending today (UTC): `days` when asked for, else the range's. */
  days: number;
  /** Oldest first, one point per day that has a snapshot. */
  points: HistoryPoint[];
  velocity: RankVelocity;
}

/**
 * The answer schema of GET /api/v1/history (and of the lookup's `history` field), checked against
 * HistoryResponse. Lazy: the lookup's answer schema refers to it, and a cold start builds neither.
 */
export const historyResponseSchema: z.ZodType<HistoryResponse> = z.lazy(() =>
  z.object({
    asin: z.string().meta({ example: "B08N5WRWNW" }),
    marketplace: z.enum(LOOKUP_MARKETPLACES),
    range: z.enum(HISTORY_RANGES),
    days: z.number().int(),
    points: z.array(
      z.object({
        day: z.string().meta({ format: "date", example: "2026-11-24" }),
        source: z.enum(["live", "mock"]).meta({ description: "live: Amazon's figures that day; mock: RankLayer's sample data, not Amazon's (the store had no live source, or only demo accounts tracked the ASIN)." }),
        rank: z.number().int().nullable(),
        categoryRanks: z.array(z.object({ category: z.string(), rank: z.number().int() })),
        price: z.number().nullable(),
        currency: z.string().nullable(),
        offers: z.number().int().nullable(),
        rating: z.number().nullable().meta({ description: "Stars out of 5 that day (Amazon's customerReviews.starRating), with the point's source; null when Amazon has none.", example: 4.6 }),
        reviewCount: z.number().int().nullable().meta({ description: "Ratings count that day (customerReviews.count), with the point's source; null when Amazon has none.", example: 12873 }),
        priceSource: z.enum(["lowest_offer"]).optional().meta({ description: "Present when no offer won the Buy Box that day: `price` is then the lowest offer's, not a Buy Box price." }),
      }),
    ),
    velocity: z.object({
      rankChangePercent: z.number().nullable(),
      slopePerDay: z.number().nullable(),
      best: z.number().nullable(),
      worst: z.number().nullable(),
    }),
  }).meta({ id: "History" }),
);
