import { beforeEach, describe, expect, it, vi } from "vitest";
import { connectSeller, fakeCalls, fakeControl, registerLwaClient, sellerEnv, SPAPI_FAKE, TestBrowser } from "../support/seller-browser";

const US = "ATVPDKIKX0DER";

beforeEach(() => {
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

/**
 * Amazon answers a seller's call in a marketplace of its region it does not sell in with 403
 * Unauthorized, the same answer as a revoked role. The route knows the seller's marketplaces
 * (getMarketplaceParticipations at sign-in): it says so without calling Amazon, rather than asking
 * for a reconnect that cannot help.
 */
describe("GET /api/sp/catalog-item in a marketplace the seller does not sell in", () => {
  it("answers 403 naming the seller's marketplaces, without calling Amazon; its own marketplace still works", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const refreshToken = `Atzr|refresh-${crypto.randomUUID()}`;
    await fakeControl(SPAPI_FAKE, "participations", { refreshToken, marketplaceIds: [US] });
    const { browser, callback } = await connectSeller(new TestBrowser(bindings), { refreshToken });
    expect(callback.status).toBe(302);

    const asin = `B0NS${crypto.randomUUID().replace(/-/g, "").slice(0, 6).toUpperCase()}`;
    const res = await browser.request(`/api/sp/catalog-item?asin=${asin}&marketplace=CA`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: "forbidden",
      detail: "Your seller account does not sell in Canada (CA), so catalog data cannot be read there. Amazon lists your marketplaces as: US.",
    });
    expect(await fakeCalls(SPAPI_FAKE, { asin })).toEqual([]);

    expect((await browser.request(`/api/sp/catalog-item?asin=${asin}&marketplace=US`)).status).toBe(200);
  });
});
