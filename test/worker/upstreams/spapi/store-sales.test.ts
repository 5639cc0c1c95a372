import { describe, expect, it } from "vitest";
import { REVENUE_DAYS, revenueDays, revenueRunDay } from "../../../../worker/upstreams/spapi/sales-days";
import { fakeCalls, fakeControl, SPAPI_FAKE } from "../../support/seller-browser";
import { connectedApi } from "./connected-api";

const asins = () => Array.from({ length: 3 }, () => `B0T${crypto.randomUUID().replace(/-/g, "").slice(0, 7).toUpperCase()}`);
const days = () => revenueDays(revenueRunDay(Date.now()), "US", REVENUE_DAYS);

/**
 * getOrderMetrics without an ASIN answers the seller's whole store: in the fake, the sum of what
 * each ASIN of its catalogue answers alone, day by day. Any other ASIN answers zero days.
 */
describe("the seller's store sales (getOrderMetrics without asin)", () => {
  it("asks getOrderMetrics with no asin, and reads the store's days as the ASINs' sum", async () => {
    const { api, seller } = await connectedApi("store-sales");
    const [first, second, notSold] = asins();
    await fakeControl(SPAPI_FAKE, "catalogue", { sellingPartnerId: seller.sellingPartnerId, asins: [first, second] });
    await fakeControl(SPAPI_FAKE, "sales", { asin: first, sellingPartnerId: seller.sellingPartnerId, amount: 10.05, units: 1 });
    await fakeControl(SPAPI_FAKE, "sales", { asin: second, sellingPartnerId: seller.sellingPartnerId, amount: 4.5, units: 3 });

    const store = await api.getStoreSalesDays("US", days());
    expect(store).toEqual(days().map((day) => ({ day, units: 4, amount: 14.55, currency: "USD" })));
    const [call] = (await fakeCalls(SPAPI_FAKE, { kind: "sales" })).filter((c) => c.query?.interval && !c.query.asin).slice(-1);
    expect(call).toMatchObject({ status: 200, path: "/sales/v1/orderMetrics", query: { granularity: "Day", granularityTimeZone: "America/Los_Angeles" } });
    expect(call!.query).not.toHaveProperty("asin");

    // An ASIN outside the catalogue: answered, with zero days (not left out).
    expect(await api.getSalesDays(notSold!, "US", days())).toEqual(days().map((day) => ({ day, units: 0, amount: 0, currency: "USD" })));
  });

  it("the fake refuses figures scripted for a store total: they are its catalogue's sum", async () => {
    const res = await fetch(`https://${SPAPI_FAKE}/__control/sales`, { method: "POST", body: JSON.stringify({ asin: null, units: 3 }) });
    expect(res.status).toBe(400);
  });
});
