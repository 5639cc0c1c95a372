import { describe, expect, it } from "vitest";
import { buildAsinSummary, rowFromSummary, summaryWindow, type SummaryPoint } from "../../../worker/dashboard/asin-summary";
import { dashboardRow } from "../../../worker/dashboard/kpis";
import { NO_SOURCE } from "../../../worker/dashboard/kpis";

const NOW = Date.parse("2026-11-26T02:30:00.000Z");
const dayBefore = (days: number) => new Date(NOW - days * 86_400_000).toISOString().slice(0, 10);

function point(daysAgo: number, rank: number | null, source: "live" | "mock" = "live", price: number | null = 19.99): SummaryPoint {
  return { day: dayBefore(daysAgo), source, rank, price, currency: price === null ? null : "USD", capturedAt: `${dayBefore(daysAgo)}T02:00:05.000Z` };
}

const details = { title: "Item", image: null, brand: "Acme", category: "Toys" };
const seller = { source: "spapi", fulfillableUnits: 12, buyBoxSellerId: "ME", holdsBuyBox: true, capturedAt: "2026-11-26T02:10:00.000Z" };

describe("buildAsinSummary", () => {
  it("keeps the latest rank and price, and the 7-, 30- and 90-day change, velocity, best and worst", () => {
    const points = [point(80, 5000), point(20, 3000), point(6, 1000), point(3, null), point(1, 900), point(0, 800, "live", 17.5)];
    const summary = buildAsinSummary("US", "B000000001", points.reverse(), NOW);
    expect(summary).toMatchObject({ rank: 800, price: 17.5, currency: "USD", source: "live", lastDay: dayBefore(0), rankCapturedAt: `${dayBefore(0)}T02:00:05.000Z` });
    expect(summary.computedAt).toBe("2026-11-26T02:30:00.000Z");
    expect(summary.figures.change).toEqual({ 7: -200, 30: -2200, 90: -4200 });
    expect(summary.figures.velocity[7]).toMatchObject({ rankChangePercent: -20, best: 800, worst: 1000 });
    expect(summary.figures.velocity[30]).toMatchObject({ best: 800, worst: 3000 });
    expect(summary.figures.velocity[90]).toMatchObject({ rankChangePercent: -84, best: 800, worst: 5000 });
  });

  it("keeps a compact 30-day sparkline: day offsets from its first day, days without a point left out", () => {
    const summary = buildAsinSummary("US", "B000000001", [point(40, 1), point(29, 10), point(3, null), point(0, 30)], NOW);
    expect(summary.figures.sparkFrom).toBe(dayBefore(29));
    expect(summary.figures.spark).toEqual([[0, 10], [26, null], [29, 30]]);
  });

  it("has no latest figures and no source without points; never reads a point of a later day", () => {
    const empty = buildAsinSummary("US", "B000000002", [], NOW);
    expect(empty).toMatchObject({ rank: null, price: null, source: null, lastDay: null, rankCapturedAt: null });
    expect(empty.figures.change).toEqual({ 7: null, 30: null, 90: null });
    const future = buildAsinSummary("US", "B000000002", [point(-1, 5)], NOW);
    expect(future.rank).toBeNull();
  });
});

describe("rowFromSummary", () => {
  it("gives the dashboard row the 7-day points gave", () => {
    const series = [point(9, 2000), point(6, 1000), point(4, null, "mock"), point(2, 950, "mock", null), point(0, 800, "mock")];
    const fromPoints = dashboardRow({
      asin: "B000000001",
      marketplace: "US",
      details,
      points: series.filter((p) => p.day >= dayBefore(6)).map((p) => ({ ...p, categoryRanks: [], offers: null, rating: null, reviewCount: null })),
      seller,
      rankCapturedAt: series.at(-1)!.capturedAt,
    });
    const summary = buildAsinSummary("US", "B000000001", series, NOW);
    expect(rowFromSummary({ asin: "B000000001", marketplace: "US", details, seller, summary }, 7)).toEqual(fromPoints);
  });

  it("shows no rank, price or rank source when the latest point is older than the window; the seller's own data still shows", () => {
    const summary = buildAsinSummary("US", "B000000003", [point(12, 700), point(10, 650)], NOW);
    const row = rowFromSummary({ asin: "B000000003", marketplace: "US", details: null, seller, summary }, 7);
    expect(row).toMatchObject({ rank: null, price: null, rankSource: NO_SOURCE, sparkline: [], buyBox: "you", fulfillableUnits: 12 });
    expect(rowFromSummary({ asin: "B000000003", marketplace: "US", details: null, seller: null, summary }, 30)).toMatchObject({ rank: 650, rankChange7d: -50 });
  });

  it("answers a row without figures when there is no summary", () => {
    const row = rowFromSummary({ asin: "B000000004", marketplace: "DE", details: null, seller: null, summary: null }, 7);
    expect(row).toMatchObject({ rank: null, velocity: { rankChangePercent: null }, sparkline: [], rankSource: NO_SOURCE, sellerSource: NO_SOURCE, buyBox: "unknown" });
  });

  it("rounds a window up to the nearest summary window", () => {
    expect([1, 7, 8, 30, 31, 90, 365].map(summaryWindow)).toEqual([7, 7, 30, 30, 90, 90, 90]);
  });
});
