import { beforeEach, describe, expect, it, vi } from "vitest";
import { SellerApiError } from "../../../../worker/upstreams/spapi/seller-api";
import { fakeCalls, fakeControl, LWA_FAKE, SPAPI_FAKE, spApiTimeOf } from "../../support/seller-browser";
import { connectedApi as connectedSpApi } from "./connected-api";

/**
 * SP-API refuses an access token that expired early (403 Unauthorized "The access token you
 * provided has expired.", or 401): the client drops the cached LWA token and retries once with a
 * fresh one; a second refusal is a 403 "reconnect", never a 502.
 */
async function connectedApi() {
  const { api, seller, client } = await connectedSpApi("client-test");
  const refreshGrants = async () =>
    (await fakeCalls(LWA_FAKE, { clientId: client.clientId })).filter((call) => call.grantType === "refresh_token" && call.status === 200).length;
  return { api, seller, refreshGrants };
}

let serial = 0;
const asin = () => `B0EXP${String(++serial).padStart(5, "0")}`;

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("SP-API token expiry", () => {
  it.each([
    [403, "403 Unauthorized: the access token you provided has expired"],
    [401, "401 Unauthorized"],
  ])("on %i (%s) drops the cached token and retries once with a fresh one", async (status) => {
    const { api, seller, refreshGrants } = await connectedApi();
    const first = asin();
    expect((await api.getCatalogItem(first, "US")).asin).toBe(first);
    expect(await refreshGrants()).toBe(1);

    await fakeControl(SPAPI_FAKE, "expire-tokens", { refreshToken: seller.refreshToken, status });
    const second = asin();
    expect((await api.getCatalogItem(second, "US")).asin).toBe(second);
    expect(await refreshGrants()).toBe(2);
    const sent = await fakeCalls(SPAPI_FAKE, { asin: second });
    expect(sent.map((call) => call.status)).toEqual([status, 200]);
    expect(sent[0]!.accessToken).not.toBe(sent[1]!.accessToken);

    // The fresh token is cached: the next call (a second later: getCatalogItem's burst is 2) needs no grant.
    await spApiTimeOf(seller.refreshToken)(1000);
    await api.getCatalogItem(asin(), "US");
    expect(await refreshGrants()).toBe(2);
  });

  it.each([401, 403])("a %i for the fresh token too is a 403 asking to reconnect, after exactly one retry", async (status) => {
    const { api, seller, refreshGrants } = await connectedApi();
    await api.getCatalogItem(asin(), "US");
    await fakeControl(SPAPI_FAKE, "expire-tokens", { refreshToken: seller.refreshToken, status, sticky: true });
    const target = asin();
    const error = await api.getCatalogItem(target, "US").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SellerApiError);
    expect(error).toMatchObject({ status: 403, message: expect.stringContaining("Reconnect") });
    expect(await fakeCalls(SPAPI_FAKE, { asin: target })).toHaveLength(2);
    expect(await refreshGrants()).toBe(2);
  });

  it("a 403 that is not about expiry (roles, consent) is not retried", async () => {
    const { api, refreshGrants } = await connectedApi();
    const target = asin();
    await fakeControl(SPAPI_FAKE, "script", { asin: target, behavior: "forbidden" });
    await expect(api.getCatalogItem(target, "US")).rejects.toMatchObject({ status: 403 });
    expect(await fakeCalls(SPAPI_FAKE, { asin: target })).toHaveLength(1);
    expect(await refreshGrants()).toBe(1);
  });

  it("keeps Amazon's Retry-After on a 503, as on a 429", async () => {
    const { api } = await connectedApi();
    const throttled = asin();
    await fakeControl(SPAPI_FAKE, "script", { asin: throttled, behavior: "throttled", retryAfterSeconds: 7 });
    await expect(api.getCatalogItem(throttled, "US")).rejects.toMatchObject({ status: 429, retryAfterSeconds: 7 });
    const unavailable = asin();
    await fakeControl(SPAPI_FAKE, "script", { asin: unavailable, behavior: "error503", retryAfterSeconds: 45 });
    await expect(api.getCatalogItem(unavailable, "US")).rejects.toMatchObject({ status: 502, retryAfterSeconds: 45 });
  });
});
