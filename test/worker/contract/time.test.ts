import { describe, expect, it } from "vitest";
import { daysFromTo } from "../../../worker/contract/time";

describe("daysFromTo", () => {
  it("lists every day of a window in order, both ends included, across a month and a year", () => {
    expect(daysFromTo("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(daysFromTo("2028-02-28", "2028-03-01")).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
  });

  it("is one day when the ends meet, and none when the window is reversed", () => {
    expect(daysFromTo("2026-11-27", "2026-11-27")).toEqual(["2026-11-27"]);
    expect(daysFromTo("2026-11-27", "2026-11-26")).toEqual([]);
  });
});
