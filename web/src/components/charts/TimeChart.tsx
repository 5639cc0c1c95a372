import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { alignSeries, hasValues, type ChartSeries } from "./chart-data";

// Colours that keep 3:1 contrast on both themes' card backgrounds.
const PALETTE = ["#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#db2777", "#0891b2", "#65a30d", "#9333ea", "#ea580c"];

export interface TimeChartProps {
  /** Names the chart for screen readers; the data table beside it carries the figures. */
  label: string;
  series: readonly ChartSeries[];
  /** Ranks: lower is better, so the axis runs best at the top. */
  invert?: boolean;
  height?: number;
  formatValue?: (value: number) => string;
  emptyText?: string;
}

/**
 * A line chart over time with uPlot. Import it only from lazy routes: uPlot stays out of
 * the first-load bundle.
 */
export function TimeChart({ label, series, invert = false, height = 260, formatValue = String, emptyText = "No data to chart yet." }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const data = useMemo(() => alignSeries(series), [series]);
  const drawable = hasValues(data);

  useEffect(() => {
    const element = box.current;
    if (!element || !drawable) return;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 280),
      height,
      scales: { x: { time: true }, y: { dir: invert ? -1 : 1 } },
      axes: [{}, { values: (_u, ticks) => ticks.map((tick) => formatValue(tick)), size: 70 }],
      series: [
        {},
        ...series.map((s, index) => ({
          label: s.label,
          stroke: PALETTE[index % PALETTE.length],
          width: 2,
          spanGaps: true,
          value: (_u: uPlot, value: number | null) => (value === null ? "—" : formatValue(value)),
        })),
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
  }, [data, drawable, series, invert, height, formatValue]);

  if (!drawable) return <p className="chart-empty">{emptyText}</p>;
  return <div className="time-chart" ref={box} role="img" aria-label={label} style={{ minHeight: height + 40 }} />;
}
