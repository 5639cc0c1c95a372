import type { HistoryPoint } from "@contract/history";
import { DAY_MS, dayNumber } from "@contract/time";

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
 * Given a `window` (ms since the epoch), x spans it (the chosen range ending now), so one or
 * two days sit at the right, not stretched across; without one, x spans the first to last day.
 * One rank for all of them draws a flat line through the middle.
 */
export function sparklinePoints(
  days: readonly RankedDay[],
  width: number,
  height: number,
  pad: number,
  window?: { fromMs: number; toMs: number },
): { x: number; y: number }[] {
  const times = days.map(({ day }) => Date.parse(`${day}T00:00:00Z`));
  const first = window?.fromMs ?? times[0] ?? 0;
  const span = window ? Math.max(window.toMs - window.fromMs, DAY_MS) : Math.max((times.at(-1) ?? first) - first, DAY_MS);
  const ranks = days.map(({ rank }) => rank);
  const best = Math.min(...ranks);
  const worst = Math.max(...ranks);
  return days.map(({ rank }, index) => ({
    x: round(pad + clamp01(((times[index] ?? first) - first) / span) * (width - 2 * pad)),
    y: round(worst === best ? height / 2 : pad + ((rank - best) / (worst - best)) * (height - 2 * pad)),
  }));
}

/**
 * The pieces of the line: consecutive days join, a day with no rank (missed, or without one)
 * between two breaks it, so the line never runs across a day nothing was measured on.
 */
export function lineSegments<P>(days: readonly RankedDay[], points: readonly P[]): P[][] {
  const segments: P[][] = [];
  days.forEach(({ day }, index) => {
    const point = points[index];
    if (point === undefined) return;
    const previous = days[index - 1];
    const joins = previous !== undefined && dayNumber(day) - dayNumber(previous.day) <= 1;
    if (joins && segments.length > 0) segments.at(-1)!.push(point);
    else segments.push([point]);
  });
  return segments;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** The last `days` days ending at `nowMs`, for sparklinePoints' window: a day's point is drawn at its midnight UTC. */
export function dayWindow(days: number, nowMs: number): { fromMs: number; toMs: number } {
  const today = Date.UTC(new Date(nowMs).getUTCFullYear(), new Date(nowMs).getUTCMonth(), new Date(nowMs).getUTCDate());
  return { fromMs: today - (days - 1) * DAY_MS, toMs: today };
}
