import { describe, expect, it } from "vitest";
import type { CompareItem } from "@contract/compare";
import { bestRanked, compareSearch, exportParams, rankCategories, readCompareSearch, sortItems } from "../../../../web/src/pages/compare/compare-view";
import { lookupResult } from "../../helpers";

const item = (asin: string, rank: number | null, price: number | null): CompareItem => ({
  asin,
  ok: true,
  product: lookupResult({ asin, rank, price: price === null ? null : { amount: price, currency: "USD" } }),
});
const missing: CompareItem = { asin: "B0MISSING0", ok: false, error: "not_found", detail: "gone" };
const ITEMS = [item("B000000001", 300, 9.5), missing, item("B000000002", 20, null), item("B000000003", null, 5)];

describe("compare view", () => {
  it("sorts by rank or price either way, with products lacking the value (and errors) last in input order", () => {
    const order = (key: "rank" | "price" | "input", dir: "asc" | "desc") => sortItems(ITEMS, key, dir).map((i) => i.asin);
    expect(order("rank", "asc")).toEqual(["B000000002", "B000000001", "B0MISSING0", "B000000003"]);
    expect(order("rank", "desc")).toEqual(["B000000001", "B000000002", "B0MISSING0", "B000000003"]);
    expect(order("price", "asc")).toEqual(["B000000003", "B000000001", "B0MISSING0", "B000000002"]);
    expect(order("input", "desc")).toEqual(ITEMS.map((i) => i.asin));
  });

  it("names the best (lowest) rank", () => {
    expect(bestRanked(ITEMS)).toBe("B000000002");
    expect(bestRanked([missing])).toBeNull();
  });

  it("marks no product best when their ranks are in different top-level categories", () => {
    const inCategory = (asin: string, rank: number, categoryPath: string[]): CompareItem => ({ asin, ok: true, product: lookupResult({ asin, rank, categoryPath }) });
    const pens = inCategory("B000000001", 73_098, ["Office Products", "Writing Instruments"]);
    const coffee = inCategory("B000000002", 6, ["Home & Kitchen", "Coffee"]);
    const kettle = inCategory("B000000003", 900, ["Home & Kitchen", "Kettles"]);
    expect(bestRanked([pens, coffee])).toBeNull();
    expect(rankCategories([pens, coffee])).toEqual(["Office Products", "Home & Kitchen"]);
    // A category not known for one of them: not comparable either.
    expect(bestRanked([coffee, inCategory("B000000004", 3, [])])).toBeNull();
    expect(bestRanked([coffee, kettle])).toBe("B000000002");
  });

  it("asks for the export in the table's order, with the compare's receipt only when it gave one (a key's compare gives none)", () => {
    expect(exportParams([ITEMS[2]!, missing, ITEMS[0]!], "US", "signed.receipt")).toEqual({ asins: "B000000002,B0MISSING0,B000000001", marketplace: "US", receipt: "signed.receipt" });
    expect(exportParams([ITEMS[0]!], "DE", undefined)).toEqual({ asins: "B000000001", marketplace: "DE" });
  });

  it("writes and reads the shareable URL, reading pasted forms and unknown marketplaces safely", () => {
    expect(compareSearch(["B000000001", "B000000002"], "DE")).toBe("?asins=B000000001%2CB000000002&marketplace=DE");
    expect(readCompareSearch(new URLSearchParams("asins=b000000001,nope,B000000001,B000000002&marketplace=de"))).toEqual({
      asins: ["B000000001", "B000000002"],
      marketplace: "DE",
      notes: ["Left out of this link: nope (not ASINs or Amazon product links)."],
    });
    expect(readCompareSearch(new URLSearchParams("marketplace=BR"))).toEqual({
      asins: [],
      marketplace: "US",
      notes: ['This link\'s marketplace "BR" is not one RankLayer covers (US, CA, MX, UK, DE, FR, IT, ES, JP): showing US.'],
    });
    // GB, the UK's ISO code (Amazon's in some APIs), is the UK marketplace, not the default.
    expect(readCompareSearch(new URLSearchParams("asins=B000000001&marketplace=gb"))).toEqual({ asins: ["B000000001"], marketplace: "UK", notes: [] });
  });

  it("reads a shared link of Amazon product URLs and no marketplace in the URLs' marketplace, as the API does, not US", () => {
    const asins = ["https://www.amazon.de/dp/B000000001", "https://www.amazon.de/gp/product/B000000002"].join(",");
    expect(readCompareSearch(new URLSearchParams({ asins }))).toEqual({ asins: ["B000000001", "B000000002"], marketplace: "DE", notes: [] });
  });
});
