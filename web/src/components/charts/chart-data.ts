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
  /** One array per series, as long as `times`; null where the series has no value at that time. */
  values: (number | null)[][];
}

export function epochSeconds(at: string): number {
  const ms = Date.parse(at.length === 10 ? `${at}T00:00:00Z` : at);
  return Math.floor(ms / 1000);
}

export function alignSeries(series: readonly ChartSeries[]): AlignedData {
  const times = [...new Set(series.flatMap((s) => s.points.map((p) => epochSeconds(p.at))))]
    .filter((t) => Number.isFinite(t))
    .sort((a, b) => a - b);
  const slot = new Map(times.map((t, index) => [t, index]));
  const values = series.map((s) => {
    const column: (number | null)[] = times.map(() => null);
    for (const point of s.points) {
      const index = slot.get(epochSeconds(point.at));
      if (index !== undefined) column[index] = point.value;
    }
    return column;
  });
  return { times, values };
}

/** Whether any series has at least one value: an empty chart says so instead of drawing axes. */
export function hasValues(data: AlignedData): boolean {
  return data.values.some((column) => column.some((value) => value !== null));
}
