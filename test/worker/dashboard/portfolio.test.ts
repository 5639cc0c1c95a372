import { describe, expect, it } from "vitest";
import type { DashboardRow } from "../../../worker/contract/dashboard";
import {
  asinRevenue,
  brandStatus,
  buildPortfolio,
  heatBand,
  NOT_FETCHED_NOTE,
  NOT_GRANTED_NOTE,
  portfolioExportRows,
  sumRevenue,
} from "../../../worker/dashboard/portfolio";

describe("brandStatus (first rule that matches)", () => {
  it.each([
    [500, 10, "needs-attention"],
    [500, 25.5, "needs-attention"],
    [10_000, 0, "top-performer"],
    [9_000, -20, "top-performer"],
    // No change figure yet: not known to be holding its rank, so not a top performer (rule 4).
    [10_000, null, "steady"],
    [10_001, -5, "growing"],
    [50_000, -12, "growing"],
    [50_000, -4.9, "steady"],
    [5_000, 9.9, "steady"],
    [null, null, "steady"],
  ] as const)("average rank %s, change %s%% → %s", (rank, change, expected) => {
    expect(brandStatus(rank, change)).toBe(expected);
  });
});

describe("heatBand", () => {
  it.each([
    [null, null, null],
    [0, "low", "flat"],
    [2.9, "low", "worsening"],
    [-3, "medium", "improving"],
    [9.9, "medium", "worsening"],
    [-10, "high", "improving"],
    [40, "high", "worsening"],
  ] as const)("%s%% → %s, %s", (change, band, direction) => {
    expect(heatBand(change)).toEqual({ band, direction });
  });
});

const row = (asin: string, brand: string | null, category: string | null, rank: number | null, change: number | null): DashboardRow => ({
  asin,
  marketplace: "US",
  title: null,
  image: null,
  brand,
  category,
  rank,
  rankChange7d: null,
  velocity: { rankChangePercent: change, slopePerDay: null, best: null, worst: null },
  price: null,
  buyBox: "unknown",
  buyBoxes: { prime: "unknown", nonPrime: "unknown" },
  fulfillableUnits: null,
  sparkline: [],
  rankSource: { kind: "live", label: "Amazon Creators API", asOf: "2026-11-24T02:00:00.000Z" },
  sellerSource: { kind: null, label: "No snapshot yet", asOf: null },
});

const ok = (amount: number) => ({ status: "ok", amount, currency: "USD", source: "spapi", capturedAt: "2026-11-24T02:20:00.000Z" });

describe("revenue", () => {
  it("sums the ok days of an ASIN", () => {
    expect(asinRevenue([ok(10.1), ok(0), ok(5.25)]).total).toEqual({ amount: 15.35, currency: "USD" });
  });
  it("shows no figure with the reason when the seller has not granted sales data", () => {
    const revenue = asinRevenue([{ status: "not_granted", amount: null, currency: null, source: "spapi", capturedAt: "x" }]);
    expect(revenue).toMatchObject({ total: null, missingReason: NOT_GRANTED_NOTE });
  });
  it("shows no figure when nothing was fetched yet", () => {
    expect(asinRevenue([])).toMatchObject({ total: null, missingReason: NOT_FETCHED_NOTE });
  });
  it("a total with a missing part is no total: never a partial sum passed off as the whole", () => {
    expect(sumRevenue([asinRevenue([ok(3)]), asinRevenue([])])).toMatchObject({ total: null, note: NOT_FETCHED_NOTE });
  });
  it("the portfolio's total card adds the parts it has and says how many products it leaves out, and why", () => {
    expect(sumRevenue([asinRevenue([ok(3)]), asinRevenue([ok(2.5)]), asinRevenue([])], { partial: true })).toMatchObject({
      total: { amount: 5.5, currency: "USD" },
      note: `Leaves out 1 of 3 products without sales figures: ${NOT_FETCHED_NOTE}`,
    });
    expect(sumRevenue([asinRevenue([]), asinRevenue([])], { partial: true })).toMatchObject({ total: null, note: NOT_FETCHED_NOTE });
    expect(sumRevenue([asinRevenue([ok(3)])], { partial: true })).toMatchObject({ total: { amount: 3, currency: "USD" }, note: null });
  });
  it("labels demo revenue as mock", () => {
    expect(asinRevenue([{ ...ok(3), source: "mock" }]).source).toMatchObject({ kind: "mock", label: "Mock revenue (demo)" });
  });
});

describe("buildPortfolio", () => {
  const rows = [
    row("B000000001", "Acme", "Toys", 1000, -20),
    row("B000000002", "Acme", "Toys", 3000, -10),
    row("B000000003", "Voltix", "Electronics", 90_000, 30),
    row("B000000004", null, null, null, null),
  ];
  const revenue = new Map([
    ["US:B000000001", asinRevenue([ok(100)])],
    ["US:B000000002", asinRevenue([ok(50.5)])],
  ]);
  const portfolio = buildPortfolio(rows, revenue);

  it("groups by brand with products, average rank, mean change, revenue and status", () => {
    expect(portfolio.brandRows.map((b) => [b.brand, b.products, b.averageRank, b.rankChangePercent, b.revenue?.amount ?? null, b.status])).toEqual([
      ["Acme", 2, 2000, -15, 150.5, "top-performer"],
      ["Voltix", 1, 90_000, 30, null, "needs-attention"],
      ["Unknown brand", 1, null, null, null, "steady"],
    ]);
    expect(portfolio.brandRows[1]!.revenueNote).toBe(NOT_FETCHED_NOTE);
  });
  it("bands each category by its mean rank change", () => {
    expect(portfolio.heatmap.map((c) => [c.category, c.band, c.direction])).toEqual([
      ["Electronics", "high", "worsening"],
      ["Toys", "high", "improving"],
      ["Uncategorized", null, null],
    ]);
  });
  it("cards: total revenue of the products with a figure, saying which are left out; average rank, top performers, needs attention", () => {
    expect(portfolio.kpis).toMatchObject({
      totalRevenue: { amount: 150.5, currency: "USD" },
      revenueNote: `Leaves out 2 of 4 products without sales figures: ${NOT_FETCHED_NOTE}`,
      averageRank: Math.round((1000 + 3000 + 90_000) / 3),
      topPerformers: 1,
      needsAttention: 1,
    });
    expect(buildPortfolio(rows.slice(0, 2), revenue).kpis).toMatchObject({ totalRevenue: { amount: 150.5, currency: "USD" }, revenueNote: null });
    // A brand's own figure stays whole or "—": Voltix has none.
    expect(portfolio.brandRows.find((row) => row.brand === "Voltix")!.revenue).toBeNull();
  });
  it("exports the brand table as rows for CSV/PDF", () => {
    const table = portfolioExportRows(portfolio);
    expect(table[0]).toEqual(["Brand", "Products", "Average rank", "Rank change %", "Revenue", "Currency", "Status", "Source", "As of"]);
    expect(table[1]).toEqual(["Acme", "2", "2000", "-15", "150.50", "USD", "top-performer", "Amazon Creators API", "2026-11-24T02:00:00.000Z"]);
    expect(table[2]![4]).toBe("");
  });
  it("writes a yen revenue with no decimals in the export rows (JPY has no minor unit)", () => {
    const yen = { ...portfolio, brandRows: portfolio.brandRows.map((row) => ({ ...row, revenue: { amount: 491_400, currency: "JPY" } })) };
    expect(portfolioExportRows(yen)[1]!.slice(4, 6)).toEqual(["491400", "JPY"]);
  });
});
