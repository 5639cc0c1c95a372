import { describe, expect, it } from "vitest";
import { rankPosition, usesLogRanks } from "../../../worker/contract/rank-scale";

describe("the rank axis's scale, on screen and in PDF exports", () => {
  it("is logarithmic when the worst rank shown is ten times the best or more", () => {
    expect(usesLogRanks({ min: 985, max: 234_000 })).toBe(true);
    expect(usesLogRanks({ min: 1_000, max: 10_000 })).toBe(true);
    expect(usesLogRanks({ min: 98_000, max: 150_500 })).toBe(false);
    expect(usesLogRanks(null)).toBe(false);
  });

  it("places a rank from the best (0) to the worst (1): by ratio on a logarithmic axis, by difference on a linear one", () => {
    // 1,000 is as many times 100 as 10,000 is times 1,000: the middle of a log axis.
    expect(rankPosition(1_000, { min: 100, max: 10_000 })).toBeCloseTo(0.5, 10);
    expect(rankPosition(100, { min: 100, max: 10_000 })).toBe(0);
    expect(rankPosition(10_000, { min: 100, max: 10_000 })).toBe(1);
    expect(rankPosition(125_000, { min: 100_000, max: 150_000 })).toBe(0.5);
    // One rank for every point: the middle, as the chart draws it.
    expect(rankPosition(812, { min: 812, max: 812 })).toBe(0.5);
  });
});
