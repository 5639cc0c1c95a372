import * as z from "./zod-jitless";
import { asinSchema, marketplaceCodeSchema, marketplaceSchema } from "./lookup";
import type { Marketplace } from "./marketplaces";
import { HISTORY_RANGE_DAYS, HISTORY_RANGES } from "./history-ranges";

/** Rank history and the watchlist, shared by the Worker and the web app. */
export { ANONYMOUS_HISTORY_RANGE, HISTORY_RANGE_DAYS, HISTORY_RANGES, type HistoryRange } from "./history-ranges";
export { historyResponseSchema, type HistoryPoint, type HistoryResponse, type RankVelocity } from "./history-response";

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
    // Digits on the wire, checked as a whole number: documented as the integer the validator takes.
    .meta({ type: "integer", minimum: 1, maximum: HISTORY_DAYS_MAX, description: "Any number of days, 1–90, up to the plan's history days; wins over `range`.", example: 14 }),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

export const watchlistEntrySchema = z.object({ asin: asinSchema, marketplace: marketplaceSchema });
export type WatchlistEntryInput = z.input<typeof watchlistEntrySchema>;
/** DELETE /api/watchlist/{marketplace}/{asin}: a path names both (a path parameter has no default). */
export const watchlistEntryPathSchema = z.object({ marketplace: marketplaceCodeSchema, asin: asinSchema });

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
