import { describe, expect, it } from "vitest";
import { fulfillableUnitsPage, isNewCondition } from "../../../../worker/upstreams/spapi/mapping";

describe("low stock counts New-condition units", () => {
  it("sums New SKUs of an ASIN and leaves Used, Refurbished and open-box ones out", () => {
    const page = fulfillableUnitsPage({
      payload: {
        inventorySummaries: [
          { asin: "B00CGZQU42", sellerSku: "NEW-1", condition: "NewItem", inventoryDetails: { fulfillableQuantity: 3 } },
          { asin: "B00CGZQU42", sellerSku: "NEW-2", inventoryDetails: { fulfillableQuantity: 2 } },
          { asin: "B00CGZQU42", sellerSku: "USED", condition: "UsedLikeNew", inventoryDetails: { fulfillableQuantity: 40 } },
          { asin: "B00CGZQU42", sellerSku: "REFURB", condition: "Refurbished", inventoryDetails: { fulfillableQuantity: 9 } },
          { asin: "B00505DW2I", sellerSku: "OPEN", condition: "NewOpenBox", inventoryDetails: { fulfillableQuantity: 5 } },
        ] as never,
      },
    });
    expect(Object.fromEntries(page.units)).toEqual({ B00CGZQU42: 5 });
  });

  it.each([
    ["NewItem", true],
    ["New Item", true],
    ["NewWithWarranty", true],
    [undefined, true],
    ["UsedGood", false],
    ["CollectibleLikeNew", false],
    ["RefurbishedWithWarranty", false],
    ["NewOpenBox", false],
    [42, false],
  ])("%s is New: %s", (condition, expected) => {
    expect(isNewCondition(condition)).toBe(expected);
  });
});
