import { describe, expect, it } from "vitest";
import { buildAsinSummary, rowFromSummary, type SummaryPoint } from "../../../worker/dashboard/asin-summary";
import { dashboardRow } from "../../../worker/dashboard/kpis";

/**
 * A store runs on labelled mock data until its partner tag or its region's credential is set; the
 * next night's point is live. A mock rank and a live rank measure nothing together: the change and
 * velocity shown beside a live rank (labelled "Amazon Creators API") are the live points' alone.
 */
const NOW = Date.parse("2026-11-26T03:00:00.000Z");
const day = (daysAgo: number) => new Date(NOW - daysAgo * 86_400_000).toISOString().slice(0, 10);
const point = (daysAgo: number, rank: number, source: "live" | "mock"): SummaryPoint => ({
  day: day(daysAgo),
  source,
  rank,
  price: 10,
  currency: "USD",
  capturedAt: `${day(daysAgo)}T02:00:00.000Z`,
});

describe("change and velocity over mock days then live days", () => {
  const series = [point(6, 50_000, "mock"), point(5, 48_000, "mock"), point(1, 120, "live"), point(0, 100, "live")];

  it("the summary compares live ranks with live ranks only", () => {
    const summary = buildAsinSummary("DE", "B0MIXED001", series, NOW);
    expect(summary.source).toBe("live");
    expect(summary.figures.change[7]).toBe(-20);
    expect(summary.figures.velocity[7]).toMatchObject({ rankChangePercent: -16.7, best: 100, worst: 120 });
    const row = rowFromSummary({ asin: "B0MIXED001", marketplace: "DE", details: null, seller: null, summary }, 7);
    expect(row).toMatchObject({ rank: 100, rankChange7d: -20, rankSource: { kind: "live" } });
  });

  it("a row built from points (no summary yet) does the same", () => {
    const row = dashboardRow({
      asin: "B0MIXED001",
      marketplace: "DE",
      details: null,
      seller: null,
      rankCapturedAt: null,
      points: series.map((p) => ({ ...p, categoryRanks: [], offers: null, rating: null, reviewCount: null })),
    });
    expect(row).toMatchObject({ rank: 100, rankChange7d: -20, velocity: { rankChangePercent: -16.7, best: 100, worst: 120 } });
  });

  it("the sparkline beside a live rank draws the live days only: the web draws every point of a row as the row's source", () => {
    const summary = buildAsinSummary("DE", "B0MIXED001", series, NOW);
    const row = rowFromSummary({ asin: "B0MIXED001", marketplace: "DE", details: null, seller: null, summary }, 7);
    expect(row.sparkline).toEqual([{ day: day(1), rank: 120 }, { day: day(0), rank: 100 }]);
    const fromPoints = dashboardRow({
      asin: "B0MIXED001",
      marketplace: "DE",
      details: null,
      seller: null,
      rankCapturedAt: null,
      points: series.map((p) => ({ ...p, categoryRanks: [], offers: null, rating: null, reviewCount: null })),
    });
    expect(fromPoints.sparkline).toEqual(row.sparkline);
  });

  it("one live point after mock days is no trend yet", () => {
    const summary = buildAsinSummary("DE", "B0MIXED002", [point(3, 40_000, "mock"), point(0, 90, "live")], NOW);
    expect(summary.figures.change[7]).toBeNull();
    expect(summary.figures.velocity[7].rankChangePercent).toBeNull();
  });
});

describe("the mock's label", () => {
  it("says mock, not demo: a paying account's store without its own partner tag is on the mock too", () => {
    const summary = buildAsinSummary("MX", "B0MOCKMX01", [point(1, 900, "mock"), point(0, 800, "mock")], NOW);
    const row = rowFromSummary({ asin: "B0MOCKMX01", marketplace: "MX", details: null, seller: null, summary }, 7);
    expect(row.rankSource).toMatchObject({ kind: "mock", label: "Mock data (not live)" });
  });
});
