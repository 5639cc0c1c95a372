import { describe, expect, it } from "vitest";
import { MockProductSource } from "../../../../worker/upstreams/creators/mock";
import { MockSellerApi } from "../../../../worker/upstreams/spapi/mock";
import { addDays } from "../../../../worker/contract/time";

describe("the mock catalog and the mock lookup", () => {
  it("give one ASIN the same website and sub-category ranks", async () => {
    const asins = ["B08N5WRWNW", "B000000001", "B0CHX1W1XY", "B07FZ8S74R", "B09B8V1LZ3"];
    const lookups = await new MockProductSource().getItems(asins, "US");
    const catalog = new MockSellerApi();
    for (const asin of asins) {
      const outcome = lookups.get(asin);
      if (!outcome?.ok) throw new Error(`no mock lookup for ${asin}`);
      const item = await catalog.getCatalogItem(asin, "US");
      expect(item.salesRanks).toEqual((outcome.categoryRanks ?? []).map(({ category, rank }) => ({ categoryTitle: category, rank })));
      // Two ranks: the website category's and one sub-category's, the better of the two.
      expect(item.salesRanks).toHaveLength(2);
      expect(item.salesRanks[1]!.rank).toBeLessThanOrEqual(item.salesRanks[0]!.rank);
    }
  });
});

describe("the mock seller's days", () => {
  const asins = Array.from({ length: 30 }, (_, i) => `B0DAYS${String(i).padStart(4, "0")}`);
  const days = Array.from({ length: 60 }, (_, i) => addDays("2026-03-01", i));
  const on = (day: string) => new MockSellerApi("DEMO-1", day);

  it("sells stock down from a restock, then restocks: each ASIN with FBA stock runs low some days, and never below 0", async () => {
    const byDay = await Promise.all(days.map((day) => on(day).getFulfillableUnits(asins, "US")));
    const stocked = asins.filter((asin) => byDay[0]!.has(asin));
    expect(stocked.length).toBeGreaterThan(20);
    for (const asin of stocked) {
      const units = byDay.map((answer) => answer.get(asin)!);
      expect(units.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
      expect(Math.min(...units), asin).toBeLessThan(Math.max(...units) / 8);
      // Down day by day, up only on a restock.
      const restocks = units.filter((n, i) => i > 0 && n > units[i - 1]!).length;
      expect(restocks, asin).toBeGreaterThanOrEqual(1);
      expect(restocks, asin).toBeLessThanOrEqual(5);
    }
    // An ASIN without an FBA record has none on any day.
    for (const asin of asins.filter((a) => !byDay[0]!.has(a))) expect(byDay.every((answer) => !answer.has(asin))).toBe(true);
  });

  it("gives the demo seller the Buy Box of most ASINs most days, and loses it some days", async () => {
    const byDay = await Promise.all(days.map((day) => on(day).getBuyBoxWinners(asins, "US")));
    const held = asins.map((asin) => byDay.filter((answer) => answer.get(asin)!.prime?.mine).length / days.length);
    const share = held.reduce((sum, x) => sum + x, 0) / held.length;
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.85);
    expect(held.filter((x) => x > 0 && x < 1).length).toBeGreaterThan(20);
    // The same day asked twice answers the same.
    expect(await on(days[0]!).getBuyBoxWinners(asins, "US")).toEqual(byDay[0]);
  });
});
