/**
 * Turns per-product series of daily (or intraday) points into the column layout uPlot draws:
 * one shared, sorted time axis and, per series, a value or null for each time on it.
 */
export interface ChartPoint {
  /** UTC day (YYYY-MM-DD) or a full ISO 8601 time for intraday points. */
  at: string;
  value: number | null;
}

export interface ChartSeries {
  label: string;
  points: readonly ChartPoint[];
}

export interface AlignedData {
  /** Seconds since the epoch, ascending, no duplicates. */
  times: number[];
  /**
   * One array per series, as long as `times`: its value at that time; null where it has none
   * for that day (a missed day, or a point without the figure), which breaks its line; undefined
   * where only another series has a point (uPlot's alignment artifact, joined across).
   */
  values: (number | null | undefined)[][];
}

export function epochSeconds(at: string): number {
  const ms = Date.parse(at.length === 10 ? `${at}T00:00:00Z` : at);
  return Math.floor(ms / 1000);
}

const DAY_SECONDS = 86_400;

/** A value to draw: neither a gap (null) nor an alignment artifact (undefined). */
function isValue(value: number | null | undefined): value is number {
  return typeof value === "number";
}

/**
 * The shared time axis and one column per series. A UTC day between a series' first and last
 * point with no point of it is a missed day: it gets a slot at its midnight, null in that
 * series, so the line breaks there rather than being drawn straight across as if measured.
 */
export function alignSeries(series: readonly ChartSeries[]): AlignedData {
  const pointTimes = series.map((s) => s.points.map((p) => epochSeconds(p.at)).filter((t) => Number.isFinite(t)));
  const missed = pointTimes.map(missedDays);
  const times = [...new Set([...pointTimes.flat(), ...missed.flatMap((days) => [...days])])].sort((a, b) => a - b);
  const slot = new Map(times.map((t, index) => [t, index]));
  const values = series.map((s, index) => {
    const gaps = missed[index] ?? new Set<number>();
    const column: (number | null | undefined)[] = times.map((t) => (gaps.has(dayStart(t)) ? null : undefined));
    for (const point of s.points) {
      const at = slot.get(epochSeconds(point.at));
      if (at !== undefined) column[at] = point.value;
    }
    return column;
  });
  return { times, values };
}

/** The midnight (epoch seconds) of the UTC day a time falls in. */
function dayStart(seconds: number): number {
  return Math.floor(seconds / DAY_SECONDS) * DAY_SECONDS;
}

/** The midnights of the UTC days between a series' first and last point on which it has none. */
function missedDays(times: readonly number[]): Set<number> {
  const days = new Set(times.map(dayStart));
  const missed = new Set<number>();
  if (days.size < 2) return missed;
  const first = Math.min(...days);
  const last = Math.max(...days);
  for (let day = first + DAY_SECONDS; day < last; day += DAY_SECONDS) if (!days.has(day)) missed.add(day);
  return missed;
}

/** Whether any series has at least one value: an empty chart says so instead of drawing axes. */
export function hasValues(data: AlignedData): boolean {
  return data.values.some((column) => column.some(isValue));
}


/**
 * The time axis of a chart over the last `days` days: it ends now and starts `days` days
 * before, however many points there are, so one point on a new user's first day sits at
 * the right edge of a week, not alone on an axis stretched to fit it.
 */
export function timeWindow(days: number, nowMs: number): { from: number; to: number } {
  const to = Math.floor(nowMs / 1000);
  return { from: to - days * DAY_SECONDS, to };
}

/**
 * The rank axis: from the best rank shown to the worst, never below rank 1 (no "#0"). One
 * rank for every point still gets a span, below it, so the point is drawn at the top.
 */
export function rankRange(data: AlignedData): { min: number; max: number } | null {
  const ranks = data.values.flat().filter(isValue);
  if (ranks.length === 0) return null;
  const best = Math.max(1, Math.min(...ranks));
  const worst = Math.max(...ranks);
  return { min: best, max: worst > best ? worst : best + Math.max(1, Math.ceil(best * 0.1)) };
}

/**
 * A value axis that is not a rank (price): the lowest value to the highest with a margin of a
 * tenth of the span each side (never below zero for values that are not), so the extreme lines
 * sit inside the plot rather than on its border; room when they are equal.
 */
export function valueRange(data: AlignedData): { min: number; max: number } | null {
  const values = data.values.flat().filter(isValue);
  if (values.length === 0) return null;
  const low = Math.min(...values);
  const high = Math.max(...values);
  if (high > low) {
    const margin = (high - low) * 0.1;
    return { min: low >= 0 ? Math.max(0, low - margin) : low - margin, max: high + margin };
  }
  const room = Math.max(1, Math.abs(low) * 0.1);
  return { min: low - room, max: high + room };
}

/** The series that have exactly one value: drawn as a dot, and named with their date under the chart. */
export function singlePoints(series: readonly ChartSeries[]): { label: string; at: string; value: number }[] {
  return series.flatMap((s) => {
    const valued = s.points.filter((p): p is ChartPoint & { value: number } => p.value !== null);
    const only = valued[0];
    return valued.length === 1 && only ? [{ label: s.label, at: only.at, value: only.value }] : [];
  });
}

/** Whether a series has fewer than two values, so a line cannot show it and its points are drawn. */
export function needsDots(column: readonly (number | null | undefined)[]): boolean {
  return column.filter(isValue).length < 2;
}

/**
 * The indexes of values with a gap (or the series' end) on both sides: no line reaches them
 * once gaps break it, so they are drawn as dots.
 */
export function isolatedValues(column: readonly (number | null | undefined)[]): number[] {
  const known = column.flatMap((value, index) => (value === undefined ? [] : [{ value, index }]));
  return known.filter(({ value }, at) => isValue(value) && !isValue(known[at - 1]?.value) && !isValue(known[at + 1]?.value)).map(({ index }) => index);
}

/**
 * Ticks for a rank axis from `min` (the best rank shown) to `max` every `increment`: the best
 * rank is always a tick, so the top of the axis names it; a regular tick too close to it goes.
 */
export function rankTicks(min: number, max: number, increment: number): number[] {
  if (!(increment > 0) || max < min) return [min];
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / increment) * increment; tick <= max && ticks.length < 100; tick += increment) {
    if (tick - min >= increment / 2) ticks.push(tick);
  }
  return [min, ...ticks];
}

/** The least distance below the top (best rank) label of a tick on a logarithmic axis, as a share of its height. */
const LOG_TICK_GAP = 0.08;
/** More ticks than this on a logarithmic axis and only the powers of ten are kept. */
const MAX_LOG_TICKS = 8;

/**
 * Ticks for a logarithmic rank axis: the best rank shown at the top, then 1, 2 and 5 × 10ⁿ
 * down to the worst (only the powers of ten when those would crowd the axis); a tick too
 * close to the top label goes.
 */
export function logRankTicks(min: number, max: number): number[] {
  if (!(min >= 1) || max <= min) return [Math.max(1, min)];
  const lowest = min * (max / min) ** LOG_TICK_GAP;
  const steps = (multipliers: readonly number[]) => {
    const ticks: number[] = [];
    for (let power = 10 ** Math.floor(Math.log10(min)); power <= max; power *= 10) {
      for (const multiplier of multipliers) {
        const tick = multiplier * power;
        if (tick >= lowest && tick <= max) ticks.push(tick);
      }
    }
    return ticks;
  };
  const fine = steps([1, 2, 5]);
  return [min, ...(fine.length > MAX_LOG_TICKS ? steps([1]) : fine)];
}

/**
 * A value axis's tick steps (1, 2 and 5 times powers of ten), none finer than `step`: a price axis
 * steps in whole minor units, as a tick between ¥4,914 and ¥4,915 would be labelled ¥4,914 again.
 */
export function stepIncrements(step: number): number[] {
  const steps: number[] = [];
  for (let power = Math.round(Math.log10(step)); power <= 15; power++) for (const unit of [1, 2, 5]) steps.push(Number(`${unit}e${power}`));
  return steps;
}
