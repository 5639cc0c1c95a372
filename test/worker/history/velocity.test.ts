import { describe, expect, it } from "vitest";
import { rankVelocity, type RankPoint } from "../../../worker/history/velocity";

const NONE = { rankChangePercent: null, slopePerDay: null, best: null, worst: null };

/** Ranks on consecutive days from 2026-11-01; null is a day without a rank. */
function series(...ranks: (number | null)[]): RankPoint[] {
  return ranks.map((rank, index) => ({ day: `2026-11-${String(index + 1).padStart(2, "0")}`, rank }));
}

describe("rankVelocity", () => {
  it.each<[string, RankPoint[], ReturnType<typeof rankVelocity>]>([
    ["an empty series", [], NONE],
    ["one day", series(500), NONE],
    ["one ranked day among days without rank", series(null, 500, null), NONE],
    ["no ranked day at all", series(null, null), NONE],
    ["equal values", series(100, 100, 100), { rankChangePercent: 0, slopePerDay: 0, best: 100, worst: 100 }],
    ["an improving rank (number falls)", series(1000, 900, 800), { rankChangePercent: -20, slopePerDay: -100, best: 800, worst: 1000 }],
    ["a worsening rank (number grows)", series(200, 300), { rankChangePercent: 50, slopePerDay: 100, best: 200, worst: 300 }],
    ["days without rank skipped", series(100, null, null, 160), { rankChangePercent: 60, slopePerDay: 20, best: 100, worst: 160 }],
    ["the best in the middle of the range", series(300, 50, 400), { rankChangePercent: 33.3, slopePerDay: 50, best: 50, worst: 400 }],
    ["the change % to one decimal", series(3, 4), { rankChangePercent: 33.3, slopePerDay: 1, best: 3, worst: 4 }],
    ["a half rounded up", series(400, 449), { rankChangePercent: 12.3, slopePerDay: 49, best: 400, worst: 449 }],
    ["a negative half rounded away from zero", series(400, 351), { rankChangePercent: -12.3, slopePerDay: -49, best: 351, worst: 400 }],
    ["an improvement to one decimal", series(3, 2), { rankChangePercent: -33.3, slopePerDay: -1, best: 2, worst: 3 }],
  ])("%s", (_, points, expected) => {
    expect(rankVelocity(points)).toEqual(expected);
  });

  it("spaces the slope by the day dates, not by the position in the list", () => {
    // By position (0, 1, 2) the slope would be 50 a day; by date (days 0, 1, 10) it is 10.
    const points = [
      { day: "2026-11-01", rank: 100 },
      { day: "2026-11-02", rank: 110 },
      { day: "2026-11-11", rank: 200 },
    ];
    expect(rankVelocity(points)).toEqual({ rankChangePercent: 100, slopePerDay: 10, best: 100, worst: 200 });
  });

  it("rounds the slope to two decimals", () => {
    // Days 0, 1 and 3 with ranks 10, 10, 11: slope 15/42 = 0.357… a day.
    const points = [
      { day: "2026-11-01", rank: 10 },
      { day: "2026-11-02", rank: 10 },
      { day: "2026-11-04", rank: 11 },
    ];
    expect(rankVelocity(points)).toMatchObject({ rankChangePercent: 10, slopePerDay: 0.36 });
  });

  it("reads the series in day order, whatever order it comes in", () => {
    const points = [
      { day: "2026-11-03", rank: 800 },
      { day: "2026-11-01", rank: 1000 },
      { day: "2026-11-02", rank: 900 },
    ];
    expect(rankVelocity(points)).toEqual({ rankChangePercent: -20, slopePerDay: -100, best: 800, worst: 1000 });
  });

  it("answers 0, never -0, for changes too small to show", () => {
    const points = [
      { day: "2026-01-01", rank: 100_000 },
      { day: "2026-10-28", rank: 99_999 },
    ];
    const velocity = rankVelocity(points);
    expect(Object.is(velocity.rankChangePercent, 0)).toBe(true);
    expect(Object.is(velocity.slopePerDay, 0)).toBe(true);
  });
});
