import { useEffect, useMemo, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "../../styles/charts.css";
import { formatDay } from "./chart-format";
import { seriesColour } from "./chart-palette";
import { formatChartTime, utcTickLabels, utcTicks } from "./chart-time";
import { usesLogRanks } from "@contract/rank-scale";
import { isDarkMode } from "../../state/dark-mode";
import { alignSeries, hasValues, isolatedValues, logRankTicks, needsDots, rankRange, rankTicks, singlePoints, stepIncrements, timeWindow, valueRange, type ChartSeries } from "./chart-data";

/** Time-axis steps in seconds: 1, 2 and 7 days, and 30 for long ranges on a phone. */
const DAY_TICKS = [86_400, 2 * 86_400, 7 * 86_400, 30 * 86_400];

export interface TimeChartProps {
  /** Names the chart for screen readers; the data table beside it carries the figures. */
  label: string;
  series: readonly ChartSeries[];
  /** The chosen range: the time axis runs from this many days ago to now, whatever the points. */
  days: number;
  /** Ranks: the axis runs from the best rank shown, at the top, to the worst (logarithmic when they span ten times or more). */
  invert?: boolean;
  height?: number;
  formatValue?: (value: number) => string;
  /** The finest step between value ticks (a price's minor unit: 0.01, or 1 for yen); any by default. */
  valueStep?: number;
  emptyText?: string;
  /** Injected by tests; the page's clock otherwise. */
  now?: () => number;
}

/**
 * The one line chart over time (uPlot), and the rules every chart follows: the time axis is
 * the chosen range ending now, in UTC days whatever the browser's zone (chart-time.ts); ranks
 * run from the best shown, at the top, on a logarithmic axis
 * when the worst is ten times the best or more (usesLogRanks); the value axis is as
 * wide as its widest label; axis, grid and legend colours come from the theme (--chart-*), the
 * lines' from its palette (chart-palette.ts), and follow it when it changes; a series with one value is a dot, named with its date below; a missed day is a gap in the line
 * (alignSeries), and a value between two gaps a dot.
 * Import it only from lazy routes: uPlot stays out of the first-load bundle.
 */
export function TimeChart({ label, series, days, invert = false, height = 260, formatValue = String, valueStep, emptyText = "No data to chart yet.", now = Date.now }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const data = useMemo(() => alignSeries(series), [series]);
  const singles = useMemo(() => singlePoints(series), [series]);
  const drawable = hasValues(data);
  const theme = useThemeClass();

  useEffect(() => {
    const element = box.current;
    if (!element || !drawable) return;
    const colours = chartColours(element);
    const dark = isDarkMode();
    const span = timeWindow(days, now());
    const values = (invert ? rankRange : valueRange)(data);
    const logRanks = invert && values !== null && usesLogRanks(values);
    const rankAxisTicks = logRanks ? () => logRankTicks(values.min, values.max) : rankSplits;
    const axis = { stroke: colours.axis, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 280),
      height,
      scales: {
        x: { time: true, range: () => [span.from, span.to] },
        y: { dir: invert ? -1 : 1, ...(logRanks ? { distr: 3, log: 10 } : {}), range: () => (values ? [values.min, values.max] : [0, 1]) },
      },
      // The legend reads each series at the time it names: "—" where a series has no point then,
      // not uPlot's default of its nearest point at another time.
      cursor: { dataIdx: (_u, _series, closest) => closest },
      axes: [
        // Whole days: the ranges are 7 to 90 days, so 12-hour ticks would only crowd the axis.
        { ...axis, incrs: DAY_TICKS, splits: (_u, _axis, from, to, increment) => utcTicks(from, to, increment), values: (_u, ticks) => utcTickLabels(ticks) },
        {
          ...axis,
          values: (_u, ticks) => ticks.map((tick) => formatValue(tick)),
          size: labelWidth,
          ...(invert ? { splits: rankAxisTicks } : {}),
          ...(logRanks ? { filter: everyTick } : {}),
          ...(valueStep === undefined ? {} : { incrs: stepIncrements(valueStep) }),
        },
      ],
      series: [
        { value: (_u, seconds) => (seconds === null ? "—" : formatChartTime(seconds)) },
        ...series.map((s, index) => {
          const colour = seriesColour(index, dark);
          const column = data.values[index] ?? [];
          const dots = needsDots(column);
          const isolated = dots ? [] : isolatedValues(column);
          return {
            label: s.label,
            stroke: colour,
            width: 2,
            // A missed day (null) breaks the line; only other series' times (undefined) are joined.
            spanGaps: false,
            points: { show: dots, ...(isolated.length > 0 ? { filter: isolated } : {}), size: 9, fill: colour, stroke: colour },
            // The legend names no value for a missed day rather than one from a neighbour.
            value: (_u: uPlot, value: number | null | undefined) => (value == null ? "—" : formatValue(value)),
          };
        }),
      ],
    };
    const plot = new uPlot(options, [data.times, ...data.values] as uPlot.AlignedData, element);
    // Follow the container's width (phones, resized windows).
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 280), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, drawable, series, days, invert, height, formatValue, valueStep, now, theme]);

  if (!drawable) return <p className="chart-empty">{emptyText}</p>;
  return (
    <>
      <div className="time-chart" ref={box} role="img" aria-label={label} style={{ minHeight: height + 40 }} />
      {singles.length > 0 && (
        <ul className="time-chart__singles">
          {singles.map((point) => (
            <li key={point.label}>
              {point.label}: {formatValue(point.value)} on {formatDay(point.at)} (one snapshot so far)
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The theme's chart colours, from the CSS custom properties base.css sets per theme. */
export function chartColours(element: Element): { axis: string; grid: string } {
  const style = getComputedStyle(element);
  return {
    axis: style.getPropertyValue("--chart-axis").trim() || "#475569",
    grid: style.getPropertyValue("--chart-grid").trim() || "#d9e0e8",
  };
}

/** The rank axis's ticks: uPlot's evenly spaced ones, with the best rank shown labelled at the top. */
function rankSplits(_plot: uPlot, _axis: number, min: number, max: number, increment: number): number[] {
  return rankTicks(min, max, increment);
}

/** Labels every tick: on a logarithmic axis uPlot by default labels only the powers of ten. */
function everyTick(_plot: uPlot, splits: number[]): number[] {
  return splits;
}

/** The value axis's width: its widest label plus the tick and gap, so "#100,000" keeps its "#". */
function labelWidth(plot: uPlot, values: string[] | null, axisIndex: number): number {
  const axis = plot.axes[axisIndex];
  const widest = (values ?? []).reduce((longest, value) => (value.length > longest.length ? value : longest), "");
  const font = Array.isArray(axis?.font) ? axis.font[0] : undefined;
  if (font) plot.ctx.font = String(font);
  const text = widest ? plot.ctx.measureText(widest).width / (globalThis.devicePixelRatio || 1) : 0;
  return Math.ceil(text + (axis?.ticks?.size ?? 10) + (axis?.gap ?? 5) + 8);
}

/** Re-renders when the theme class on <html> changes, so the chart redraws in the new colours. */
function useThemeClass(): string {
  const [theme, setTheme] = useState(() => document.documentElement.className);
  useEffect(() => {
    const watch = new MutationObserver(() => setTheme(document.documentElement.className));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => watch.disconnect();
  }, []);
  return theme;
}
