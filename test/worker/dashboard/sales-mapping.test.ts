import { describe, expect, it } from "vitest";
import { dailySales } from "../../../worker/upstreams/spapi/sales-mapping";
import { getOrderMetricsDayExample } from "../fixtures/spapi/get-order-metrics";

describe("getOrderMetrics mapping", () => {
  it("reads the model's sandbox example (granularity Day, one ASIN) into one figure per day", () => {
    expect(dailySales(getOrderMetricsDayExample.response)).toEqual([
      { day: "2018-05-01", amount: 22.95, currency: "USD", units: 1 },
      { day: "2018-05-02", amount: 0, currency: "USD", units: 0 },
    ]);
  });
  it("drops what it cannot read instead of guessing", () => {
    expect(
      dailySales({
        payload: [
          { interval: "nonsense", unitCount: 1, totalSales: { amount: "1", currencyCode: "USD" } },
          { interval: "2026-11-23T00:00Z--2026-11-24T00:00Z", unitCount: 1, totalSales: { amount: "n/a", currencyCode: "USD" } },
          { interval: "2026-11-23T00:00Z--2026-11-24T00:00Z", unitCount: 2, totalSales: { amount: "3.5" } },
        ],
      }),
    ).toEqual([]);
    expect(dailySales({})).toEqual([]);
  });
});
