import { describe, expect, it } from "vitest";
import type { HistoryPoint } from "../../../worker/contract/history";
import { buyBoxHolders } from "../../../worker/contract/buy-box-holders";
import { dashboardKpis, dashboardRow, type TrackedAsinData } from "../../../worker/dashboard/kpis";

function point(day: string, rank: number | null, source: "live" | "mock" = "live", price: number | null = 19.99): HistoryPoint {
  return { day, source, rank, categoryRanks: [], price, currency: price === null ? null : "USD", offers: null, rating: null, reviewCount: null };
}

function data(asin: string, ranks: (number | null)[], seller: Partial<NonNullable<TrackedAsinData["seller"]>> | null = null, source: "live" | "mock" = "live"): TrackedAsinData {
  const points = ranks.map((rank, i) => point(`2026-11-${String(18 + i).padStart(2, "0")}`, rank, source));
  return {
    asin,
    marketplace: "US",
    details: { title: `Item ${asin}`, image: null, brand: "Acme", category: "Toys" },
    points,
    seller: seller && { source: "spapi", fulfillableUnits: null, buyBoxSellerId: null, holdsBuyBox: null, capturedAt: "2026-11-24T02:10:00.000Z", ...seller },
    rankCapturedAt: points.length ? `${points.at(-1)!.day}T02:00:05.000Z` : null,
  };
}

describe("the Buy Box most shoppers see (buyBoxHolders' shown)", () => {
  it.each([
    [null, "unknown"],
    [{ holdsBuyBox: null, buyBoxSellerId: null }, "unknown"],
    [{ holdsBuyBox: true, buyBoxSellerId: "ME" }, "you"],
    [{ holdsBuyBox: false, buyBoxSellerId: "OTHER" }, "other"],
    [{ holdsBuyBox: false, buyBoxSellerId: null }, "none"],
  ] as const)("%o → %s", (seller, expected) => {
    expect(buyBoxHolders(seller).shown).toBe(expected);
  });
});

describe("dashboardRow", () => {
  it("takes rank and price from the latest point, the 7-day change from the first ranked day, velocity from velocity.ts", () => {
    const row = dashboardRow(data("B000000001", [1000, null, 900, 800]));
    expect(row.rank).toBe(800);
    expect(row.rankChange7d).toBe(-200);
    expect(row.velocity.rankChangePercent).toBe(-20);
    expect(row.price).toEqual({ amount: 19.99, currency: "USD" });
    expect(row.sparkline.map((p) => p.rank)).toEqual([1000, null, 900, 800]);
    expect(row.rankSource).toEqual({ kind: "live", label: "Amazon Creators API", asOf: "2026-11-21T02:00:05.000Z" });
    expect(row.sellerSource.kind).toBeNull();
  });

  it("has no figures without a snapshot: never a made-up number", () => {
    const row = dashboardRow(data("B000000002", []));
    expect(row).toMatchObject({ rank: null, rankChange7d: null, price: null, buyBox: "unknown", fulfillableUnits: null });
    expect(row.velocity.rankChangePercent).toBeNull();
  });

  it("one ranked day is not a change", () => {
    expect(dashboardRow(data("B000000003", [null, 500])).rankChange7d).toBeNull();
  });
});

describe("dashboardKpis", () => {
  const rows = [
    dashboardRow(data("B000000001", [1000, 800], { holdsBuyBox: true, buyBoxSellerId: "ME", fulfillableUnits: 5 })),
    dashboardRow(data("B000000002", [100, 150], { holdsBuyBox: false, buyBoxSellerId: "X", fulfillableUnits: 20 })),
    dashboardRow(data("B000000003", [300, 301], { holdsBuyBox: null, fulfillableUnits: 21 })),
    dashboardRow(data("B000000004", [])),
  ];
  const kpis = dashboardKpis(rows);

  it("counts every tracked ASIN", () => expect(kpis.tracked.value).toBe(4));
  it("averages the latest ranks of ranked rows only, rounded", () => expect(kpis.averageRank.value).toBe(Math.round((800 + 150 + 301) / 3)));
  it("counts Buy Box held of the rows with a known holder", () => expect(kpis.buyBox).toMatchObject({ held: 1, of: 2 }));
  it("counts low stock at or under 20 units", () => expect(kpis.lowStock.value).toBe(2));
  it("names the biggest 7-day mover by absolute rank change %", () =>
    expect(kpis.biggestMover).toEqual({ asin: "B000000002", marketplace: "US", rankChangePercent: 50 }));
  it("says each card's source and as-of time", () => {
    expect(kpis.averageRank.source).toEqual({ kind: "live", label: "Amazon Creators API", asOf: "2026-11-19T02:00:05.000Z" });
    expect(kpis.buyBox.source).toMatchObject({ kind: "spapi", asOf: "2026-11-24T02:10:00.000Z" });
  });
  it("has no figures and no source for an empty account", () => {
    const empty = dashboardKpis([]);
    expect(empty).toMatchObject({ tracked: { value: 0 }, averageRank: { value: null }, buyBox: { held: 0, of: 0 }, lowStock: { value: null }, biggestMover: null });
    expect(empty.averageRank.source.kind).toBeNull();
  });
  it("labels a figure mock as soon as one of its rows is mock", () => {
    const mixed = dashboardKpis([dashboardRow(data("B000000001", [5, 6])), dashboardRow(data("B000000002", [7, 8], null, "mock"))]);
    expect(mixed.averageRank.source.kind).toBe("mock");
    // Half of it is live: the label says both, not that the whole figure is mock (nor that it is live).
    expect(mixed.averageRank.source.label).toBe("Mixed: Amazon Creators API and Mock data (not live)");
    const allMock = dashboardKpis([dashboardRow(data("B000000002", [7, 8], null, "mock"))]);
    expect(allMock.averageRank.source.label).toBe("Mock data (not live)");
  });
});

describe("buyBoxHolders: each Buy Box apart", () => {
  const seller = (fields: Partial<NonNullable<TrackedAsinData["seller"]>>) => ({ source: "spapi", fulfillableUnits: 1, buyBoxSellerId: null, holdsBuyBox: null, capturedAt: "x", ...fields });

  it("names the Prime and the non-Prime holder; the shown one is the Prime one", () => {
    const twoWinners = seller({ buyBoxSellerId: "OTHER", holdsBuyBox: false, primeSellerId: "OTHER", nonPrimeSellerId: "ME", holdsPrime: false, holdsNonPrime: true });
    expect(buyBoxHolders(twoWinners)).toEqual({ shown: "other", prime: "other", nonPrime: "you" });
    expect(dashboardRow(data("B000000009", [100], twoWinners))).toMatchObject({ buyBox: "other", buyBoxes: { prime: "other", nonPrime: "you" } });
  });

  it("a suppressed Buy Box (offers, no winner) is 'suppressed', apart from 'unknown' (no answer) and 'none' (no offer)", () => {
    expect(buyBoxHolders(seller({ primeSellerId: "suppressed", nonPrimeSellerId: "suppressed" }))).toEqual({ shown: "suppressed", prime: "suppressed", nonPrime: "suppressed" });
    expect(buyBoxHolders(seller({ primeSellerId: "unknown", nonPrimeSellerId: "unknown" }))).toEqual({ shown: "unknown", prime: "unknown", nonPrime: "unknown" });
    expect(buyBoxHolders(seller({ holdsBuyBox: false, primeSellerId: null, nonPrimeSellerId: null, holdsPrime: false, holdsNonPrime: false }))).toEqual({ shown: "none", prime: "none", nonPrime: "none" });
    expect(buyBoxHolders(null)).toEqual({ shown: "unknown", prime: "unknown", nonPrime: "unknown" });
  });

  it("a row from before the two were kept shows the one Buy Box it has, and each segment unknown", () => {
    expect(buyBoxHolders(seller({ holdsBuyBox: true, buyBoxSellerId: "ME" }))).toEqual({ shown: "you", prime: "unknown", nonPrime: "unknown" });
  });

  it("the Buy Box card counts a suppressed Buy Box as known and not held; unknown stays out", () => {
    const rows = [
      dashboardRow(data("B000000010", [100], seller({ holdsBuyBox: true, buyBoxSellerId: "ME", primeSellerId: "ME", nonPrimeSellerId: "ME", holdsPrime: true, holdsNonPrime: true }))),
      dashboardRow(data("B000000011", [100], seller({ primeSellerId: "suppressed", nonPrimeSellerId: "suppressed" }))),
      dashboardRow(data("B000000012", [100], seller({ primeSellerId: "unknown", nonPrimeSellerId: "unknown" }))),
    ];
    expect(dashboardKpis(rows).buyBox).toMatchObject({ held: 1, of: 2 });
  });
});
