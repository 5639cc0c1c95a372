import { beforeEach, describe, expect, it, vi } from "vitest";
import { SellerApiError } from "../../../../worker/upstreams/spapi/seller-api";
import { fakeCalls, fakeControl, SPAPI_FAKE, spApiTimeOf } from "../../support/seller-browser";
import { connectedApi } from "./connected-api";

/**
 * The fake SP-API counts each seller's calls of each operation against the operation's usage
 * plan (the models' "Usage Plan" tables, or one set for the seller), as Amazon does: past the
 * burst, a call is refused with 429 QuotaExceeded and no Retry-After until the plan's rate has
 * refilled it.
 */
let serial = 0;
const asin = () => `B0UPL${String(++serial).padStart(3, "0")}${Math.random().toString(36).slice(2, 4).toUpperCase()}`;

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("SP-API usage plans (fake)", () => {
  it("past the burst, 429 QuotaExceeded without Retry-After until the plan's rate has refilled a call; other sellers and operations count apart", async () => {
    const { api, seller } = await connectedApi("usage-plan");
    // One call a minute, burst 2 (a slow plan, so that real time passing in the test refills nothing).
    await fakeControl(SPAPI_FAKE, "usage-plan", { refreshToken: seller.refreshToken, operation: "getCatalogItem", ratePerSecond: 1 / 60, burst: 2 });
    await api.getCatalogItem(asin(), "US");
    await api.getCatalogItem(asin(), "US");
    const third = asin();
    const error = await api.getCatalogItem(third, "US").catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SellerApiError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: undefined });
    expect(await fakeCalls(SPAPI_FAKE, { asin: third })).toEqual([
      expect.objectContaining({ kind: "catalog", status: 429, error: "QuotaExceeded: past the getCatalogItem usage plan" }),
    ]);

    // A minute later one more call goes through, a second one does not.
    await spApiTimeOf(seller.refreshToken)(60_000);
    await api.getCatalogItem(asin(), "US");
    await expect(api.getCatalogItem(asin(), "US")).rejects.toMatchObject({ status: 429 });

    // Another operation of this seller, and another seller, have buckets of their own.
    expect(await api.getBuyBoxWinners([asin()], "US")).toBeInstanceOf(Map);
    const other = await connectedApi("usage-plan");
    expect((await other.api.getCatalogItem(asin(), "US")).asin).toBeTruthy();
  });

  it("getItemOffersBatch by the model's plan: one call per 10 s, as x-amzn-RateLimit-Limit states; a seller with another plan has it stated", async () => {
    const { api, seller } = await connectedApi("usage-plan");
    await api.getBuyBoxWinners([asin()], "US");
    expect(api.rateLimitOf("/batches/products/pricing/v0/itemOffers")).toBe(0.1);
    await expect(api.getBuyBoxWinners([asin()], "US")).rejects.toMatchObject({ status: 429 });
    await spApiTimeOf(seller.refreshToken)(7_000);
    await expect(api.getBuyBoxWinners([asin()], "US")).rejects.toMatchObject({ status: 429 });
    await spApiTimeOf(seller.refreshToken)(3_000);
    await api.getBuyBoxWinners([asin()], "US");

    const bursty = await connectedApi("usage-plan");
    await fakeControl(SPAPI_FAKE, "usage-plan", { refreshToken: bursty.seller.refreshToken, operation: "getItemOffersBatch", ratePerSecond: 0.05, burst: 3 });
    for (let call = 0; call < 3; call++) await bursty.api.getBuyBoxWinners([asin()], "US");
    expect(bursty.api.rateLimitOf("/batches/products/pricing/v0/itemOffers")).toBe(0.05);
    await expect(bursty.api.getBuyBoxWinners([asin()], "US")).rejects.toMatchObject({ status: 429 });
  });

  it("refuses a usage plan or a clock it cannot apply", async () => {
    const post = (action: string, body: unknown) => fetch(`https://${SPAPI_FAKE}/__control/${action}`, { method: "POST", body: JSON.stringify(body) });
    expect((await post("usage-plan", { refreshToken: "Atzr|x", operation: "getItemOffers", ratePerSecond: 1, burst: 1 })).status).toBe(400);
    expect((await post("usage-plan", { refreshToken: "Atzr|x", operation: "getCatalogItem", ratePerSecond: 0, burst: 1 })).status).toBe(400);
    expect((await post("clock", { refreshToken: "Atzr|x", advanceMs: -1 })).status).toBe(400);
  });
});
