import { describe, expect, it } from "vitest";
import { mapCategoryRanks, mapCreatorsItem, readGetItemsResponse, type CreatorsItem } from "../../../../worker/upstreams/creators/mapping";
import { getItemsResponse as response } from "../../fixtures/creators/get-items-response";

const REQUESTED = ["B0CHX1W1XY", "B0BARE0001", "B0INVALID1", "B0HIDDEN01", "B0MISSING1"];

describe("readGetItemsResponse", () => {
  const outcomes = readGetItemsResponse(response, REQUESTED, "US");

  it("answers for every requested ASIN, in request order", () => {
    expect([...outcomes.keys()]).toEqual(REQUESTED);
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

  it("reports an ASIN the answer never mentions as not_found", () => {
    expect(outcomes.get("B0MISSING1")).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("reads an answer that is not an object as all not_found", () => {
    const empty = readGetItemsResponse(null, ["B0CHX1W1XY"], "US");
    expect(empty.get("B0CHX1W1XY")).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("ignores items it did not ask for", () => {
    const only = readGetItemsResponse(response, ["B0BARE0001"], "US");
    expect([...only.keys()]).toEqual(["B0BARE0001"]);
  });
});

describe("mapCreatorsItem", () => {
  it("falls back to the marketplace currency and the first listing", () => {
    const item: CreatorsItem = { asin: "B0DEMO0001", offersV2: { listings: [{ price: { money: { amount: 19.5 } } }] } };
    expect(mapCreatorsItem(item, "DE").price).toEqual({ amount: 19.5, currency: "EUR" });
  });

  it("uses the first browse node when none is ranked, and the website category when there are no nodes", () => {
    const unranked: CreatorsItem = {
      browseNodeInfo: {
        browseNodes: [{ displayName: "Yoga", ancestor: { displayName: "Exercise & Fitness", ancestor: { displayName: "Sports & Outdoors" } } }],
      },
    };
    expect(mapCreatorsItem(unranked, "US").categoryPath).toEqual(["Sports & Outdoors", "Exercise & Fitness", "Yoga"]);
    const rankOnly: CreatorsItem = { browseNodeInfo: { websiteSalesRank: { displayName: "Toys & Games", salesRank: 12 } } };
    expect(mapCreatorsItem(rankOnly, "US")).toMatchObject({ categoryPath: ["Toys & Games"], rank: 12 });
  });

  it("never reports a rank or price it cannot read", () => {
    const odd = { browseNodeInfo: { websiteSalesRank: { salesRank: 0 } }, offersV2: { listings: [{ price: { money: { amount: "12" } } }] } };
    expect(mapCreatorsItem(odd as unknown as CreatorsItem, "US")).toMatchObject({ rank: null, price: null });
  });
});

describe("mapCategoryRanks", () => {
  it("names a category by its context-free name when it has no display name", () => {
    expect(
      mapCategoryRanks({
        websiteSalesRank: { contextFreeName: "Toys & Games", salesRank: 90 },
        browseNodes: [{ id: "1", contextFreeName: "Building Sets", salesRank: 4 }],
      }),
    ).toEqual([
      { category: "Toys & Games", rank: 90 },
      { category: "Building Sets", rank: 4 },
    ]);
  });

  it("skips nodes without a usable rank or name, and the website category listed again as a node", () => {
    expect(
      mapCategoryRanks({
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
    expect(mapCategoryRanks(undefined)).toEqual([]);
    expect(mapCategoryRanks({ websiteSalesRank: { displayName: "Electronics" } })).toEqual([]);
  });
});
