import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildAsinSummary, rowFromSummary, type SummaryPoint } from "../../../worker/dashboard/asin-summary";
import { dashboardRow } from "../../../worker/dashboard/kpis";
import { refreshAsinSummaries } from "../../../worker/dashboard/summary-rows";
import { trackedSummaries } from "../../../worker/dashboard/summary-store";
import { pointOf, writeRankPoints } from "../../../worker/history/rank-points-store";
import { buildServices } from "../../../worker/services";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import type { DashboardResponse } from "../../../worker/contract/dashboard";
import { proBrowser } from "../history/accounts";

/** Issue 24 point 11 on the dashboard: with no Buy Box winner a row's price is the lowest offer's and says so. */
const NOW = Date.parse("2026-11-26T02:30:00.000Z");
const at = (daysAgo: number) => new Date(NOW - daysAgo * 86_400_000).toISOString();
const dayBefore = (daysAgo: number) => at(daysAgo).slice(0, 10);

function point(daysAgo: number, price: number | null, lowest: boolean): SummaryPoint {
  return {
    day: dayBefore(daysAgo),
    source: "live",
    rank: 500 + daysAgo,
    price,
    currency: price === null ? null : "USD",
    capturedAt: `${dayBefore(daysAgo)}T02:00:05.000Z`,
    ...(lowest ? { priceSource: "lowest_offer" as const } : {}),
  };
}

const input = (summary: ReturnType<typeof buildAsinSummary>) => ({ marketplace: "US" as const, asin: summary.asin, summary, details: null, seller: null });

describe("the lowest-offer label in summaries and dashboard rows", () => {
  it("a summary whose latest price is the lowest offer's keeps the label, and its row carries it", () => {
    const summary = buildAsinSummary("US", "B0LOWEST01", [point(1, 9.99, false), point(0, 12.5, true)], NOW);
    expect(summary.figures.priceSource).toBe("lowest_offer");
    const row = rowFromSummary(input(summary), 7);
    expect(row.price).toEqual({ amount: 12.5, currency: "USD" });
    expect(row.priceSource).toBe("lowest_offer");
  });

  it("only the latest point counts: a Buy Box price today after a lowest offer yesterday is unlabelled; no price, no label", () => {
    const buyBox = buildAsinSummary("US", "B0LOWEST02", [point(1, 12.5, true), point(0, 9.99, false)], NOW);
    expect(buyBox.figures.priceSource).toBeUndefined();
    expect(rowFromSummary(input(buyBox), 7)).not.toHaveProperty("priceSource");
    const noPrice = buildAsinSummary("US", "B0LOWEST03", [point(0, null, true)], NOW);
    expect(rowFromSummary(input(noPrice), 7)).toMatchObject({ price: null });
    expect(rowFromSummary(input(noPrice), 7)).not.toHaveProperty("priceSource");
  });

  it("a summary too old for the window shows neither the price nor the label", () => {
    const stale = buildAsinSummary("US", "B0LOWEST04", [point(20, 12.5, true)], NOW);
    const row = rowFromSummary(input(stale), 7);
    expect(row.price).toBeNull();
    expect(row).not.toHaveProperty("priceSource");
  });

  it("a row built from points (an ASIN with no summary yet) carries the label too", () => {
    const row = dashboardRow({
      asin: "B0LOWEST05",
      marketplace: "US",
      details: null,
      seller: null,
      rankCapturedAt: null,
      points: [{ day: dayBefore(0), source: "live", rank: 10, categoryRanks: [], price: 12.5, currency: "USD", offers: 3, rating: null, reviewCount: null, priceSource: "lowest_offer" }],
    });
    expect(row.priceSource).toBe("lowest_offer");
  });

  it("the label survives the nightly path: points on the shards, the summary written to D1 and read back", async () => {
    const product = { ...mockProduct("B0LOWEST06", "US"), price: { amount: 12.5, currency: "USD" }, priceSource: "lowest_offer" as const };
    await writeRankPoints(buildServices(env).history, [pointOf({ product, source: "live", capturedAt: at(0) })]);
    await refreshAsinSummaries(buildServices(env), [{ asin: "B0LOWEST06", marketplace: "US" }], NOW);
    const [read] = await trackedSummaries(env.DB, "nobody", [{ marketplace: "US", asin: "B0LOWEST06" }], dayBefore(6), dayBefore(0));
    const row = rowFromSummary({ ...read!, marketplace: "US", summary: read!.summary }, 7);
    expect(row).toMatchObject({ price: { amount: 12.5, currency: "USD" }, priceSource: "lowest_offer" });
  });

  it("GET /api/dashboard answers the label on the row (the route's schema keeps it)", async () => {
    const browser = await proBrowser();
    expect((await browser.json("/api/watchlist", "POST", { asin: "B0LOWEST07", marketplace: "US" })).status).toBe(201);
    const product = { ...mockProduct("B0LOWEST07", "US"), price: { amount: 12.5, currency: "USD" }, priceSource: "lowest_offer" as const };
    await writeRankPoints(buildServices(env).history, [pointOf({ product, source: "live", capturedAt: new Date().toISOString() })]);
    await refreshAsinSummaries(buildServices(env), [{ asin: "B0LOWEST07", marketplace: "US" }], Date.now());
    const body = await (await browser.request("/api/dashboard")).json<DashboardResponse>();
    expect(body.rows.find((row) => row.asin === "B0LOWEST07")).toMatchObject({ price: { amount: 12.5, currency: "USD" }, priceSource: "lowest_offer" });
  });
});
