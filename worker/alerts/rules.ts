import type { RankPoint } from "../history/velocity";
import { type AlertCondition, DEFAULT_THRESHOLDS } from "../contract/alerts";
import { addDays } from "../contract/time";

/**
 * The alert conditions as pure functions: no I/O, no clock. Each one sees the check day's
 * data point and the points of the 7 days before it, and answers fired, ok or no_data.
 * Missing data never fires.
 *
 * - rank_above: today's rank is worse (a higher number) than the threshold.
 * - rank_drop: today's rank is worse by more than threshold % than the best rank of the
 *   previous 7 days (so a slide spread over the week counts, not only day 7 vs today).
 * - price_change: today's price differs by more than ± threshold % from any price of the
 *   previous 7 days (measured against that earlier price).
 * - low_stock: today's fulfillable FBA units are below the threshold.
 * - buybox_lost: the seller held a Buy Box (Prime or non-Prime) at its latest earlier snapshot
 *   (within 7 days) and, known today, no longer holds it; the message says which. Unknown never fires.
 *
 * The two seller conditions see each seller connection's own series apart (one seller's day is
 * never compared with another's) and fire when any connection meets them.
 *
 * A threshold equal to the observed value or move never fires; one past it does.
 */
export const LOOKBACK_DAYS = 7;

/** One UTC day of public data for the alert's ASIN and marketplace (rank_snapshots): the rank series plus price and source. */
export interface AlertRankPoint extends RankPoint {
  price: number | null;
  /** The price's ISO 4217 currency (the marketplace's); absent or null: written as a bare amount. */
  currency?: string | null;
  source: "live" | "mock";
}

/** One UTC day of the alert owner's own seller data (seller_snapshots). */
export interface SellerPoint {
  day: string;
  fulfillableUnits: number | null;
  holdsBuyBox: boolean | null;
  /** The Prime and the non-Prime Buy Box apart (null: unknown; absent in points from before they were kept). */
  holdsPrime?: boolean | null;
  holdsNonPrime?: boolean | null;
  source: string;
}

/** What a rule sees: the check day's point (null when none was captured) and the 7 days before. */
export interface Window<Point> {
  today: Point | null;
  /** Points of the LOOKBACK_DAYS days before today, oldest first. */
  earlier: Point[];
}

/** One seller connection's own data: its name (for the message) and its window. */
export interface ConnectionSeller {
  name: string;
  seller: Window<SellerPoint>;
}

export interface AlertData {
  rank: Window<AlertRankPoint>;
  /** Each watched connection apart: one for an alert on one connection, every connection with data for the others. */
  sellers: ConnectionSeller[];
}

export type RuleResult = { result: "fired"; message: string } | { result: "ok" } | { result: "no_data"; reason: string };

export interface AlertRule {
  asin: string;
  marketplace: string;
  conditionType: AlertCondition;
  threshold: number | null;
}

const OK: RuleResult = { result: "ok" };
const noData = (reason: string): RuleResult => ({ result: "no_data", reason });
const fired = (message: string): RuleResult => ({ result: "fired", message });

/** Mock data is labelled wherever it is shown, including alert messages. */
const mockNote = (source: string) => (source === "mock" ? " (mock data)" : "");


/** A rank as the app shows it: #214,322. */
const rankText = (rank: number) => `#${rank.toLocaleString("en-US")}`;

/** The first day of the lookback window of `day` (YYYY-MM-DD). */
export function windowStart(day: string): string {
  return addDays(day, -LOOKBACK_DAYS);
}

/** Splits stored points into the check day and the lookback days; points outside the window are dropped. */
export function windowOf<Point extends { day: string }>(day: string, points: readonly Point[]): Window<Point> {
  const from = windowStart(day);
  return {
    today: points.find((point) => point.day === day) ?? null,
    earlier: points.filter((point) => point.day >= from && point.day < day).sort((a, b) => a.day.localeCompare(b.day)),
  };
}

export function rankAbove(threshold: number, rank: Window<AlertRankPoint>): RuleResult {
  const today = rank.today;
  if (today?.rank == null) return noData("No rank captured today");
  if (today.rank <= threshold) return OK;
  return fired(`rank ${rankText(today.rank)} is worse than your threshold ${rankText(threshold)}${mockNote(today.source)}`);
}

/**
 * The earlier points of today's point's source: a change is measured within live data or within
 * the mock, never from one to the other (the mock's figures are no product's past), as the
 * dashboard's changes are.
 */
function sameSource(rank: Window<AlertRankPoint>): AlertRankPoint[] {
  return rank.earlier.filter((point) => point.source === rank.today?.source);
}

export function rankDrop(thresholdPercent: number, rank: Window<AlertRankPoint>): RuleResult {
  const today = rank.today;
  if (today?.rank == null) return noData("No rank captured today");
  const earlierRanks = sameSource(rank).flatMap((point) => (point.rank == null ? [] : [point.rank]));
  if (earlierRanks.length === 0) return noData(`No rank from the previous ${LOOKBACK_DAYS} days to compare with`);
  const best = Math.min(...earlierRanks);
  // Integer arithmetic: "more than threshold %" is (today - best) * 100 > threshold * best.
  if ((today.rank - best) * 100 <= thresholdPercent * best) return OK;
  const percent = (((today.rank - best) / best) * 100).toFixed(1);
  return fired(
    `rank ${rankText(today.rank)} is ${percent}% worse than ${rankText(best)} in the last ${LOOKBACK_DAYS} days (threshold ${thresholdPercent}%)${mockNote(today.source)}`,
  );
}

/** Prices compared in whole cents, so boundaries are exact (no floating-point drift). */
const cents = (amount: number) => Math.round(amount * 100);

export function priceChange(thresholdPercent: number, rank: Window<AlertRankPoint>): RuleResult {
  const today = rank.today;
  if (today?.price == null) return noData("No price captured today");
  // A zero price has no meaningful percentage change.
  const earlier = sameSource(rank).flatMap((point) => (point.price == null || cents(point.price) <= 0 ? [] : [cents(point.price)]));
  if (earlier.length === 0) return noData(`No price from the previous ${LOOKBACK_DAYS} days to compare with`);
  const now = cents(today.price);
  // (now - p) / p is largest in size at the lowest or the highest earlier price.
  const [low, high] = [Math.min(...earlier), Math.max(...earlier)];
  const reference = Math.abs(now - low) * high >= Math.abs(now - high) * low ? low : high;
  if (Math.abs(now - reference) * 100 <= thresholdPercent * reference) return OK;
  const percent = (((now - reference) / reference) * 100).toFixed(1);
  const sign = now > reference ? "+" : "";
  const money = (amountCents: number) => moneyText(amountCents, today.currency);
  return fired(
    `price ${money(now)} moved ${sign}${percent}% from ${money(reference)} in the last ${LOOKBACK_DAYS} days (threshold ±${thresholdPercent}%)${mockNote(today.source)}`,
  );
}

/**
 * A price as the app writes it (web/src/lib/format.ts): in its currency, with that currency's own
 * decimals (¥4,914, €28.99, MX$955.99); without a known currency, the bare amount (10.00).
 */
function moneyText(amountCents: number, currency: string | null | undefined): string {
  if (currency) {
    try {
      return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amountCents / 100);
    } catch {
      // Not an ISO 4217 code: the bare amount below.
    }
  }
  return (amountCents / 100).toFixed(2);
}

export function lowStock(threshold: number, seller: Window<SellerPoint>): RuleResult {
  const today = seller.today;
  if (today?.fulfillableUnits == null) return noData("No fulfillable FBA units captured today");
  if (today.fulfillableUnits >= threshold) return OK;
  return fired(`${today.fulfillableUnits} fulfillable units, below your threshold of ${threshold}${mockNote(today.source)}`);
}

export function buyBoxLost(seller: Window<SellerPoint>): RuleResult {
  const today = seller.today;
  const segmented = (point: SellerPoint) => point.holdsPrime != null || point.holdsNonPrime != null;
  const before = today && segmented(today) ? seller.earlier.findLast(segmented) : undefined;
  if (today && before) {
    const lost = [
      ...(before.holdsPrime === true && today.holdsPrime === false ? ["Prime"] : []),
      ...(before.holdsNonPrime === true && today.holdsNonPrime === false ? ["non-Prime"] : []),
    ];
    if (lost.length === 0) return OK;
    return fired(`you lost the ${lost.join(" and the ")} Buy Box (you held it on ${before.day})${mockNote(today.source)}`);
  }
  if (today?.holdsBuyBox == null) return noData("No Buy Box owner captured today");
  const previous = seller.earlier.findLast((point) => point.holdsBuyBox != null);
  if (!previous) return noData(`No earlier Buy Box owner in the previous ${LOOKBACK_DAYS} days to compare with`);
  if (!previous.holdsBuyBox || today.holdsBuyBox) return OK;
  return fired(`you lost the Buy Box (you held it on ${previous.day})${mockNote(today.source)}`);
}

/**
 * Runs the alert's condition on its data; a fired message names the ASIN and marketplace, and
 * for a seller condition on several connections, each connection that fired.
 */
export function evaluateAlert(alert: AlertRule, data: AlertData): RuleResult {
  const threshold = alert.threshold ?? DEFAULT_THRESHOLDS[alert.conditionType] ?? 0;
  const subject = `${alert.asin} (${alert.marketplace})`;
  switch (alert.conditionType) {
    case "low_stock":
      return onAnyConnection(subject, data.sellers, (seller) => lowStock(threshold, seller));
    case "buybox_lost":
      return onAnyConnection(subject, data.sellers, buyBoxLost);
    default: {
      const result = rankResult(alert.conditionType, threshold, data.rank);
      return result.result === "fired" ? fired(`${subject}: ${result.message}`) : result;
    }
  }
}

/**
 * The source of the data a firing of `alert` saw: "mock" when today's point it judged is the mock's
 * (a store without its own partner tag; for a seller condition, any connection's day from the mock
 * seller API), else "live". Said in the message too; this is the field programs read.
 */
export function firingSource(alert: Pick<AlertRule, "conditionType">, data: AlertData): "live" | "mock" {
  return resultSource(alert, data) ?? "live";
}

/**
 * The source of the data any result of `alert` was judged on, "ok" and "no data" as much as a
 * firing: "mock" when a day it read today is the mock's, "live" when today's data is Amazon's, null
 * when there was no data for the day at all (nothing to label). The screens and the API show it
 * beside the result, so a result found on mock data never reads as a live one.
 */
export function resultSource(alert: Pick<AlertRule, "conditionType">, data: AlertData): "live" | "mock" | null {
  if (alert.conditionType === "low_stock" || alert.conditionType === "buybox_lost") {
    const today = data.sellers.flatMap(({ seller }) => (seller.today ? [seller.today] : []));
    if (today.length === 0) return null;
    return today.some((point) => point.source === "mock") ? "mock" : "live";
  }
  const today = data.rank.today;
  return today ? (today.source === "mock" ? "mock" : "live") : null;
}

/**
 * A seller condition on each connection's series apart: fired when any connection fires (each
 * firing named when there are several), else ok when any is ok, else no data.
 */
function onAnyConnection(subject: string, sellers: readonly ConnectionSeller[], rule: (seller: Window<SellerPoint>) => RuleResult): RuleResult {
  // No connection with data still answers the rule's own "no data" reason.
  const results = (sellers.length > 0 ? sellers : [{ name: "", seller: { today: null, earlier: [] } }]).map(({ name, seller }) => ({ name, result: rule(seller) }));
  const named = sellers.length > 1;
  const firings = results.flatMap(({ name, result }) => (result.result === "fired" ? [`${subject}${named ? ` on ${name}` : ""}: ${result.message}`] : []));
  if (firings.length > 0) return fired(firings.join("; "));
  return results.find(({ result }) => result.result === "ok")?.result ?? results[0]!.result;
}

function rankResult(condition: Exclude<AlertCondition, "low_stock" | "buybox_lost">, threshold: number, rank: Window<AlertRankPoint>): RuleResult {
  switch (condition) {
    case "rank_above":
      return rankAbove(threshold, rank);
    case "rank_drop":
      return rankDrop(threshold, rank);
    case "price_change":
      return priceChange(threshold, rank);
  }
}
