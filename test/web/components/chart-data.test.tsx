import { describe, expect, it } from "vitest";
import { alignSeries, epochSeconds, hasValues } from "../../../web/src/components/charts/chart-data";

describe("alignSeries", () => {
  it("puts every series on one sorted time axis with nulls where a series has no point", () => {
    const data = alignSeries([
      { label: "A", points: [{ at: "2026-11-03", value: 30 }, { at: "2026-11-01", value: 10 }] },
      { label: "B", points: [{ at: "2026-11-02", value: 200 }] },
    ]);
    expect(data.times).toEqual([epochSeconds("2026-11-01"), epochSeconds("2026-11-02"), epochSeconds("2026-11-03")]);
    expect(data.values).toEqual([
      [10, null, 30],
      [null, 200, null],
    ]);
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
