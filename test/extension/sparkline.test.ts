import { describe, expect, it } from "vitest";
import type { HistoryPoint } from "../../worker/contract/history";
import { chartSummary, lastPointOf, pointsWithin, sparklinePath } from "../../extension/src/panel/sparkline";

const point = (day: string, rank: number | null): HistoryPoint => ({ day, source: "live", rank, categoryRanks: [], price: null, currency: null, offers: null, rating: null, reviewCount: null });

describe("the rank chart", () => {
  const points = [point("2026-10-01", 900), point("2026-11-20", 300), point("2026-11-21", null), point("2026-11-22", 100), point("2026-11-23", 200)];

  it("keeps the ranked days of the range only", () => {
    expect(pointsWithin(points, 7, "2026-11-23").map((p) => p.day)).toEqual(["2026-11-20", "2026-11-22", "2026-11-23"]);
    expect(pointsWithin(points, 90, "2026-11-23")).toHaveLength(4);
  });

  it("puts the best rank at the top, the worst at the bottom, and breaks the line over a missing day", () => {
    const path = sparklinePath(pointsWithin(points, 7, "2026-11-23"), 7, "2026-11-23");
    const commands = path.match(/[ML][\d.]+ [\d.]+/g)!;
    expect(commands.map((c) => c[0])).toEqual(["M", "M", "L"]);
    const ys = commands.map((c) => Number(c.split(" ")[1]));
    // #300 (worst) lowest on screen, #100 (best) highest.
    expect(ys[0]).toBeGreaterThan(ys[2]!);
    expect(ys[1]).toBeLessThan(ys[2]!);
    // The last day sits at the right edge.
    expect(Number(commands[2]!.slice(1).split(" ")[0])).toBeCloseTo(296, 0);
    expect(lastPointOf(path)).toEqual({ x: 296, y: ys[2] });
    expect(lastPointOf("")).toBeNull();
  });

  it("draws nothing without data and says so", () => {
    expect(sparklinePath([], 30, "2026-11-23")).toBe("");
    expect(chartSummary([], 30)).toBe("No rank history in the last 30 days yet.");
    expect(chartSummary([{ rank: 300 }, { rank: 100 }, { rank: 200 }], 30)).toBe("Rank over 30 days: from #300 to #200, best #100, worst #300.");
  });
});
