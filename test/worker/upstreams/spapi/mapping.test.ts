import { describe, expect, it } from "vitest";
import { buyBoxHolder, buyBoxStates, fulfillableUnitsPage, holdsBuyBox } from "../../../../worker/upstreams/spapi/mapping";
import { getItemOffersBatchExample } from "../../fixtures/spapi/get-item-offers-batch";
import { COMPETITOR, OUR_SELLER, twoWinnerResponse } from "../../fixtures/spapi/get-item-offers-two-winners";

describe("getItemOffersBatch answers", () => {
  const requested = getItemOffersBatchExample.response.responses.map((response) => response.request.Asin);

  it("reads the Buy Box winners of every item of the model's example", () => {
    const states = buyBoxStates(getItemOffersBatchExample.response, requested);
    expect(Object.fromEntries([...states].map(([asin, state]) => [asin, state.winners]))).toEqual({
      B000P6Q7MY: ["A2SNBFWOFW4SWG"],
      B001Q3KU9Q: ["A1OHOT6VONX3KA"],
      B007Z07UK6: ["AEMQJEQHIGU8X"],
      B000OQA3N4: [],
      B07PTMKYS7: [],
      B001PYUTII: ["A1EZPZGQPCQEQR"],
      B00505DW2I: ["A5LI4TEX5CN80"],
      B00CGZQU42: ["A2SNBFWOFW4SWG"],
      B01LY2ZYRF: ["A2SNBFWOFW4SWG"],
      B00KFRNZY6: [],
    });
    expect(holdsBuyBox(states.get("B00505DW2I")!, "A2SNBFWOFW4SWG")).toBe(false);
    expect(holdsBuyBox(states.get("B00CGZQU42")!, "A2SNBFWOFW4SWG")).toBe(true);
  });

  it("two winners (Prime and non-Prime), ours second by SellerId: the seller holds the Buy Box", () => {
    const state = buyBoxStates({ responses: [twoWinnerResponse("B00V5DG6IQ")] }, ["B00V5DG6IQ"]).get("B00V5DG6IQ")!;
    expect(state).toEqual({ winners: [COMPETITOR, OUR_SELLER], mine: false });
    expect(holdsBuyBox(state, OUR_SELLER)).toBe(true);
    expect(buyBoxHolder(state, OUR_SELLER)).toBe(OUR_SELLER);
    // The competitor holds it too, from its own point of view; a third seller holds nothing.
    expect(holdsBuyBox(state, COMPETITOR)).toBe(true);
    expect(holdsBuyBox(state, "A3SOMEONEELSE1")).toBe(false);
    expect(buyBoxHolder(state, "A3SOMEONEELSE1")).toBe(COMPETITOR);
  });

  it("two winners, ours marked MyOffer under another SellerId: the seller holds the Buy Box", () => {
    const response = twoWinnerResponse("B00V5DG6IQ", { SellerId: "A9MERCHANTTOKEN", MyOffer: true });
    const state = buyBoxStates({ responses: [response] }, ["B00V5DG6IQ"]).get("B00V5DG6IQ")!;
    expect(state.mine).toBe(true);
    expect(holdsBuyBox(state, OUR_SELLER)).toBe(true);
  });

  it("a non-winning offer of ours, even MyOffer, is not the Buy Box", () => {
    const response = twoWinnerResponse("B00V5DG6IQ", { IsBuyBoxWinner: false, MyOffer: true });
    const state = buyBoxStates({ responses: [response] }, ["B00V5DG6IQ"]).get("B00V5DG6IQ")!;
    expect(state).toEqual({ winners: [COMPETITOR], mine: false });
    expect(holdsBuyBox(state, OUR_SELLER)).toBe(false);
  });

  it("leaves out items that failed, were not asked for, or came in odd shapes, without throwing", () => {
    const body = {
      responses: [
        { status: { statusCode: 400 }, body: {}, request: { Asin: "B000000001" } },
        { status: { statusCode: 200 }, body: { payload: { ASIN: "B000000002", Offers: [] } }, request: { Asin: "B000000002" } },
        { status: { statusCode: 200 }, body: { payload: { ASIN: "B000000003", Offers: {} } }, request: { Asin: "B000000003" } },
        null,
        "junk",
      ],
    };
    expect(buyBoxStates(body, ["B000000001", "B000000003"])).toEqual(new Map());
    expect(buyBoxStates({ responses: {} }, ["B000000001"])).toEqual(new Map());
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
          { asin: "B000000003", sellerSku: "d", inventoryDetails: { fulfillableQuantity: -4 } },
          { asin: "B000000003", sellerSku: "e", inventoryDetails: { fulfillableQuantity: 2.5 } },
        ],
      },
      pagination: { nextToken: "abc" },
    });
    expect(page).toEqual({ units: new Map([["B000000001", 7]]), nextToken: "abc" });
    expect(fulfillableUnitsPage({ pagination: { nextToken: "" } })).toEqual({ units: new Map(), nextToken: undefined });
    // Odd shapes are no stock, never a TypeError.
    const odd = [{ payload: { inventorySummaries: {} } }, { payload: { inventorySummaries: [null, 7] } }, { payload: null }];
    for (const body of odd) expect(fulfillableUnitsPage(body as never).units).toEqual(new Map());
  });
});
