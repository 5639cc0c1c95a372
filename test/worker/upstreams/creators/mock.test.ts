import { describe, expect, it } from "vitest";
import { MockProductSource, mockCategoryRanks, mockImageSvg, mockProduct } from "../../../../worker/upstreams/creators/mock";

describe("mock product source", () => {
  it("is labelled mock", () => {
    expect(new MockProductSource().kind).toBe("mock");
  });

  it("gives the same product for the same ASIN and marketplace, every time", () => {
    expect(mockProduct("B08N5WRWNW", "US")).toEqual(mockProduct("B08N5WRWNW", "US"));
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
