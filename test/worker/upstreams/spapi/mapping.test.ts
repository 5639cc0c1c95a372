import { describe, expect, it } from "vitest";
import { buyBoxWinners, fulfillableUnitsPage } from "../../../../worker/upstreams/spapi/mapping";
import { getItemOffersBatchExample } from "../../fixtures/spapi/get-item-offers-batch";

describe("getItemOffersBatch answers", () => {
  const requested = getItemOffersBatchExample.response.responses.map((response) => response.request.Asin);

  it("reads the Buy Box winner of every item of the model's example", () => {
    expect(Object.fromEntries(buyBoxWinners(getItemOffersBatchExample.response, requested))).toEqual({
      B000P6Q7MY: "A2SNBFWOFW4SWG",
      B001Q3KU9Q: "A1OHOT6VONX3KA",
      B007Z07UK6: "AEMQJEQHIGU8X",
      B000OQA3N4: null,
      B07PTMKYS7: null,
      B001PYUTII: "A1EZPZGQPCQEQR",
      B00505DW2I: "A5LI4TEX5CN80",
      B00CGZQU42: "A2SNBFWOFW4SWG",
      B01LY2ZYRF: "A2SNBFWOFW4SWG",
      B00KFRNZY6: null,
    });
  });

  it("leaves out items that failed or were not asked for", () => {
    const body = {
      responses: [
        { status: { statusCode: 400 }, body: {}, request: { Asin: "B000000001" } },
        { status: { statusCode: 200 }, body: { payload: { ASIN: "B000000002", Offers: [] } }, request: { Asin: "B000000002" } },
      ],
    };
    expect(buyBoxWinners(body, ["B000000001"])).toEqual(new Map());
  });
});

describe("getInventorySummaries pages", () => {
  it("sums fulfillable units over an ASIN's SKUs and passes the next token on", () => {
    const page = fulfillableUnitsPage({
      payload: {
        inventorySummaries: [
          { asin: "B000000001", sellerSku: "a", inventoryDetails: { fulfillableQuantity: 3 } },
          { asin: "B000000001", sellerSku: "b", inventoryDetails: { fulfillableQuantity: 4 } },
          { asin: "B000000002", sellerSku: "c" }, // details=false: no quantity, no record
        ],
      },
      pagination: { nextToken: "abc" },
    });
    expect(page).toEqual({ units: new Map([["B000000001", 7]]), nextToken: "abc" });
    expect(fulfillableUnitsPage({ pagination: { nextToken: "" } })).toEqual({ units: new Map(), nextToken: undefined });
  });
});
