import { describe, expect, it, vi } from "vitest";
import { mapCreatorsItem, readGetItemsResponse } from "../../../../worker/upstreams/creators/mapping";
import { UpstreamError, type ItemOutcome } from "../../../../worker/upstreams/creators/product-source";
import { isValidProduct } from "../../../../worker/upstreams/creators/item-schema";
import { getItemsResponse as response } from "../../fixtures/creators/get-items-response";

const REQUESTED = ["B0CHX1W1XY", "B0BARE0001", "B0INVALID1", "B0HIDDEN01", "B0MISSING1"];

describe("readGetItemsResponse", () => {
  const outcomes = readGetItemsResponse(response, REQUESTED, "US");

  it("answers for every requested ASIN, in request order", () => {
    expect([...outcomes.keys()]).toEqual(REQUESTED);
  });

  it("maps only products that pass the boundary schema as a whole", () => {
    for (const outcome of outcomes.values()) if (outcome.ok) expect(isValidProduct(outcome.product)).toBe(true);
  });

  it("maps a full item to ProductData", () => {
    expect(outcomes.get("B0CHX1W1XY")).toEqual({
      ok: true,
      product: {
        asin: "B0CHX1W1XY",
        marketplace: "US",
        title: "Voltix Wireless Earbuds Pro, Bluetooth 5.3",
        image: "https://m.media-amazon.com/images/I/41abcDEFghL._SL500_.jpg",
        // The node it ranks best in, root first, starting at the website category
        // rather than the technical "Categories" node above it.
        categoryPath: ["Electronics", "Headphones, Earbuds & Accessories", "Earbud Headphones"],
        rank: 1843,
        // The buy-box winner, not the first listing.
        price: { amount: 29.99, currency: "USD" },
        offers: null,
        rating: null,
        reviewCount: null,
        detailPageUrl: "https://www.amazon.com/dp/B0CHX1W1XY?tag=ranklayer-20&linkCode=ogi&th=1&psc=1",
      },
      // Website category first, then each ranked browse node.
      categoryRanks: [
        { category: "Electronics", rank: 1843 },
        { category: "Headphones, Earbuds & Accessories", rank: 412 },
        { category: "Earbud Headphones", rank: 57 },
      ],
    });
  });

  it("leaves what an item lacks as null or empty", () => {
    expect(outcomes.get("B0BARE0001")).toEqual({
      ok: true,
      product: {
        asin: "B0BARE0001",
        marketplace: "US",
        title: null,
        image: null,
        categoryPath: [],
        rank: null,
        price: null,
        offers: null,
        rating: null,
        reviewCount: null,
        detailPageUrl: "https://www.amazon.com/dp/B0BARE0001?tag=ranklayer-20&linkCode=ogi&th=1&psc=1",
      },
      categoryRanks: [],
    });
  });

  it("turns InvalidParameterValue into not_found and ItemNotAccessible into not_accessible", () => {
    expect(outcomes.get("B0INVALID1")).toEqual({
      ok: false,
      reason: "not_found",
      message: "The ItemId B0INVALID1 provided in the request is invalid.",
    });
    expect(outcomes.get("B0HIDDEN01")).toEqual({
      ok: false,
      reason: "not_accessible",
      message: "The ItemId B0HIDDEN01 is not accessible through the Creators API.",
    });
  });

  it("reports an ASIN the answer never mentions as unavailable (an upstream failure), never not_found", () => {
    expect(outcomes.get("B0MISSING1")).toMatchObject({ ok: false, reason: "unavailable" });
  });

  it.each([
    ["null", null],
    ["a list", []],
    ["a number", 42],
    ["{}", {}],
    ["itemsResult null", { itemsResult: null }],
    ["no items", { itemsResult: { items: [] } }],
    ["items not a list", { itemsResult: { items: {} } }],
    ["errors not a list", { errors: {} }],
    ["a null item", { itemsResult: { items: [null] } }],
    ["another ASIN", { itemsResult: { items: [{ asin: "B0OTHER001", itemInfo: { title: { displayValue: "Other" } } }] } }],
    ["an error naming no ASIN", { errors: [{ code: "InternalFailure", message: "Something went wrong." }] }],
  ])("throws an UpstreamError, not a TypeError or a not_found, for %s", (_name, body) => {
    expect(() => readGetItemsResponse(body, ["B0CHX1W1XY"], "US")).toThrow(UpstreamError);
  });

  it("ignores items it did not ask for", () => {
    const only = readGetItemsResponse(response, ["B0BARE0001"], "US");
    expect([...only.keys()]).toEqual(["B0BARE0001"]);
  });

  it("treats our ASIN answered twice as malformed, whichever copy came last", () => {
    const item = (price: number) => ({ asin: "B0DUP00001", itemInfo: { title: { displayValue: "Twin" } }, offersV2: { listings: [{ price: { money: { amount: price } } }] } });
    const good = { ...item(5), asin: "B0GOOD0001" };
    const twice = readGetItemsResponse({ itemsResult: { items: [item(10), good, item(99)] } }, ["B0DUP00001", "B0GOOD0001"], "US");
    expect(twice.get("B0DUP00001")).toMatchObject({ ok: false, reason: "unavailable" });
    expect(twice.get("B0GOOD0001")).toMatchObject({ ok: true });
    // Alone in its call, the duplicate makes the whole answer a failure.
    expect(() => readGetItemsResponse({ itemsResult: { items: [item(10), item(99)] } }, ["B0DUP00001"], "US")).toThrow(UpstreamError);
  });
});

function product(outcome: ItemOutcome) {
  if (!outcome.ok) throw new Error(`expected a product, got ${JSON.stringify(outcome)}`);
  return outcome.product;
}

describe("mapCreatorsItem: the boundary schema", () => {
  it("falls back to the marketplace currency and the first listing", () => {
    const item = { asin: "B0DEMO0001", offersV2: { listings: [{ price: { money: { amount: 19.5 } } }] } };
    expect(product(mapCreatorsItem(item, "DE")).price).toEqual({ amount: 19.5, currency: "EUR" });
  });

  it("uses the first browse node when none is ranked, and the website category when there are no nodes", () => {
    const unranked = {
      asin: "B0DEMO0002",
      browseNodeInfo: {
        browseNodes: [{ displayName: "Yoga", ancestor: { displayName: "Exercise & Fitness", ancestor: { displayName: "Sports & Outdoors" } } }],
      },
    };
    expect(product(mapCreatorsItem(unranked, "US")).categoryPath).toEqual(["Sports & Outdoors", "Exercise & Fitness", "Yoga"]);
    const rankOnly = { asin: "B0DEMO0003", browseNodeInfo: { websiteSalesRank: { displayName: "Toys & Games", salesRank: 12 } } };
    expect(product(mapCreatorsItem(rankOnly, "US"))).toMatchObject({ categoryPath: ["Toys & Games"], rank: 12 });
  });

  it.each([
    ["a negative price", { offersV2: { listings: [{ price: { money: { amount: -5 } } }] } }, { price: null }],
    ["a zero price", { offersV2: { listings: [{ price: { money: { amount: 0 } } }] } }, { price: null }],
    ["a price as text", { offersV2: { listings: [{ price: { money: { amount: "12" } } }] } }, { price: null }],
    ["a price in another currency", { offersV2: { listings: [{ price: { money: { amount: 12, currency: "EUR" } } }] } }, { price: null }],
    ["a malformed currency", { offersV2: { listings: [{ price: { money: { amount: 12, currency: 5 } } }] } }, { price: null }],
    ["a zero rank", { browseNodeInfo: { websiteSalesRank: { salesRank: 0 } } }, { rank: null }],
    ["a fractional rank", { browseNodeInfo: { websiteSalesRank: { salesRank: 2.5 } } }, { rank: null }],
    ["a rank as text", { browseNodeInfo: { websiteSalesRank: { salesRank: "7" } } }, { rank: null }],
    ["an image off Amazon's hosts", { images: { primary: { large: { url: "https://evil.example/x.jpg" } } } }, { image: null }],
    ["an http image", { images: { primary: { large: { url: "http://m.media-amazon.com/x.jpg" } } } }, { image: null }],
    ["a javascript: detail URL", { detailPageURL: "javascript:alert(1)" }, { detailPageUrl: null }],
    ["a detail URL on another store", { detailPageURL: "https://www.amazon.co.uk/dp/B0DEMO0009" }, { detailPageUrl: null }],
    ["a detail URL off Amazon", { detailPageURL: "https://amazon.com.evil.example/dp/B0DEMO0009" }, { detailPageUrl: null }],
    ["browse nodes that are not a list", { browseNodeInfo: { browseNodes: { displayName: "X" } } }, { categoryPath: [] }],
    ["a category name that is a number", { browseNodeInfo: { browseNodes: [{ displayName: 42, salesRank: 3 }] } }, { categoryPath: [] }],
  ])("drops %s to null (logged), keeping the item", (_name, fields, expected) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const outcome = mapCreatorsItem({ asin: "B0DEMO0009", itemInfo: { title: { displayValue: "Fine" } }, ...fields }, "US");
    expect(product(outcome)).toMatchObject({ title: "Fine", ...expected });
    expect(isValidProduct(product(outcome))).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("not shown"));
    warn.mockRestore();
  });

  it("keeps a valid image from a smaller size when the large one is bad", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const item = { asin: "B0DEMO0010", images: { primary: { large: { url: 7 }, medium: { url: "https://m.media-amazon.com/images/I/a.jpg" } } } };
    expect(product(mapCreatorsItem(item, "US")).image).toBe("https://m.media-amazon.com/images/I/a.jpg");
    warn.mockRestore();
  });

  it.each([
    ["a title that is a number", { itemInfo: { title: { displayValue: 42 } } }],
    ["a blank title", { itemInfo: { title: { displayValue: "   " } } }],
  ])("treats %s as an upstream failure, not a product", (_name, fields) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(mapCreatorsItem({ asin: "B0DEMO0011", ...fields }, "US")).toMatchObject({ ok: false, reason: "unavailable" });
  });

  it("treats a malformed ASIN as an upstream failure", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(mapCreatorsItem({ asin: 12345, itemInfo: { title: { displayValue: "X" } } }, "US")).toMatchObject({ ok: false, reason: "unavailable" });
  });
});

describe("category ranks", () => {
  const ranks = (browseNodeInfo: unknown) => {
    const [outcome] = readGetItemsResponse({ itemsResult: { items: [{ asin: "B0RANKS001", browseNodeInfo }] } }, ["B0RANKS001"], "US").values();
    return outcome?.ok ? outcome.categoryRanks : undefined;
  };

  it("names a category by its context-free name when it has no display name", () => {
    expect(
      ranks({
        websiteSalesRank: { contextFreeName: "Toys & Games", salesRank: 90 },
        browseNodes: [{ id: "1", contextFreeName: "Building Sets", salesRank: 4 }],
      }),
    ).toEqual([
      { category: "Toys & Games", rank: 90 },
      { category: "Building Sets", rank: 4 },
    ]);
  });

  it("skips nodes without a usable rank or name, and the website category listed again as a node", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(
      ranks({
        websiteSalesRank: { id: "172282", displayName: "Electronics", salesRank: 1843 },
        browseNodes: [
          { id: "172282", displayName: "Electronics", salesRank: 1843 },
          { id: "2", displayName: "Unranked" },
          { id: "3", displayName: "Zero", salesRank: 0 },
          { id: "4", displayName: "Fraction", salesRank: 2.5 },
          { id: "5", salesRank: 7 },
          { id: "6", displayName: "Earbud Headphones", salesRank: 57 },
        ],
      }),
    ).toEqual([
      { category: "Electronics", rank: 1843 },
      { category: "Earbud Headphones", rank: 57 },
    ]);
  });

  it("answers an empty list when nothing is ranked", () => {
    expect(ranks(undefined)).toEqual([]);
    expect(ranks({ websiteSalesRank: { displayName: "Electronics" } })).toEqual([]);
  });
});
