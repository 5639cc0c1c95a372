import { describe, expect, it } from "vitest";
import { MockProductSource, mockCategoryRanks, mockImageSvg, mockProduct } from "../../../../worker/upstreams/creators/mock";
import { addDays, utcDay } from "../../../../worker/contract/time";

/** Ninety days from 2026-01-01. */
const QUARTER = Array.from({ length: 90 }, (_, i) => addDays("2026-01-01", i));

describe("mock product source", () => {
  it("is labelled mock", () => {
    expect(new MockProductSource().kind).toBe("mock");
  });

  it("gives the same product for the same ASIN, marketplace and day, every time", () => {
    expect(mockProduct("B08N5WRWNW", "US")).toEqual(mockProduct("B08N5WRWNW", "US"));
    expect(mockProduct("B08N5WRWNW", "US", "2026-03-01")).toEqual(mockProduct("B08N5WRWNW", "US", "2026-03-01"));
    expect(mockImageSvg("B08N5WRWNW", "US")).toBe(mockImageSvg("B08N5WRWNW", "US"));
  });

  it("varies with the ASIN and with the marketplace", () => {
    expect(mockProduct("B08N5WRWNW", "US")).not.toEqual(mockProduct("B07XJ8C8F5", "US"));
    expect(mockProduct("B08N5WRWNW", "US").price).not.toEqual(mockProduct("B08N5WRWNW", "DE").price);
  });

  it("fills every field with a plausible value in the marketplace's currency", () => {
    for (const asin of ["B08N5WRWNW", "B07XJ8C8F5", "0123456789", "ZZZZZZZZZZ", "B000000001"]) {
      for (const marketplace of ["US", "UK", "JP"] as const) {
        const p = mockProduct(asin, marketplace);
        expect(p.title).toMatch(/\w+ \w+/);
        expect(p.image).toBe(`/api/mock-images/${marketplace}/${asin}.svg`);
        expect(p.categoryPath.length).toBeGreaterThanOrEqual(2);
        expect(p.rank).toBeGreaterThanOrEqual(1);
        expect(p.rank).toBeLessThanOrEqual(250_000);
        expect(p.price?.amount).toBeGreaterThan(0);
        expect(p.price?.currency).toBe({ US: "USD", UK: "GBP", JP: "JPY" }[marketplace]);
        expect(p.offers).toBeGreaterThanOrEqual(1);
        expect(p.rating).toBeGreaterThanOrEqual(1);
        expect(p.rating).toBeLessThanOrEqual(5);
        expect(p.reviewCount).toBeGreaterThanOrEqual(0);
        expect(p.detailPageUrl).toMatch(new RegExp(`^https://www\\.amazon\\.[a-z.]+/dp/${asin}$`));
      }
    }
  });

  it("moves the rank from day to day, slowly, as live ranks do, and never out of its range", () => {
    for (const asin of ["B08N5WRWNW", "B07XJ8C8F5", "0123456789", "ZZZZZZZZZZ", "B000000001"]) {
      const ranks = QUARTER.map((day) => mockProduct(asin, "US", day).rank ?? 0);
      // Over a quarter, a rank swings by a fifth or more, and no day jumps by more than 1.7×.
      expect(Math.max(...ranks) / Math.min(...ranks)).toBeGreaterThan(1.2);
      for (let i = 1; i < ranks.length; i++) {
        expect(Math.max(ranks[i]!, ranks[i - 1]!) / Math.min(ranks[i]!, ranks[i - 1]!)).toBeLessThan(1.7);
      }
      for (const rank of ranks) expect(rank).toBeGreaterThanOrEqual(1);
      for (const rank of ranks) expect(rank).toBeLessThanOrEqual(250_000);
    }
  });

  it("keeps a list price but for a few days of deal (10 to 25 % off) every few weeks; nothing else moves", () => {
    for (const asin of ["B08N5WRWNW", "B07XJ8C8F5", "0123456789", "ZZZZZZZZZZ", "B000000001"]) {
      for (const marketplace of ["US", "JP"] as const) {
        const series = QUARTER.map((day) => mockProduct(asin, marketplace, day));
        const amounts = series.map((product) => product.price?.amount ?? 0);
        const list = Math.max(...amounts);
        const dealDays = amounts.filter((amount) => amount < list);
        expect(dealDays.length, `${asin} ${marketplace}`).toBeGreaterThanOrEqual(4);
        expect(dealDays.length, `${asin} ${marketplace}`).toBeLessThanOrEqual(25);
        // 10 to 25 % off, priced to end in .99 as the list price does.
        for (const amount of dealDays) {
          expect(amount / list).toBeGreaterThan(0.7);
          expect(amount / list).toBeLessThan(0.91);
          if (marketplace === "US") expect(Math.round(amount * 100) % 100).toBe(99);
        }
        const { rank: _rank, price: _price, ...rest } = series[0]!;
        for (const product of series) expect({ ...product, rank: _rank, price: _price }).toEqual({ ...rest, rank: _rank, price: _price });
      }
    }
  });

  it("describes today unless it is given the day to describe", async () => {
    const asin = "B08N5WRWNW";
    const on = async (source: MockProductSource) => (await source.getItems([asin], "US")).get(asin);
    expect(await on(new MockProductSource())).toMatchObject({ product: mockProduct(asin, "US", utcDay(Date.now())) });
    expect(await on(new MockProductSource("2026-02-14"))).toMatchObject({ product: mockProduct(asin, "US", "2026-02-14") });
    expect(mockProduct(asin, "US", "2026-02-14").rank).not.toBe(mockProduct(asin, "US", "2026-02-21").rank);
  });

  it("answers every requested ASIN", async () => {
    const items = await new MockProductSource().getItems(["B08N5WRWNW", "B07XJ8C8F5"], "US");
    expect([...items.keys()]).toEqual(["B08N5WRWNW", "B07XJ8C8F5"]);
    expect([...items.values()].every((o) => o.ok)).toBe(true);
  });

  it("ranks each product in its website category (the headline rank) and, higher, in its leaf category", async () => {
    for (const asin of ["B08N5WRWNW", "B07XJ8C8F5", "0123456789", "ZZZZZZZZZZ"]) {
      const outcome = (await new MockProductSource().getItems([asin], "US")).get(asin);
      if (!outcome?.ok) throw new Error(`no mock product for ${asin}`);
      const { product, categoryRanks } = outcome;
      expect(categoryRanks).toEqual([
        { category: product.categoryPath[0], rank: product.rank },
        { category: product.categoryPath[product.categoryPath.length - 1], rank: expect.any(Number) },
      ]);
      const leafRank = categoryRanks?.[1]?.rank ?? 0;
      expect(leafRank).toBeGreaterThanOrEqual(1);
      expect(leafRank).toBeLessThanOrEqual(product.rank ?? 0);
      expect(mockCategoryRanks(product)).toEqual(categoryRanks);
    }
  });

  it("gives no category ranks to a product without a rank", () => {
    expect(mockCategoryRanks({ ...mockProduct("B08N5WRWNW", "US"), rank: null })).toEqual([]);
  });
});
