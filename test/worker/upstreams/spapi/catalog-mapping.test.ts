import { describe, expect, it } from "vitest";
import { mapCatalogItem } from "../../../../worker/upstreams/spapi/catalog-mapping";
import { getCatalogItemExample } from "../../fixtures/spapi/get-catalog-item";

const US = "ATVPDKIKX0DER";

describe("mapCatalogItem", () => {
  it("reads the model's getCatalogItem example: title, display-group rank, then classification ranks", () => {
    expect(mapCatalogItem(getCatalogItemExample.response, "B07N4M94X4", US)).toEqual({
      asin: "B07N4M94X4",
      title:
        "Samsung QN82Q60RAFXZA Flat 82-Inch QLED 4K Q60 Series (2019) Ultra HD Smart TV with HDR and Alexa Compatibility",
      salesRanks: [
        { categoryTitle: "Electronics", rank: 72855 },
        { categoryTitle: "QLED TVs", rank: 113 },
      ],
    });
  });

  it("uses only the requested marketplace's summary and ranks", () => {
    expect(mapCatalogItem(getCatalogItemExample.response, "B07N4M94X4", "A1F83G8C2ARO7P")).toEqual({
      asin: "B07N4M94X4",
      title: "Product B07N4M94X4",
      salesRanks: [],
    });
  });

  it("skips rank entries without a title or a positive whole rank", () => {
    const payload = {
      asin: "B000000001",
      salesRanks: [
        {
          marketplaceId: US,
          displayGroupRanks: [{ title: "Toys", rank: 0 }, { rank: 5 }],
          classificationRanks: [{ title: "Puzzles", rank: 12 }, { title: "Odd", rank: 1.5 }],
        },
      ],
    };
    expect(mapCatalogItem(payload, "B000000001", US).salesRanks).toEqual([{ categoryTitle: "Puzzles", rank: 12 }]);
  });

  it("reads lists that are not lists, or hold nulls, as empty rather than throwing", () => {
    const payload = { asin: "B000000001", summaries: {}, salesRanks: [null, { marketplaceId: US, displayGroupRanks: {} }] };
    expect(mapCatalogItem(payload as never, "B000000001", US)).toEqual({ asin: "B000000001", title: "Product B000000001", salesRanks: [] });
  });
});
