import type { DashboardRow, FigureSource } from "../contract/dashboard";
import type { RankVelocity } from "../contract/history";
import type { Marketplace } from "../contract/marketplaces";
import { DAY_MS, utcDay } from "../contract/time";
import { rankVelocity } from "../history/velocity";
import { buyBoxFields, NO_SOURCE, RANK_SOURCE_LABEL, sellerSource, type TrackedAsinData } from "./kpis";

/**
 * Per-ASIN summaries: what the dashboard, portfolio and their exports show of one tracked ASIN,
 * computed once from its day points (by the nightly run and each extra refresh) so a screen
 * reads one row per ASIN instead of every point. Pure: no I/O (store: dashboard/summary-store.ts).
 */

/** The windows a screen may ask for: the dashboard's 7 days, the portfolio's 7, 30 and 90. */
export const SUMMARY_WINDOWS = [7, 30, 90] as const;
export type SummaryWindow = (typeof SUMMARY_WINDOWS)[number];
/** Days of point history a summary is built from (the longest window). */
export const SUMMARY_DAYS = 90;
/** Days the compact sparkline covers. */
export const SPARKLINE_DAYS = 30;

/** A day point as the history readers give it, with its capture time. */
export interface SummaryPoint {
  day: string;
  source: "live" | "mock";
  rank: number | null;
  price: number | null;
  currency: string | null;
  capturedAt: string;
  /** "lowest_offer" when no offer won the Buy Box that day and `price` is the lowest offer's. */
  priceSource?: "lowest_offer";
}

/** The JSON column: per-window figures and the compact sparkline. */
export interface SummaryFigures {
  velocity: Record<`${SummaryWindow}`, RankVelocity>;
  /** Latest ranked day's rank minus the window's first ranked day's, of the latest point's source (null under two such days). */
  change: Record<`${SummaryWindow}`, number | null>;
  /** The last 30 days' points of the latest point's source as [days after sparkFrom, rank]: days without such a point are left out. */
  sparkFrom: string;
  spark: [number, number | null][];
  /**
   * "lowest_offer" when the latest point's price is the lowest offer's (no Buy Box winner). Kept in
   * the JSON column, so no migration: a summary written before it reads as a Buy Box price until the
   * next nightly run rebuilds it.
   */
  priceSource?: "lowest_offer";
}

export interface AsinSummary {
  marketplace: string;
  asin: string;
  rank: number | null;
  price: number | null;
  currency: string | null;
  /** Source of the latest point; null when there is none in the last 90 days. */
  source: "live" | "mock" | null;
  rankCapturedAt: string | null;
  lastDay: string | null;
  figures: SummaryFigures;
  computedAt: string;
}

const dayOf = utcDay;
const dayIndex = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** First day of the `days`-day window ending on the UTC day of `nowMs`. */
export function windowStart(days: number, nowMs: number): string {
  return dayOf(nowMs - (days - 1) * DAY_MS);
}

function rankChange(points: readonly SummaryPoint[]): number | null {
  const ranked = points.filter((point) => point.rank !== null);
  return ranked.length >= 2 ? ranked.at(-1)!.rank! - ranked[0]!.rank! : null;
}

/** The summary of one ASIN from its day points (any order, up to 90 days), computed at `nowMs`. */
export function buildAsinSummary(marketplace: string, asin: string, points: readonly SummaryPoint[], nowMs: number): AsinSummary {
  const today = dayOf(nowMs);
  const sorted = points.filter((point) => point.day <= today).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const inWindow = (days: number) => sorted.filter((point) => point.day >= windowStart(days, nowMs));
  const windows = Object.fromEntries(SUMMARY_WINDOWS.map((days) => [days, inWindow(days)])) as Record<SummaryWindow, SummaryPoint[]>;
  const sparkFrom = windowStart(SPARKLINE_DAYS, nowMs);
  const latest = windows[SUMMARY_DAYS].at(-1) ?? null;
  // Change and velocity compare ranks of the latest point's source only: a mock rank and a live one measure nothing together.
  const comparable = (days: SummaryWindow) => windows[days].filter((point) => point.source === latest?.source);
  return {
    marketplace,
    asin,
    rank: latest?.rank ?? null,
    price: latest?.price ?? null,
    currency: latest?.currency ?? null,
    source: latest?.source ?? null,
    rankCapturedAt: latest?.capturedAt ?? null,
    lastDay: latest?.day ?? null,
    figures: {
      velocity: { 7: rankVelocity(comparable(7)), 30: rankVelocity(comparable(30)), 90: rankVelocity(comparable(90)) },
      change: { 7: rankChange(comparable(7)), 30: rankChange(comparable(30)), 90: rankChange(comparable(90)) },
      sparkFrom,
      // Drawn as the row's (the latest point's) source: earlier points of the other source are left out.
      spark: comparable(SPARKLINE_DAYS).map((point) => [dayIndex(point.day) - dayIndex(sparkFrom), point.rank]),
      ...(latest?.price !== null && latest?.priceSource === "lowest_offer" ? { priceSource: "lowest_offer" as const } : {}),
    },
    computedAt: new Date(nowMs).toISOString(),
  };
}

/**
 * Day names and numbers for the rows of one read: 10,000 rows' sparklines name the same 30 days,
 * and formatting a date is the costliest step of a row (300,000 of them for a 30-day portfolio).
 */
export class DayNames {
  private readonly names = new Map<number, string>();
  private readonly numbers = new Map<string, number>();
  private readonly starts = new Map<string, string>();

  /** YYYY-MM-DD of a day number (days since the epoch). */
  name(dayNumber: number): string {
    let name = this.names.get(dayNumber);
    if (name === undefined) this.names.set(dayNumber, (name = dayOf(dayNumber * DAY_MS)));
    return name;
  }

  /** The day number of YYYY-MM-DD. */
  index(day: string): number {
    let number = this.numbers.get(day);
    if (number === undefined) this.numbers.set(day, (number = dayIndex(day)));
    return number;
  }

  /** windowStart(days, Date.parse(at)). */
  windowStart(days: number, at: string): string {
    const key = `${days} ${at}`;
    let start = this.starts.get(key);
    if (start === undefined) this.starts.set(key, (start = windowStart(days, Date.parse(at))));
    return start;
  }
}

/** The window a screen asks for, as the nearest summary window at or above it (7, 30 or 90 days). */
export function summaryWindow(days: number): SummaryWindow {
  return SUMMARY_WINDOWS.find((window) => window >= days) ?? SUMMARY_DAYS;
}

/** What a dashboard row needs beside the summary: the item's details and the seller's latest own snapshot. */
export type SummaryRowInput = Pick<TrackedAsinData, "details" | "seller"> & { marketplace: Marketplace; asin: string; summary: AsinSummary | null };

/**
 * One dashboard/portfolio row from a summary, for a window of `days` ending at `readAt` (the read;
 * the summary's computation when absent). Its "as of" is the latest point's capture time, as when
 * rows were built from points. A summary is rebuilt only when points are written, so one whose
 * latest point is older than the window (captures failing since) shows no rank, change, velocity
 * or sparkline, as a row of no points did.
 */
export function rowFromSummary(input: SummaryRowInput, days: number, dayNames: DayNames = new DayNames(), readAt?: string): DashboardRow {
  const { summary } = input;
  const window = summaryWindow(days);
  const at = summary ? (readAt !== undefined && readAt > summary.computedAt ? readAt : summary.computedAt) : "";
  const fresh = summary !== null && summary.lastDay !== null && summary.lastDay >= dayNames.windowStart(window, at);
  const sparkStart = summary ? dayNames.index(summary.figures.sparkFrom) : 0;
  const fromIndex = summary ? dayNames.index(dayNames.windowStart(Math.min(window, SPARKLINE_DAYS), at)) : 0;
  const velocity = (fresh && summary.figures.velocity[`${window}`]) || { rankChangePercent: null, slopePerDay: null, best: null, worst: null };
  return {
    asin: input.asin,
    marketplace: input.marketplace,
    title: input.details?.title ?? null,
    image: input.details?.image ?? null,
    brand: input.details?.brand ?? null,
    category: input.details?.category ?? null,
    rank: fresh ? summary.rank : null,
    rankChange7d: fresh ? (summary.figures.change[`${window}`] ?? null) : null,
    velocity,
    price: fresh && summary.price !== null && summary.currency ? { amount: summary.price, currency: summary.currency } : null,
    // No Buy Box winner: the price is the lowest offer's and says so (never passed off as the Buy Box price).
    ...(fresh && summary.price !== null && summary.currency && summary.figures.priceSource === "lowest_offer" ? { priceSource: "lowest_offer" as const } : {}),
    ...buyBoxFields(input.seller),
    fulfillableUnits: input.seller?.fulfillableUnits ?? null,
    sparkline: (summary?.figures.spark ?? [])
      .filter(([offset]) => sparkStart + offset >= fromIndex)
      .map(([offset, rank]) => ({ day: dayNames.name(sparkStart + offset), rank })),
    rankSource: fresh && summary.source ? rankSource(summary.source, summary.rankCapturedAt ?? summary.lastDay) : NO_SOURCE,
    sellerSource: input.seller ? sellerSource(input.seller.source, input.seller.capturedAt) : NO_SOURCE,
  };
}

function rankSource(kind: "live" | "mock", asOf: string | null): FigureSource {
  return { kind, label: RANK_SOURCE_LABEL[kind], asOf };
}

