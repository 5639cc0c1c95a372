import { describe, expect, it } from "vitest";
import {
  type AlertData,
  buyBoxLost,
  evaluateAlert,
  lowStock,
  priceChange,
  type AlertRankPoint as RankPoint,
  rankAbove,
  rankDrop,
  type SellerPoint,
  type Window,
  windowOf,
  windowStart,
} from "../../../worker/alerts/rules";

const TODAY = "2026-11-22";
/** The UTC day `offset` days from TODAY (negative: earlier). */
const day = (offset: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

const point = (offset: number, rank: number | null, price: number | null = null): RankPoint => ({
  day: day(offset),
  rank,
  price,
  source: "live",
});
/** A rank window: today's point (or none) and earlier points given as [offset, rank, price]. */
function ranks(today: [number | null, number | null] | null, ...earlier: [number, number | null, number | null][]): Window<RankPoint> {
  return {
    today: today ? point(0, today[0], today[1]) : null,
    earlier: earlier.map(([offset, rank, price]) => point(offset, rank, price)),
  };
}
const sellerPoint = (offset: number, fulfillableUnits: number | null, holdsBuyBox: boolean | null): SellerPoint => ({
  day: day(offset),
  fulfillableUnits,
  holdsBuyBox,
  source: "spapi",
});
const EMPTY = { today: null, earlier: [] };

describe("rank_above: today's rank is worse (higher) than the threshold", () => {
  it.each([
    ["no snapshot today", EMPTY, 500, "no_data"],
    ["a snapshot without a rank", ranks([null, 9.99]), 500, "no_data"],
    ["only earlier days (first day of data missing today)", ranks(null, [-1, 900, null]), 500, "no_data"],
    ["better than the threshold", ranks([120, null]), 500, "ok"],
    ["equal to the threshold", ranks([500, null]), 500, "ok"],
    ["one past the threshold", ranks([501, null]), 500, "fired"],
    ["far past the threshold", ranks([812, null]), 500, "fired"],
    ["rank #1 against threshold 1", ranks([1, null]), 1, "ok"],
  ])("%s → %s", (_name, window, threshold, expected) => {
    expect(rankAbove(threshold as number, window as Window<RankPoint>).result).toBe(expected);
  });

  it("says what it saw", () => {
    expect(rankAbove(500, ranks([812, null]))).toEqual({ result: "fired", message: "rank #812 is worse than your threshold #500" });
    // Ranks read as the app shows them, with thousands separators.
    expect(rankAbove(1500, ranks([214322, null]))).toEqual({ result: "fired", message: "rank #214,322 is worse than your threshold #1,500" });
  });
});

describe("rank_drop: worse by more than threshold % than the best rank of the previous 7 days", () => {
  it.each([
    ["no data at all", EMPTY, "no_data"],
    ["first day: no earlier point", ranks([130, null]), "no_data"],
    ["earlier points without a rank", ranks([130, null], [-3, null, 5]), "no_data"],
    ["no rank today", ranks(null, [-7, 100, null]), "no_data"],
    ["equal ranks", ranks([100, null], [-7, 100, null]), "ok"],
    ["rank improved (negative move)", ranks([50, null], [-7, 100, null]), "ok"],
    ["exactly 20% worse", ranks([120, null], [-7, 100, null]), "ok"],
    ["one past 20% worse", ranks([121, null], [-7, 100, null]), "fired"],
    ["worse than a mid-week best, not the week's start", ranks([125, null], [-7, 130, null], [-3, 100, null]), "fired"],
    ["within 20% of the best day", ranks([119, null], [-6, 100, null], [-1, 119, null]), "ok"],
    ["yesterday alone", ranks([1000, null], [-1, 100, null]), "fired"],
  ])("%s → %s", (_name, window, expected) => {
    expect(rankDrop(20, window as Window<RankPoint>).result).toBe(expected);
  });

  it("ignores points older than 7 days (the window is built by windowOf)", () => {
    const window = windowOf(TODAY, [point(-8, 10, null), point(-7, 100, null), point(0, 121, null)]);
    expect(window.earlier.map((p) => p.day)).toEqual([day(-7)]);
    expect(rankDrop(20, window)).toEqual({
      result: "fired",
      message: "rank #121 is 21.0% worse than #100 in the last 7 days (threshold 20%)",
    });
  });
});

describe("price_change: moved more than ± threshold % within 7 days", () => {
  it.each([
    ["no data", EMPTY, "no_data"],
    ["first day: no earlier price", ranks([null, 10]), "no_data"],
    ["no price today", ranks([5, null], [-2, 5, 10]), "no_data"],
    ["an earlier price of zero only", ranks([5, 10], [-2, 5, 0]), "no_data"],
    ["equal prices", ranks([5, 10], [-7, 5, 10]), "ok"],
    ["exactly +10%", ranks([5, 11], [-7, 5, 10]), "ok"],
    ["one cent past +10%", ranks([5, 11.01], [-7, 5, 10]), "fired"],
    ["exactly -10%", ranks([5, 9], [-7, 5, 10]), "ok"],
    ["one cent past -10%", ranks([5, 8.99], [-7, 5, 10]), "fired"],
    ["exactly +10% where floating point would drift", ranks([5, 21.89], [-1, 5, 19.9]), "ok"],
    ["+10% against the week's low, though not against yesterday", ranks([5, 11.5], [-6, 5, 10], [-1, 5, 11.4]), "fired"],
    ["-10% against the week's high", ranks([5, 10], [-6, 5, 11.5], [-1, 5, 10.1]), "fired"],
  ])("%s → %s", (_name, window, expected) => {
    expect(priceChange(10, window as Window<RankPoint>).result).toBe(expected);
  });

  it("reports the signed move and both prices", () => {
    expect(priceChange(10, ranks([5, 8.5], [-7, 5, 10]))).toEqual({
      result: "fired",
      message: "price 8.50 moved -15.0% from 10.00 in the last 7 days (threshold ±10%)",
    });
    expect(priceChange(10, ranks([5, 12], [-7, 5, 10]))).toMatchObject({ message: expect.stringContaining("moved +20.0% from 10.00") });
  });
});

describe("price_change's message writes prices in the marketplace's currency", () => {
  const priced = (offset: number, price: number, currency: string): RankPoint => ({ ...point(offset, 100, price), currency });

  it("yen without decimals, euros and pounds with their signs, as the app shows them", () => {
    expect(priceChange(10, { today: priced(0, 4914, "JPY"), earlier: [priced(-2, 3872, "JPY")] })).toMatchObject({
      message: "price ¥4,914 moved +26.9% from ¥3,872 in the last 7 days (threshold ±10%)",
    });
    expect(priceChange(10, { today: priced(0, 28.99, "EUR"), earlier: [priced(-2, 1234.5, "EUR")] })).toMatchObject({
      message: "price €28.99 moved -97.7% from €1,234.50 in the last 7 days (threshold ±10%)",
    });
    expect(priceChange(10, { today: priced(0, 15.99, "GBP"), earlier: [priced(-1, 19.99, "GBP")] })).toMatchObject({ message: expect.stringMatching(/^price £15\.99 moved -20\.0% from £19\.99/) });
  });
});

describe("rank_drop and price_change compare within today's source", () => {
  // A product tracked only by demo accounts (or in a region without credentials) has mock days in
  // the shared history before its first live day: the mock's figures are no product's past.
  const mockPast = (rank: number, price: number): RankPoint => ({ ...point(-1, rank, price), source: "mock" });

  it("a first live day after mock days has nothing to compare with", () => {
    const window = { today: point(0, 1000, 40), earlier: [mockPast(100, 20)] };
    expect(rankDrop(20, window)).toEqual({ result: "no_data", reason: "No rank from the previous 7 days to compare with" });
    expect(priceChange(10, window)).toEqual({ result: "no_data", reason: "No price from the previous 7 days to compare with" });
  });

  it("live days are compared with live days only, past mock days in between", () => {
    const window = { today: point(0, 121, 11.01), earlier: [point(-3, 100, 10), mockPast(5, 1)] };
    expect(rankDrop(20, window)).toMatchObject({ result: "fired", message: expect.stringContaining("21.0% worse than #100") });
    expect(priceChange(10, window)).toMatchObject({ result: "fired", message: expect.stringContaining("from 10.00") });
  });

  it("a mock day is compared with mock days, and says so", () => {
    const window = { today: { ...point(0, 121, null), source: "mock" as const }, earlier: [mockPast(100, 10), point(-2, 5, 10)] };
    expect(rankDrop(20, window)).toEqual({ result: "fired", message: "rank #121 is 21.0% worse than #100 in the last 7 days (threshold 20%) (mock data)" });
  });
});

describe("low_stock: fulfillable units below the threshold", () => {
  it.each([
    ["no seller snapshot today", EMPTY, "no_data"],
    ["no FBA stock record today", { today: sellerPoint(0, null, true), earlier: [] }, "no_data"],
    ["only yesterday's units", { today: null, earlier: [sellerPoint(-1, 2, null)] }, "no_data"],
    ["above the threshold", { today: sellerPoint(0, 40, null), earlier: [] }, "ok"],
    ["equal to the threshold", { today: sellerPoint(0, 10, null), earlier: [] }, "ok"],
    ["one below the threshold", { today: sellerPoint(0, 9, null), earlier: [] }, "fired"],
    ["out of stock", { today: sellerPoint(0, 0, null), earlier: [] }, "fired"],
  ])("%s → %s", (_name, window, expected) => {
    expect(lowStock(10, window as Window<SellerPoint>).result).toBe(expected);
  });
});

describe("buybox_lost: held at the latest earlier snapshot, not today", () => {
  it.each([
    ["no data", EMPTY, "no_data"],
    ["first day: no earlier snapshot", { today: sellerPoint(0, 5, false), earlier: [] }, "no_data"],
    ["unknown owner today", { today: sellerPoint(0, 5, null), earlier: [sellerPoint(-1, 5, true)] }, "no_data"],
    ["earlier owner unknown", { today: sellerPoint(0, 5, false), earlier: [sellerPoint(-1, 5, null)] }, "no_data"],
    ["held both days", { today: sellerPoint(0, 5, true), earlier: [sellerPoint(-1, 5, true)] }, "ok"],
    ["held neither day", { today: sellerPoint(0, 5, false), earlier: [sellerPoint(-1, 5, false)] }, "ok"],
    ["won it back", { today: sellerPoint(0, 5, true), earlier: [sellerPoint(-1, 5, false)] }, "ok"],
    ["held yesterday, lost today", { today: sellerPoint(0, 5, false), earlier: [sellerPoint(-1, 5, true)] }, "fired"],
    [
      "held two days ago, yesterday unknown, lost today",
      { today: sellerPoint(0, 5, false), earlier: [sellerPoint(-2, 5, true), sellerPoint(-1, 5, null)] },
      "fired",
    ],
    [
      "already lost yesterday (fires once, not every day)",
      { today: sellerPoint(0, 5, false), earlier: [sellerPoint(-2, 5, true), sellerPoint(-1, 5, false)] },
      "ok",
    ],
  ])("%s → %s", (_name, window, expected) => {
    expect(buyBoxLost(window as Window<SellerPoint>).result).toBe(expected);
  });
});

describe("evaluateAlert", () => {
  const data = (rank: Window<RankPoint>, seller: Window<SellerPoint> = EMPTY): AlertData => ({ rank, sellers: [{ name: "Demo seller", seller }] });

  it("prefixes a fired message with the ASIN and marketplace", () => {
    expect(
      evaluateAlert({ asin: "B08N5WRWNW", marketplace: "US", conditionType: "rank_above", threshold: 500 }, data(ranks([812, null]))),
    ).toEqual({ result: "fired", message: "B08N5WRWNW (US): rank #812 is worse than your threshold #500" });
  });

  it("labels mock data in the message", () => {
    const mock: Window<RankPoint> = { today: { ...point(0, 812, null), source: "mock" }, earlier: [] };
    expect(evaluateAlert({ asin: "B000000001", marketplace: "UK", conditionType: "rank_above", threshold: 500 }, data(mock))).toEqual({
      result: "fired",
      message: "B000000001 (UK): rank #812 is worse than your threshold #500 (mock data)",
    });
  });

  it.each([
    ["rank_above", 501, 500],
    ["rank_drop", 121, 120],
  ] as const)("falls back to the default threshold of %s when none is stored", (conditionType, firing, quiet) => {
    const alert = { asin: "B000000001", marketplace: "US", conditionType, threshold: null };
    expect(evaluateAlert(alert, data(ranks([firing, null], [-7, 100, null]))).result).toBe("fired");
    expect(evaluateAlert(alert, data(ranks([quiet, null], [-7, 100, null]))).result).toBe("ok");
  });

  it("sends each condition to its own data", () => {
    const seller = { today: sellerPoint(0, 3, false), earlier: [sellerPoint(-1, 3, true)] };
    const alert = (conditionType: "low_stock" | "buybox_lost" | "price_change") => ({
      asin: "B000000001",
      marketplace: "US",
      conditionType,
      threshold: conditionType === "buybox_lost" ? null : 10,
    });
    expect(evaluateAlert(alert("low_stock"), data(EMPTY, seller)).result).toBe("fired");
    expect(evaluateAlert(alert("buybox_lost"), data(EMPTY, seller)).result).toBe("fired");
    expect(evaluateAlert(alert("low_stock"), data(ranks([1, 1]), EMPTY))).toEqual({
      result: "no_data",
      reason: "No fulfillable FBA units captured today",
    });
    expect(evaluateAlert(alert("price_change"), data(ranks([5, 20], [-1, 5, 10]), seller)).result).toBe("fired");
  });
});

describe("seller conditions on several connections: each connection's series apart, fired when any fires", () => {
  const alert = (conditionType: "low_stock" | "buybox_lost") => ({ asin: "B000000040", marketplace: "US", conditionType, threshold: conditionType === "low_stock" ? 10 : null });
  const holds = (holdsBuyBox: boolean) => ({ today: sellerPoint(0, 50, holdsBuyBox), earlier: [sellerPoint(-1, 50, holdsBuyBox)] });
  const stock = (units: number | null) => ({ today: sellerPoint(0, units, true), earlier: [] });

  it("never compares one connection's day with another's: A never holds the Buy Box, B always does", () => {
    const sellers = [{ name: "Client A", seller: holds(false) }, { name: "Client B", seller: holds(true) }];
    expect(evaluateAlert(alert("buybox_lost"), { rank: EMPTY, sellers })).toEqual({ result: "ok" });
  });

  it("names the connection that fired when there are several", () => {
    const lost = { today: sellerPoint(0, 50, false), earlier: [sellerPoint(-1, 50, true)] };
    expect(evaluateAlert(alert("buybox_lost"), { rank: EMPTY, sellers: [{ name: "Client A", seller: holds(true) }, { name: "Client B", seller: lost }] })).toEqual({
      result: "fired",
      message: `B000000040 (US) on Client B: you lost the Buy Box (you held it on ${day(-1)})`,
    });
  });

  it("fires on any connection below the threshold, not only the first, and names each that fired", () => {
    const sellers = [{ name: "Client A", seller: stock(120) }, { name: "Client B", seller: stock(3) }];
    expect(evaluateAlert(alert("low_stock"), { rank: EMPTY, sellers })).toEqual({
      result: "fired",
      message: "B000000040 (US) on Client B: 3 fulfillable units, below your threshold of 10",
    });
    const both = [{ name: "Client A", seller: stock(4) }, ...sellers];
    expect(evaluateAlert(alert("low_stock"), { rank: EMPTY, sellers: both })).toMatchObject({
      message: "B000000040 (US) on Client A: 4 fulfillable units, below your threshold of 10; B000000040 (US) on Client B: 3 fulfillable units, below your threshold of 10",
    });
  });

  it("is ok when no connection fires and one is ok, and no data only when none has data", () => {
    expect(evaluateAlert(alert("low_stock"), { rank: EMPTY, sellers: [{ name: "Client A", seller: stock(null) }, { name: "Client B", seller: stock(50) }] })).toEqual({ result: "ok" });
    expect(evaluateAlert(alert("low_stock"), { rank: EMPTY, sellers: [{ name: "Client A", seller: stock(null) }, { name: "Client B", seller: EMPTY }] })).toEqual({
      result: "no_data",
      reason: "No fulfillable FBA units captured today",
    });
    expect(evaluateAlert(alert("buybox_lost"), { rank: EMPTY, sellers: [] })).toEqual({ result: "no_data", reason: "No Buy Box owner captured today" });
  });
});

describe("windowOf", () => {
  it("keeps today and the 7 days before, oldest first", () => {
    expect(windowStart(TODAY)).toBe(day(-7));
    const window = windowOf(TODAY, [point(-1, 3, null), point(1, 9, null), point(0, 4, null), point(-9, 1, null), point(-7, 2, null)]);
    expect(window.today?.rank).toBe(4);
    expect(window.earlier.map((p) => p.rank)).toEqual([2, 3]);
  });
});
