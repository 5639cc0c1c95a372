import * as z from "./zod-jitless";
import { asinSchema, marketplaceSchema } from "./lookup";
import { LOOKUP_MARKETPLACES, type Marketplace } from "./marketplaces";
import { HISTORY_RANGE_DAYS, HISTORY_RANGES, type HistoryRange } from "./history-ranges";

/** Rank history and the watchlist, shared by the Worker and the web app. */
export { ANONYMOUS_HISTORY_RANGE, HISTORY_RANGE_DAYS, HISTORY_RANGES, type HistoryRange } from "./history-ranges";

const HISTORY_DAYS_MAX = HISTORY_RANGE_DAYS["90d"];
const daysError = `days must be a whole number from 1 to ${HISTORY_DAYS_MAX}`;

export const historyQuerySchema = z.object({
  asin: asinSchema,
  marketplace: marketplaceSchema,
  range: z
    .enum(HISTORY_RANGES, { error: `Range must be one of ${HISTORY_RANGES.join(", ")}` })
    .default("7d")
    .meta({ description: "7d, 30d or 90d, up to the plan's history days; default 7d.", example: "30d" }),
  /** Any number of days up to the plan's; when given, it wins over `range`. */
  days: z
    .string()
    .transform((text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN))
    .pipe(z.int({ error: daysError }).min(1, { error: daysError }).max(HISTORY_DAYS_MAX, { error: daysError }))
    .optional()
    .meta({ description: "Any number of days, 1–90, up to the plan's history days; wins over `range`.", example: "14" }),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

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

const isoDay = z.string().meta({ format: "date", example: "2026-11-24" });

/** The answer schema of GET /api/v1/history (and of the lookup's `history` field), checked against HistoryResponse. */
export const historyResponseSchema: z.ZodType<HistoryResponse> = z
  .object({
    asin: z.string().meta({ example: "B08N5WRWNW" }),
    marketplace: z.enum(LOOKUP_MARKETPLACES),
    range: z.enum(HISTORY_RANGES),
    days: z.number().int(),
    points: z.array(
      z.object({
        day: isoDay,
        source: z.enum(["live", "mock"]),
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
  })
  .meta({ id: "History" });

export const watchlistEntrySchema = z.object({ asin: asinSchema, marketplace: marketplaceSchema });
export type WatchlistEntryInput = z.input<typeof watchlistEntrySchema>;

/** GET /api/watchlist. */
export interface WatchlistResponse {
  items: {
    asin: string;
    marketplace: Marketplace;
    addedAt: string;
    /** Past the plan's watchlist size or marketplaces: still listed, not snapshotted until an upgrade. */
    paused: boolean;
    paused_reason: "plan_limit" | null;
  }[];
}
