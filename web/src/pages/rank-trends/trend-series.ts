import type { IntradayResponse } from "@contract/dashboard";
import type { HistoryResponse } from "@contract/history";
import { MARKETPLACE_CURRENCY } from "@contract/marketplaces";
import { latestSourcePoints } from "@contract/same-source";
import { dayNumber } from "@contract/time";
import type { ChartSeries } from "../../components/charts/chart-data";

/** One chart series per ASIN: its daily points (at the day) and, for Pro, its hourly points (at the hour). */
export function merged(series: readonly HistoryResponse[], intraday: IntradayResponse["series"], figure: "rank" | "price"): ChartSeries[] {
  return series.map((s) => {
    const hourly = intraday.find((i) => i.asin === s.asin && i.marketplace === s.marketplace)?.points ?? [];
    return {
      label: `${s.asin} (${s.marketplace})`,
      points: [...s.points.map((p) => ({ at: p.day, value: p[figure] })), ...hourly.map((p) => ({ at: p.at, value: p[figure] }))],
    };
  });
}

/** An ASIN's price currency: its latest point's, else its marketplace's (hourly points name none). */
export function currencyOf(history: HistoryResponse): string {
  return history.points.findLast((p) => p.currency !== null)?.currency ?? MARKETPLACE_CURRENCY[history.marketplace];
}

/** The currency's minor unit (0.01 for USD, 1 for JPY: its ISO 4217 decimals); 0.01 for a code Intl does not know. */
export function minorUnit(currency: string): number {
  try {
    return Number(`1e-${new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2}`);
  } catch {
    return 0.01;
  }
}

/** The charted ASINs' currencies, the one most of them use first (a tie in the ASINs' order). */
export function currenciesOf(series: readonly HistoryResponse[]): string[] {
  const counts = new Map<string, number>();
  for (const s of series) counts.set(currencyOf(s), (counts.get(currencyOf(s)) ?? 0) + 1);
  return [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
}

/**
 * The ASINs priced in `currency`, with only their points in it, and those left out: prices in
 * different currencies never share one axis.
 */
export function inCurrency(series: readonly HistoryResponse[], currency: string): { shown: HistoryResponse[]; left: HistoryResponse[] } {
  const shown = series
    .filter((s) => currencyOf(s) === currency)
    .map((s) => ({ ...s, points: s.points.filter((p) => p.currency === null || p.currency === currency) }));
  return { shown, left: series.filter((s) => currencyOf(s) !== currency) };
}

/**
 * What an ASIN's velocity is computed from, as the history answer computes it: its latest
 * source's ranked days (a missed day, or one without a rank, is left out, never counted as
 * zero), from the first to the last of them, and how many days that span has.
 */
function velocityBasis(history: HistoryResponse): { ranked: number; from: string; to: string; spanDays: number } | null {
  const ranked = latestSourcePoints(history.points).filter((point) => point.rank !== null);
  const first = ranked[0];
  const last = ranked.at(-1);
  if (!first || !last) return null;
  const spanDays = dayNumber(last.day) - dayNumber(first.day) + 1;
  return { ranked: ranked.length, from: first.day, to: last.day, spanDays };
}

/** The basis in words: "5 ranked days of 7, 2026-11-17 to 2026-11-23"; "—" with none. */
export function velocityBasisText(history: HistoryResponse): string {
  const basis = velocityBasis(history);
  if (!basis) return "—";
  if (basis.ranked === 1) return `1 ranked day, ${basis.from}`;
  return `${basis.ranked} ranked days of ${basis.spanDays}, ${basis.from} to ${basis.to}`;
}
