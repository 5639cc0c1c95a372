import type { DailySales } from "../../upstreams/spapi/sales-mapping";
import { stageCursor } from "./stage-cursor";

/**
 * The store-total check of the revenue pass, as plain functions (no I/O). An agency workspace
 * tracks every client's ASINs, and each connection is asked about all of them, though a seller
 * sells only its own. getOrderMetrics without an ASIN answers the seller's whole store; when the
 * ASINs with a sign of being the seller's (stock, a Buy Box, recent sales) add up to that total on
 * every day, in units and in money, every other ASIN sold nothing those days (no figure is
 * negative), and is stored as an answered zero without a call. Otherwise they are asked as before.
 */

/** Units and money in cents of one day: cents, so that sums of decimal amounts compare exactly. */
export type DayFigures = Record<string, [units: number, cents: number]>;

export function figuresOf(sales: readonly DailySales[]): DayFigures {
  return addSales({}, sales);
}

/** `sums` with `sales` added, day by day (a new object; the cursor keeps the old one until written). */
export function addSales(sums: DayFigures, sales: readonly DailySales[]): DayFigures {
  const next: DayFigures = { ...sums };
  for (const { day, units, amount } of sales) {
    const [u, c] = next[day] ?? [0, 0];
    next[day] = [u + units, c + Math.round(amount * 100)];
  }
  return next;
}

/** Whether the total answered every one of `days` (a day left out proves nothing). */
export function coversDays(totals: DayFigures, days: readonly string[]): boolean {
  return days.every((day) => totals[day] !== undefined);
}

/** Whether the store sold nothing on any of `days`. */
export function soldNothing(totals: DayFigures, days: readonly string[]): boolean {
  return coversDays(totals, days) && days.every((day) => totals[day]![0] === 0 && totals[day]![1] === 0);
}

/** Whether `a` and `b` hold the same units and money on every one of `days`, each answering all of them. */
function sameFigures(a: DayFigures, b: DayFigures, days: readonly string[]): boolean {
  return coversDays(a, days) && days.every((day) => a[day]![0] === (b[day]?.[0] ?? 0) && a[day]![1] === (b[day]?.[1] ?? 0));
}

/** Whether the sums of the ASINs asked reach the store's total on every day (then a second total is worth asking). */
export function sumsReachTotal(total: DayFigures, sums: DayFigures, days: readonly string[]): boolean {
  return sameFigures(total, sums, days);
}

/**
 * Whether the ASINs asked account for the whole store on every day: the total before and after
 * asking them agree (no order moved meanwhile), and equal the sum of their answers.
 */
export function accountsForStore(before: DayFigures, after: DayFigures, sums: DayFigures, days: readonly string[]): boolean {
  return sameFigures(after, before, days) && sumsReachTotal(before, sums, days);
}

/**
 * Where one seller's revenue pass is in a marketplace it checks against the store total:
 * - `total`: ask the store total first;
 * - `signal`: ask the ASINs with a sign of being the seller's, after `after`, adding up `sums`;
 * - `recheck`: when the sums reach the total, ask it again and compare;
 * - `rest`: ask every other tracked ASIN (the sums did not match);
 * - `zero`: store the rest (`of: "rest"`), or every tracked ASIN when the store sold nothing
 *   (`of: "all"`), as zero days, a page at a time.
 */
export type CheckStage = "total" | "signal" | "recheck" | "rest" | "zero";

export interface CheckPosition {
  marketplace: string;
  stage: CheckStage;
  /** The last ASIN of the stage done ("" before the first). */
  after: string;
  totals?: DayFigures;
  sums?: DayFigures;
  /** The marketplace's currency as the total answered it, for zero days. */
  currency?: string;
  of?: "rest" | "all";
}

/** A check's cursor; a plain key cursor (also one written before the check existed) is the walk in key order. */
export const checkCursor = stageCursor<CheckPosition>("check:");

/**
 * The fewest ASINs without a sign for which a marketplace is checked. The check costs one call
 * when the sums fall short of the total and two when they reach it (the total before and after),
 * and then saves one per such ASIN; from 10 on, a check that fails costs at most a tenth more
 * calls (two when an order moved between the totals), and one that passes saves at least 8.
 */
export const CHECK_WORTH_FROM = 10;
