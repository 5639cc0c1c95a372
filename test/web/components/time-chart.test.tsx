import { render } from "@testing-library/react";
import type uPlot from "uplot";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChartSeries } from "../../../web/src/components/charts/chart-data";

/** Each chart's uPlot options, as TimeChart built them (canvas drawing is the browser suite's). */
const drawn: uPlot.Options[] = [];
vi.mock("uplot", () => ({
  default: class {
    constructor(options: uPlot.Options) {
      drawn.push(options);
    }
    setSize() {}
    destroy() {}
  },
}));
vi.mock("uplot/dist/uPlot.min.css", () => ({}));

const { TimeChart } = await import("../../../web/src/components/charts/TimeChart");

const ranks = (label: string, values: number[]): ChartSeries => ({
  label,
  points: values.map((value, day) => ({ at: `2026-11-2${day}`, value })),
});

function rankAxisOf(series: ChartSeries[]) {
  drawn.length = 0;
  render(<TimeChart label="Rank" series={series} days={7} invert now={() => Date.UTC(2026, 10, 28)} />);
  const options = drawn.at(-1);
  if (!options) throw new Error("no chart drawn");
  const scale = options.scales?.y ?? {};
  const axis = options.axes?.[1] ?? {};
  const splits = axis.splits as (plot: uPlot, axis: number, min: number, max: number, increment: number) => number[];
  const range = (scale.range as () => [number, number])();
  return { scale, axis, range, ticks: splits({} as uPlot, 1, range[0], range[1], 50_000) };
}

describe("the rank chart's axis", () => {
  beforeEach(() => {
    drawn.length = 0;
  });

  it("is logarithmic, best at the top, when the worst rank shown is ten times the best or more", () => {
    const { scale, axis, range, ticks } = rankAxisOf([ranks("top seller", [985, 1_020, 990]), ranks("slow one", [150_000, 210_000, 234_000])]);
    expect(scale).toMatchObject({ distr: 3, log: 10, dir: -1 });
    expect(range).toEqual([985, 234_000]);
    expect(ticks).toEqual([985, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000]);
    // Every tick is labelled, not only the powers of ten uPlot labels by default.
    expect((axis.filter as (plot: uPlot, splits: number[]) => number[])({} as uPlot, ticks)).toEqual(ticks);
  });

  it("stays linear when the ranks shown are within ten times of each other", () => {
    const { scale, axis, ticks } = rankAxisOf([ranks("A", [98_000, 120_000]), ranks("B", [150_500, 140_000])]);
    expect(scale.distr).toBeUndefined();
    expect(scale.dir).toBe(-1);
    expect(axis.filter).toBeUndefined();
    expect(ticks).toEqual([98_000, 150_000]);
  });
});

describe("the time axis and legend", () => {
  it("show UTC days: the chart's own ticks, labels and legend time, not uPlot's local-time ones", () => {
    drawn.length = 0;
    render(<TimeChart label="Rank" series={[ranks("A", [120, 110])]} days={7} invert now={() => Date.UTC(2026, 10, 28, 18)} />);
    const options = drawn.at(-1)!;
    const axis = options.axes?.[0] ?? {};
    const splits = axis.splits as (plot: uPlot, axis: number, min: number, max: number, increment: number) => number[];
    const ticks = splits({} as uPlot, 0, Date.UTC(2026, 10, 25, 18) / 1000, Date.UTC(2026, 10, 28, 18) / 1000, 86_400);
    expect(ticks).toEqual([26, 27, 28].map((day) => Date.UTC(2026, 10, day) / 1000));
    expect((axis.values as (plot: uPlot, ticks: number[]) => string[])({} as uPlot, ticks)).toEqual(["26 Nov\n2026", "27 Nov", "28 Nov"]);
    const legend = options.series[0]?.value as (plot: uPlot, value: number | null) => string;
    expect([legend({} as uPlot, Date.UTC(2026, 10, 28) / 1000), legend({} as uPlot, null)]).toEqual(["28 Nov 2026", "—"]);
  });
});

describe("a missed day on the chart", () => {
  it("breaks the line, and the legend names no value for it", () => {
    drawn.length = 0;
    const gappy: ChartSeries = { label: "B0GAP", points: [{ at: "2026-11-21", value: 100 }, { at: "2026-11-22", value: 120 }, { at: "2026-11-24", value: 90 }] };
    render(<TimeChart label="Rank" series={[gappy]} days={7} invert formatValue={(rank) => `#${rank}`} now={() => Date.UTC(2026, 10, 28)} />);
    const line = drawn.at(-1)?.series?.[1];
    expect(line?.spanGaps).toBe(false);
    const legend = line?.value as (plot: uPlot, value: number | null | undefined) => string;
    expect(legend({} as uPlot, null)).toBe("—");
    expect(legend({} as uPlot, 90)).toBe("#90");
    // The one value after the gap has no line to it: it is drawn as a dot.
    expect(line?.points).toMatchObject({ show: false, filter: [3] });
  });
});

describe("the legend", () => {
  it("reads every series at the time it names, never borrowing a value from another time", () => {
    drawn.length = 0;
    render(<TimeChart label="Rank" series={[ranks("A", [100, 120])]} days={7} invert now={() => Date.UTC(2026, 10, 28)} />);
    const cursor = drawn.at(-1)?.cursor;
    const dataIdx = cursor?.dataIdx as (plot: uPlot, seriesIdx: number, closestIdx: number, xValue: number) => number | null;
    expect(dataIdx({} as uPlot, 1, 4, 0)).toBe(4);
  });
});
