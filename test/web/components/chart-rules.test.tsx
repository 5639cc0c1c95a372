import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { alignSeries, logRankTicks, needsDots, rankRange, rankTicks, singlePoints, timeWindow, valueRange } from "../../../web/src/components/charts/chart-data";
import { formatDay } from "../../../web/src/components/charts/chart-format";
import { LimitMessage } from "../../../web/src/components/LimitMessage";
import { dayWindow, sparklinePoints } from "../../../web/src/pages/results/sparkline";

const NOW = Date.UTC(2026, 10, 26, 1, 30);

describe("the chart rules", () => {
  it("the time axis is the chosen range ending now, however many points", () => {
    expect(timeWindow(7, NOW)).toEqual({ from: NOW / 1000 - 7 * 86_400, to: NOW / 1000 });
    expect(timeWindow(90, NOW).to - timeWindow(90, NOW).from).toBe(90 * 86_400);
  });

  it("the rank axis runs from the best rank shown to the worst, never from #0", () => {
    const data = alignSeries([
      { label: "A", points: [{ at: "2026-11-24", value: 120_000 }, { at: "2026-11-25", value: 98_000 }] },
      { label: "B", points: [{ at: "2026-11-25", value: 150_500 }] },
    ]);
    expect(rankRange(data)).toEqual({ min: 98_000, max: 150_500 });
  });

  it("one rank for every point still spans below it, so the point sits at the top", () => {
    expect(rankRange(alignSeries([{ label: "A", points: [{ at: "2026-11-25", value: 1 }] }]))).toEqual({ min: 1, max: 2 });
    expect(rankRange(alignSeries([{ label: "A", points: [{ at: "2026-11-25", value: 5000 }] }]))).toEqual({ min: 5000, max: 5500 });
    expect(rankRange(alignSeries([{ label: "A", points: [{ at: "2026-11-25", value: null }] }]))).toBeNull();
  });

  it("the best rank is the top tick; a regular tick too close to it goes", () => {
    expect(rankTicks(1_072, 214_322, 50_000)).toEqual([1_072, 50_000, 100_000, 150_000, 200_000]);
    expect(rankTicks(43_275, 214_322, 50_000)).toEqual([43_275, 100_000, 150_000, 200_000]);
    expect(rankTicks(1, 2, 1)).toEqual([1, 2]);
  });

  it("a logarithmic rank axis names the best rank at the top, then 1, 2 and 5 × 10ⁿ, or only powers of ten when those crowd", () => {
    expect(logRankTicks(985, 234_000)).toEqual([985, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000]);
    // #1,000 would sit just under the #985 label: it goes.
    expect(logRankTicks(985, 20_000)).toEqual([985, 2_000, 5_000, 10_000, 20_000]);
    expect(logRankTicks(1, 250_000)).toEqual([1, 10, 100, 1_000, 10_000, 100_000]);
    expect(logRankTicks(5, 5)).toEqual([5]);
  });

  it("a price axis spans its values, with room when they are equal", () => {
    // A tenth of the span each side, so the highest and lowest lines are not drawn on the border.
    const span = valueRange(alignSeries([{ label: "A", points: [{ at: "2026-11-25", value: 10 }, { at: "2026-11-26", value: 20 }] }]))!;
    expect(span.min).toBeCloseTo(9);
    expect(span.max).toBeCloseTo(21);
    // Prices never reach below zero on the axis.
    expect(valueRange(alignSeries([{ label: "A", points: [{ at: "2026-11-25", value: 0.5 }, { at: "2026-11-26", value: 50 }] }]))!.min).toBe(0);
    expect(valueRange(alignSeries([{ label: "A", points: [{ at: "2026-11-25", value: 20 }] }]))).toEqual({ min: 18, max: 22 });
  });

  it("a series with one value is drawn as a dot and named with its date", () => {
    expect(needsDots([null, 5, null])).toBe(true);
    expect(needsDots([4, 5])).toBe(false);
    const series = [
      { label: "B0ONE (US)", points: [{ at: "2026-11-25", value: 812 }, { at: "2026-11-26", value: null }] },
      { label: "B0TWO (US)", points: [{ at: "2026-11-25", value: 1 }, { at: "2026-11-26", value: 2 }] },
    ];
    expect(singlePoints(series)).toEqual([{ label: "B0ONE (US)", at: "2026-11-25", value: 812 }]);
    expect(formatDay("2026-11-25")).toBe("25 Nov 2026");
    expect(formatDay("2026-11-25T14:00:00Z")).toBe("25 Nov 2026 14:00 UTC");
  });
});

describe("the dashboard sparkline over a window", () => {
  it("places days within the last 7 days ending today, not stretched over the first to last point", () => {
    const window = dayWindow(7, NOW);
    expect(window).toEqual({ fromMs: Date.UTC(2026, 10, 20), toMs: Date.UTC(2026, 10, 26) });
    const days = [
      { day: "2026-11-25", rank: 200, source: "live" as const },
      { day: "2026-11-26", rank: 100, source: "live" as const },
    ];
    // 100 wide, no padding: the 6-day window puts yesterday at 5/6 of the width, today at the right edge.
    expect(sparklinePoints(days, 120, 50, 0, window)).toEqual([{ x: 100, y: 50 }, { x: 120, y: 0 }]);
  });
});

describe("LimitMessage inline", () => {
  it("turns the raw /billing path into a link to the Billing page", () => {
    render(
      <MemoryRouter>
        <LimitMessage inline text="Your Free plan shows 7 days of rank history. Upgrade to Pro at /billing to lift it." />
      </MemoryRouter>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("Your Free plan shows 7 days of rank history. Upgrade to Pro on the Billing page to lift it.");
    expect(screen.getByRole("link", { name: "the Billing page" }).getAttribute("href")).toBe("/billing");
  });
});
