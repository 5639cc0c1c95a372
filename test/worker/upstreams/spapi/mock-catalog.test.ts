import { describe, expect, it } from "vitest";
import { MockProductSource } from "../../../../worker/upstreams/creators/mock";
import { MockSellerApi } from "../../../../worker/upstreams/spapi/mock";

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
