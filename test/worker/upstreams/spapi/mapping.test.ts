import { describe, expect, it } from "vitest";
import { fulfillableUnitsPage } from "../../../../worker/upstreams/spapi/mapping";

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
