/**
 * The ranges of rank history. Zod-free, so a screen that only offers the ranges (compare,
 * portfolio, rank trends) does not load the validator with them; history.ts re-exports them.
 */
export const HISTORY_RANGES = ["7d", "30d", "90d"] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const HISTORY_RANGE_DAYS: Record<HistoryRange, number> = { "7d": 7, "30d": 30, "90d": 90 };
/** Anonymous visitors see the free plan's 7-day snapshots. */
export const ANONYMOUS_HISTORY_RANGE: HistoryRange = "7d";
