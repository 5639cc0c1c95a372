import type { HistoryPoint } from "@contract/history";
import { DAY_MS } from "@contract/time";

/** A day that has a rank: the only points a rank sparkline can draw. */
export interface RankedDay {
  day: string;
  rank: number;
  source: HistoryPoint["source"];
}

export function rankedDays(points: readonly HistoryPoint[]): RankedDay[] {
  return points.flatMap(({ day, rank, source }) => (rank === null ? [] : [{ day, rank, source }]));
}


/**
 * Where each ranked day sits in a `width`×`height` box, inset by `pad`: x by date (a missing
 * day leaves a gap), y with the best (lowest) rank at the top, so up means better.
 * Needs two or more days; one rank for all of them draws a flat line through the middle.
 */
export function sparklinePoints(days: readonly RankedDay[], width: number, height: number, pad: number): { x: number; y: number }[] {
  const times = days.map(({ day }) => Date.parse(`${day}T00:00:00Z`));
  const first = times[0] ?? 0;
  const span = Math.max((times.at(-1) ?? first) - first, DAY_MS);
  const ranks = days.map(({ rank }) => rank);
  const best = Math.min(...ranks);
  const worst = Math.max(...ranks);
  return days.map(({ rank }, index) => ({
    x: round(pad + (((times[index] ?? first) - first) / span) * (width - 2 * pad)),
    y: round(worst === best ? height / 2 : pad + ((rank - best) / (worst - best)) * (height - 2 * pad)),
  }));
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
