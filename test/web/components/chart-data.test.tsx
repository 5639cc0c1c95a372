import { describe, expect, it } from "vitest";
import { alignSeries, epochSeconds, hasValues, isolatedValues, stepIncrements } from "../../../web/src/components/charts/chart-data";

describe("alignSeries", () => {
  it("puts every series on one sorted time axis: null on a day it missed, undefined where only another series has a point", () => {
    const data = alignSeries([
      { label: "A", points: [{ at: "2026-11-03", value: 30 }, { at: "2026-11-01", value: 10 }] },
      { label: "B", points: [{ at: "2026-11-02", value: 200 }] },
    ]);
    expect(data.times).toEqual([epochSeconds("2026-11-01"), epochSeconds("2026-11-02"), epochSeconds("2026-11-03")]);
    expect(data.values).toEqual([
      [10, null, 30],
      [undefined, 200, undefined],
    ]);
  });

  it("gives a missed day a slot of its own, so the line breaks there instead of running straight across it", () => {
    const data = alignSeries([{ label: "A", points: [{ at: "2026-11-01", value: 10 }, { at: "2026-11-04", value: 40 }] }]);
    expect(data.times).toEqual(["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"].map(epochSeconds));
    expect(data.values).toEqual([[10, null, null, 40]]);
  });

  it("joins a series across another series' hourly points on a day it has one, but not on a day it missed", () => {
    const data = alignSeries([
      { label: "daily", points: [{ at: "2026-11-01", value: 10 }, { at: "2026-11-03", value: 30 }] },
      { label: "hourly", points: ["2026-11-01T06:00:00Z", "2026-11-02T06:00:00Z", "2026-11-03T06:00:00Z"].map((at) => ({ at, value: 5 })) },
    ]);
    expect(data.times).toEqual(["2026-11-01", "2026-11-01T06:00:00Z", "2026-11-02", "2026-11-02T06:00:00Z", "2026-11-03", "2026-11-03T06:00:00Z"].map(epochSeconds));
    expect(data.values[0]).toEqual([10, undefined, null, null, 30, undefined]);
    expect(data.values[1]).toEqual([undefined, 5, undefined, 5, undefined, 5]);
  });

  it("reads days as UTC midnight and full times as given", () => {
    expect(epochSeconds("2026-11-01")).toBe(Date.UTC(2026, 10, 1) / 1000);
    expect(epochSeconds("2026-11-01T06:00:00Z")).toBe(Date.UTC(2026, 10, 1, 6) / 1000);
  });

  it("knows when there is nothing to draw", () => {
    expect(hasValues(alignSeries([{ label: "A", points: [{ at: "2026-11-01", value: null }] }]))).toBe(false);
    expect(hasValues(alignSeries([]))).toBe(false);
    expect(hasValues(alignSeries([{ label: "A", points: [{ at: "2026-11-01", value: 5 }] }]))).toBe(true);
  });
});

describe("isolatedValues", () => {
  it("names the values with a gap or the end on both sides, which no line reaches", () => {
    expect(isolatedValues([10, null, 30, undefined, 40, null, 50])).toEqual([0, 6]);
    expect(isolatedValues([null, 20, null])).toEqual([1]);
    expect(isolatedValues([10, 20, 30])).toEqual([]);
  });
});

describe("stepIncrements", () => {
  it("starts at the step given and goes up in 1, 2 and 5 times powers of ten", () => {
    expect(stepIncrements(1).slice(0, 6)).toEqual([1, 2, 5, 10, 20, 50]);
    expect(stepIncrements(0.01).slice(0, 7)).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1]);
    expect(stepIncrements(0.01).every((step) => Number.isInteger(Math.round(step * 100)) && step >= 0.01)).toBe(true);
  });
});
