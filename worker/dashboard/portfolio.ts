import type { BrandRow, BrandStatus, FigureSource, HeatBand, HeatmapCell, Money, PortfolioResponse } from "../contract/dashboard";
import type { DashboardRow } from "../contract/dashboard";
import { amountText } from "../shared/money-text";
import { figureSource, newest } from "./kpis";
import { brandOf, categoryOf } from "./row-filter";

/**
 * Brand status rules, first match wins (rank change % is the mean of the brand's ASINs'
 * change over the range; positive = ranks got worse):
 * 1. needs-attention: rank change ≥ +10 %;
 * 2. top-performer: average rank ≤ 10,000 and a rank change ≤ 0 (not slipping);
 * 3. growing: rank change ≤ −5 %;
 * 4. steady: anything else, or no change figure yet.
 */
export const NEEDS_ATTENTION_CHANGE = 10;
export const TOP_PERFORMER_RANK = 10_000;
export const GROWING_CHANGE = -5;

export function brandStatus(averageRank: number | null, rankChangePercent: number | null): BrandStatus {
  if (rankChangePercent !== null && rankChangePercent >= NEEDS_ATTENTION_CHANGE) return "needs-attention";
  if (averageRank !== null && averageRank <= TOP_PERFORMER_RANK && rankChangePercent !== null && rankChangePercent <= 0) return "top-performer";
  if (rankChangePercent !== null && rankChangePercent <= GROWING_CHANGE) return "growing";
  return "steady";
}

/**
 * Heatmap band of a category's mean rank change % over the range, by its size:
 * high ≥ 10 %, medium ≥ 3 %, low below; no figure, no band. Direction: negative = improving.
 */
export function heatBand(rankChangePercent: number | null): { band: HeatBand | null; direction: HeatmapCell["direction"] } {
  if (rankChangePercent === null) return { band: null, direction: null };
  const size = Math.abs(rankChangePercent);
  const band: HeatBand = size >= 10 ? "high" : size >= 3 ? "medium" : "low";
  return { band, direction: rankChangePercent < 0 ? "improving" : rankChangePercent > 0 ? "worsening" : "flat" };
}

/** Revenue of one ASIN over the range, from the stored getOrderMetrics rows. */
export interface AsinRevenue {
  /** Sum of the ok days; null when no day had a figure. */
  total: Money | null;
  /** Why there is no figure: not granted, or not fetched yet. */
  missingReason: string | null;
  source: FigureSource;
  /** Days of the range without a figure from Amazon: left out of the total, never taken as zero. */
  missingDays: readonly string[];
}

export const NOT_GRANTED_NOTE = "Sales data not granted: reconnect your seller account and allow the Sales role.";
export const NOT_FETCHED_NOTE = "No sales figures from Amazon yet: they are fetched in the nightly 02:00 UTC run.";

/**
 * Sums revenue rows (one per day) of one ASIN over `rangeDays` (the range's local days); the
 * rows of other statuses only explain a gap. A day without an ok row is missing: listed, and
 * left out of the sum, never counted as zero.
 */
export function asinRevenue(
  rows: readonly { day?: string; status: string; amount: number | null; currency: string | null; source: string; capturedAt: string }[],
  rangeDays: readonly string[] = [],
): AsinRevenue {
  const ok = rows.filter((row) => row.status === "ok" && row.amount !== null && row.currency);
  const source = newest(rows.map((row) => revenueSource(row.source, row.capturedAt)));
  const answered = new Set(ok.map((row) => row.day));
  const missingDays = rangeDays.filter((day) => !answered.has(day));
  if (ok.length === 0) {
    return { total: null, missingReason: rows.some((row) => row.status === "not_granted") ? NOT_GRANTED_NOTE : NOT_FETCHED_NOTE, source, missingDays };
  }
  return { total: { amount: cents(ok.reduce((sum, row) => sum + row.amount!, 0)), currency: ok[0]!.currency! }, missingReason: null, source, missingDays };
}

/** asinRevenue from the rows already summed in SQL (revenue-store.ts, revenueTotalsOf): the same answer. */
/** Where an ASIN's revenue totals come from: the mock's label if any row is the mock's, the newest capture time. */
export function revenueSourceOfTotals(totals: { anyMock: boolean; newestCapturedAt: string }): FigureSource {
  return revenueSource(totals.anyMock ? "mock" : "spapi", totals.newestCapturedAt);
}

export function asinRevenueFromTotals(
  totals: { okDays: readonly string[]; okAmount: number | null; currency: string | null; notGranted: boolean; anyMock: boolean; newestCapturedAt: string },
  rangeDays: readonly string[] = [],
): AsinRevenue {
  const source = revenueSourceOfTotals(totals);
  const answered = new Set(totals.okDays);
  const missingDays = rangeDays.filter((day) => !answered.has(day));
  if (totals.okDays.length === 0 || totals.okAmount === null || !totals.currency) {
    return { total: null, missingReason: totals.notGranted ? NOT_GRANTED_NOTE : NOT_FETCHED_NOTE, source, missingDays };
  }
  return { total: { amount: cents(totals.okAmount), currency: totals.currency }, missingReason: null, source, missingDays };
}

/** An ASIN with no revenue row at all, and why (`note`): not fetched yet, unless no seller account sells in its marketplace. */
export function noRevenueRows(note = NOT_FETCHED_NOTE): AsinRevenue {
  return { total: null, missingReason: note, source: newest([]), missingDays: [] };
}
const NOT_FETCHED = noRevenueRows();

export function revenueSource(kind: string, asOf: string): FigureSource {
  return kind === "spapi"
    ? { kind: "spapi", label: "Amazon SP-API Sales (getOrderMetrics)", asOf }
    : { kind: "mock", label: "Mock revenue (demo)", asOf };
}

/**
 * Adds revenue figures; "—" (null) as soon as any part is missing, with the first reason.
 * missingDays: the days some part has no figure for (the sum leaves them out).
 * `partial` (the portfolio's total card): the parts with a figure are added and the note says how
 * many products the total leaves out and why, so it is never passed off as the whole; with no
 * figure at all it is still "—".
 */
export function sumRevenue(
  parts: readonly AsinRevenue[],
  { partial = false }: { partial?: boolean } = {},
): { total: Money | null; note: string | null; source: FigureSource; missingDays: number } {
  const source = newest(parts.map((part) => part.source));
  const missingDays = new Set(parts.flatMap((part) => part.missingDays)).size;
  if (parts.length === 0) return { total: null, note: NOT_FETCHED_NOTE, source, missingDays };
  const present = parts.filter((part) => part.total !== null);
  const missing = parts.find((part) => part.total === null);
  if (missing && (!partial || present.length === 0)) return { total: null, note: missing.missingReason, source, missingDays };
  const currencies = new Set(present.map((part) => part.total!.currency));
  if (currencies.size > 1) return { total: null, note: "Revenue in several currencies: choose one marketplace.", source, missingDays };
  const total = { amount: cents(present.reduce((sum, part) => sum + part.total!.amount, 0)), currency: present[0]!.total!.currency };
  const left = parts.length - present.length;
  const note = missing ? `Leaves out ${left} of ${parts.length} products without sales figures: ${missing.missingReason ?? NOT_FETCHED_NOTE}` : null;
  return { total, note, source, missingDays };
}

/** The portfolio's rows, cards and heatmap over rows already filtered (marketplace, brand, category). */
export function buildPortfolio(
  rows: readonly DashboardRow[],
  revenue: ReadonlyMap<string, AsinRevenue>,
  /** What an ASIN without revenue rows shows. */
  withoutRows: AsinRevenue = NOT_FETCHED,
): Pick<PortfolioResponse, "brandRows" | "heatmap" | "kpis"> {
  const byBrand = groupBy(rows, brandOf);
  const brandRows: BrandRow[] = [...byBrand].map(([brand, items]) => {
    const averageRank = meanRounded(items.map((row) => row.rank));
    const change = meanChange(items);
    const money = sumRevenue(items.map((row) => revenue.get(revenueKey(row)) ?? withoutRows));
    return {
      brand,
      products: items.length,
      averageRank,
      rankChangePercent: change,
      revenue: money.total,
      revenueNote: money.note,
      status: brandStatus(averageRank, change),
      source: figureSource(items.map((row) => row.rankSource)),
    };
  });
  brandRows.sort((a, b) => (a.averageRank ?? Infinity) - (b.averageRank ?? Infinity) || a.brand.localeCompare(b.brand));

  const heatmap: HeatmapCell[] = [...groupBy(rows, categoryOf)]
    .map(([category, items]) => {
      const change = meanChange(items);
      return { category, products: items.length, rankChangePercent: change, ...heatBand(change) };
    })
    .sort((a, b) => a.category.localeCompare(b.category));

  const total = sumRevenue(rows.map((row) => revenue.get(revenueKey(row)) ?? withoutRows), { partial: true });
  return {
    brandRows,
    heatmap,
    kpis: {
      totalRevenue: total.total,
      revenueNote: total.note,
      revenueSource: total.source,
      revenueMissingDays: total.missingDays,
      averageRank: meanRounded(rows.map((row) => row.rank)),
      topPerformers: brandRows.filter((row) => row.status === "top-performer").length,
      needsAttention: brandRows.filter((row) => row.status === "needs-attention").length,
      rankSource: figureSource(rows.map((row) => row.rankSource)),
    },
  };
}

export function revenueKey(row: { asin: string; marketplace: string }): string {
  return `${row.marketplace}:${row.asin}`;
}

/** The brand table as plain rows (header first) for the CSV/PDF exports. */
export function portfolioExportRows(portfolio: Pick<PortfolioResponse, "brandRows">): string[][] {
  return [
    ["Brand", "Products", "Average rank", "Rank change %", "Revenue", "Currency", "Status", "Source", "As of"],
    ...portfolio.brandRows.map((row) => [
      row.brand,
      String(row.products),
      row.averageRank === null ? "" : String(row.averageRank),
      row.rankChangePercent === null ? "" : String(row.rankChangePercent),
      row.revenue === null ? "" : amountText(row.revenue.amount, row.revenue.currency),
      row.revenue?.currency ?? "",
      row.status,
      row.source.label,
      row.source.asOf ?? "",
    ]),
  ];
}

function meanChange(rows: readonly DashboardRow[]): number | null {
  const changes = rows.map((row) => row.velocity.rankChangePercent).filter((value): value is number => value !== null);
  if (changes.length === 0) return null;
  const mean = Math.round((changes.reduce((a, b) => a + b, 0) / changes.length) * 10) / 10;
  return mean === 0 ? 0 : mean;
}

function meanRounded(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length ? Math.round(known.reduce((a, b) => a + b, 0) / known.length) : null;
}

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
