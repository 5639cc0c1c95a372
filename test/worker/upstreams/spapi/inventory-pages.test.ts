import { beforeEach, describe, expect, it, vi } from "vitest";
import { SellerApiError, type InventoryPacing } from "../../../../worker/upstreams/spapi/seller-api";
import { accessTokensOf, fakeCalls, fakeControl, LWA_FAKE, SPAPI_FAKE, spApiTimeOf } from "../../support/seller-browser";
import { connectedApi } from "./connected-api";

/**
 * FBA inventory summaries come a page at a time, each answer's nextToken naming the next page. The
 * FBA Inventory model: "The string token will expire 30 seconds after being created." The fake
 * refuses a token past that on the seller's clock (400 InvalidInput), and the client, whose pages
 * can wait on the seller's quota and on throttling, then reads again from the first page.
 */
const US_ID = "ATVPDKIKX0DER";

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

/** A connected seller with three one-SKU pages of inventory, and a plan roomy enough that no page waits on its quota. */
async function sellerWithThreePages(name: string) {
  const { api, seller } = await connectedApi(name);
  await fakeControl(SPAPI_FAKE, "usage-plan", { refreshToken: seller.refreshToken, operation: "getInventorySummaries", ratePerSecond: 100, burst: 100 });
  const asins = ["B0INVP0001", "B0INVP0002", "B0INVP0003"];
  await fakeControl(SPAPI_FAKE, "inventory", {
    refreshToken: seller.refreshToken,
    marketplaceId: US_ID,
    pageSize: 1,
    summaries: asins.map((asin, i) => ({ asin, sellerSku: `SKU${i}`, fulfillableQuantity: i + 1 })),
  });
  const calls = async () => {
    const tokens = await accessTokensOf(seller.refreshToken);
    return (await fakeCalls(SPAPI_FAKE, { kind: "inventory" })).filter((call) => tokens.has(call.accessToken));
  };
  return { api, seller, asins, calls };
}

/** Pacing that lets `waitMs` pass on the seller's clock before the pages numbered in `slowPages` (1-based, counted over every read). */
function pacingWaiting(refreshToken: string, slowPages: number[], waitMs: number): InventoryPacing {
  let page = 0;
  const wait = spApiTimeOf(refreshToken);
  return {
    async beforePage() {
      page += 1;
      if (slowPages.includes(page)) await wait(waitMs);
    },
    throttled: async () => {},
    answered: async () => {},
  };
}

describe("FBA inventory pages and their nextToken", () => {
  it("the fake refuses a nextToken used 30 s after it was made, and accepts one used within", async () => {
    const { api, seller, asins } = await sellerWithThreePages("inventory-fresh");
    // 29 s before each later page: every token is still good.
    const units = await api.getFulfillableUnits(asins, "US", pacingWaiting(seller.refreshToken, [2, 3], 29_000));
    expect(Object.fromEntries(units)).toEqual({ B0INVP0001: 1, B0INVP0002: 2, B0INVP0003: 3 });
  });

  it("a page asked for with a token past its 30 s starts the read again from the first page, and no unit is counted twice", async () => {
    const { api, seller, asins, calls } = await sellerWithThreePages("inventory-restart");
    // The third page of the first read waits 31 s (the quota, or a throttled retry): its token is refused.
    const units = await api.getFulfillableUnits(asins, "US", pacingWaiting(seller.refreshToken, [3], 31_000));
    expect(Object.fromEntries(units)).toEqual({ B0INVP0001: 1, B0INVP0002: 2, B0INVP0003: 3 });
    const made = await calls();
    // The fake's tokens are base64-like ("…+…/=="), as Amazon's: they arrive whole only URL-encoded.
    const pageOf = (token: string | undefined) => (token ? atob(token.split("+")[0]!) : null);
    expect(made.map((call) => [call.status, pageOf(call.query?.nextToken)])).toEqual([
      [200, null],
      [200, "page 1"],
      [400, "page 2"],
      [200, null],
      [200, "page 1"],
      [200, "page 2"],
    ]);
    expect(made[1]?.query?.nextToken).toMatch(/^[A-Za-z0-9=]+\+\d+\/==$/);
    expect(made[2]?.error).toBe("InvalidInput: Invalid nextToken: it has expired");
  });

  it("tells the pacing of each page Amazon answered, with the rate it stated for the seller", async () => {
    const { api, seller, asins } = await sellerWithThreePages("inventory-answered");
    const told: Array<number | undefined> = [];
    const pacing = { ...pacingWaiting(seller.refreshToken, [], 0), answered: async (rate: number | undefined) => void told.push(rate) };
    await api.getFulfillableUnits(asins, "US", pacing);
    // The seller's plan set above: 100 pages a second.
    expect(told).toEqual([100, 100, 100]);
  });

  it("a read whose tokens keep expiring gives up after three starts, as a refusal the night records (units unknown)", async () => {
    const { api, seller, asins, calls } = await sellerWithThreePages("inventory-give-up");
    // Every second page waits 40 s: no read ever reaches its third page.
    const error = await api.getFulfillableUnits(asins, "US", pacingWaiting(seller.refreshToken, [2, 4, 6], 40_000)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SellerApiError);
    expect(error).toMatchObject({ status: 502, permanent: true });
    expect((await calls()).map((call) => call.status)).toEqual([200, 400, 200, 400, 200, 400]);
  });
});

describe("FBA inventory pages Amazon fails with a server error", () => {
  /** Pacing that records each throttled() call's Retry-After. */
  function pacingRecording() {
    const waits: Array<number | undefined> = [];
    const pacing: InventoryPacing = { beforePage: async () => {}, throttled: async (seconds) => void waits.push(seconds), answered: async () => {} };
    return { pacing, waits };
  }

  it("a page answered 503 with a Retry-After is asked again after it, and the read completes", async () => {
    const { api, seller, asins, calls } = await sellerWithThreePages("inventory-503");
    await fakeControl(SPAPI_FAKE, "inventory-fail", { refreshToken: seller.refreshToken, marketplaceId: US_ID, status: 503, times: 1, retryAfter: "2" });
    const { pacing, waits } = pacingRecording();
    const units = await api.getFulfillableUnits(asins, "US", pacing);
    expect(Object.fromEntries(units)).toEqual({ B0INVP0001: 1, B0INVP0002: 2, B0INVP0003: 3 });
    expect((await calls()).map((call) => call.status)).toEqual([503, 200, 200, 200]);
    // The bucket is paused for Amazon's Retry-After before the page goes again.
    expect(waits).toEqual([2]);
  });

  it("a page answered 500 twice is asked a third time; three failures leave the units unknown (a transient error, not a refusal)", async () => {
    const { api, seller, asins, calls } = await sellerWithThreePages("inventory-500");
    await fakeControl(SPAPI_FAKE, "inventory-fail", { refreshToken: seller.refreshToken, marketplaceId: US_ID, status: 500, times: 2 });
    const units = await api.getFulfillableUnits(asins, "US", pacingRecording().pacing);
    expect(Object.fromEntries(units)).toEqual({ B0INVP0001: 1, B0INVP0002: 2, B0INVP0003: 3 });
    expect((await calls()).map((call) => call.status)).toEqual([500, 500, 200, 200, 200]);

    const again = await sellerWithThreePages("inventory-500-thrice");
    await fakeControl(SPAPI_FAKE, "inventory-fail", { refreshToken: again.seller.refreshToken, marketplaceId: US_ID, status: 500, times: 3 });
    const error = await again.api.getFulfillableUnits(again.asins, "US", pacingRecording().pacing).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ status: 502, permanent: false });
    expect((await again.calls()).map((call) => call.status)).toEqual([500, 500, 500]);
  });
});

describe("an inventory read whose access token grant fails for a moment", () => {
  it("asks LWA again before the page, instead of leaving the night's units unknown", async () => {
    const { api, seller, asins, calls } = await sellerWithThreePages("inventory-lwa-503");
    // The client's token cache is new: the first page needs a grant, and LWA answers 503 once.
    await fakeControl(LWA_FAKE, "fail-grants", { refreshToken: seller.refreshToken, status: 503, times: 1 });
    const units = await api.getFulfillableUnits(asins, "US", { beforePage: async () => {}, throttled: async () => {}, answered: async () => {} });
    expect(Object.fromEntries(units)).toEqual({ B0INVP0001: 1, B0INVP0002: 2, B0INVP0003: 3 });
    expect((await calls()).map((call) => call.status)).toEqual([200, 200, 200]);
  });
});
