import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../../../worker/env";
import { findNightlyRun } from "../../../../worker/jobs/nightly-run-store";
import { OFFERS_BATCH_INTERVAL_MS } from "../../../../worker/jobs/nightly-run/seller-phase";
import { MockSellerApi } from "../../../../worker/upstreams/spapi/mock";
import { SPAPI_RATE_HEADROOM } from "../../../../worker/upstreams/spapi/seller-budget";
import { accessTokensOf, connectSeller, fakeCalls, fakeControl, LWA_FAKE, registerLwaClient, sellerEnv, SPAPI_FAKE, spApiTimeOf, TestBrowser } from "../../support/seller-browser";
import { COMPETITOR, OUR_SELLER, twoWinnerResponse } from "../../fixtures/spapi/get-item-offers-two-winners";
import { asinRange, insertUser, insertWatchlist, insertAlert, memoryNotes, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";

const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);
const US_ID = "ATVPDKIKX0DER";
// The getItemOffersBatch example: A2SNBFWOFW4SWG wins B00CGZQU42, A5LI4TEX5CN80 wins
// B00505DW2I (A2SNBFWOFW4SWG also offers it), and B00KFRNZY6 has no offer at all.
const EXAMPLE_SELLER = "A2SNBFWOFW4SWG";

beforeEach(async () => {
  await resetHistoryTables();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

async function connected(bindings: Bindings, sellingPartnerId?: string) {
  const seller = await connectSeller(new TestBrowser(bindings), { sellingPartnerId });
  expect(seller.callback.status).toBe(302);
  const user = await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>();
  return { ...seller, userId: user!.id };
}

async function runToEnd(bindings: Bindings, clock = virtualClock(START), notes = memoryNotes()) {
  await runSlicesToEnd(bindings, DAY, { clock, notes });
  return notes;
}

async function sellerRows(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT asin, marketplace, source, fulfillable_units, buy_box_seller_id, holds_buy_box FROM seller_snapshots WHERE workspace_id = ? AND day = ? ORDER BY marketplace, asin",
  )
    .bind(userId, DAY)
    .all();
  return results;
}

describe("snapshot sellers phase against the fake SP-API", () => {
  it("pages FBA inventory with nextToken and records fulfillable units and the Buy Box holder", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const seller = await connected(bindings, EXAMPLE_SELLER);
    await insertWatchlist(seller.userId, [
      { marketplace: "US", asin: "B00CGZQU42" },
      { marketplace: "US", asin: "B00505DW2I" },
      // In the EU region: out of reach of an NA authorization, so not asked for.
      { marketplace: "DE", asin: "B00505DW2I" },
    ]);
    await insertAlert(seller.userId, { marketplace: "US", asin: "B00KFRNZY6" });
    await fakeControl(SPAPI_FAKE, "inventory", {
      refreshToken: seller.refreshToken,
      marketplaceId: US_ID,
      pageSize: 2,
      summaries: [
        { asin: "B00CGZQU42", sellerSku: "SKU-A", fulfillableQuantity: 5 },
        { asin: "B00CGZQU42", sellerSku: "SKU-B", fulfillableQuantity: 7 },
        { asin: "B00505DW2I", sellerSku: "SKU-C", fulfillableQuantity: 0 },
        { asin: "B0UNTRACKD", sellerSku: "SKU-D", fulfillableQuantity: 40 },
      ],
    });

    await runToEnd(bindings);

    expect(await sellerRows(seller.userId)).toEqual([
      { asin: "B00505DW2I", marketplace: "US", source: "spapi", fulfillable_units: 0, buy_box_seller_id: "A5LI4TEX5CN80", holds_buy_box: 0 },
      { asin: "B00CGZQU42", marketplace: "US", source: "spapi", fulfillable_units: 12, buy_box_seller_id: EXAMPLE_SELLER, holds_buy_box: 1 },
      { asin: "B00KFRNZY6", marketplace: "US", source: "spapi", fulfillable_units: null, buy_box_seller_id: null, holds_buy_box: 0 },
    ]);

    // The fakes serve every test file at once: keep the calls made with this seller's tokens.
    const tokens = await accessTokensOf(seller.refreshToken);
    const inventory = (await fakeCalls(SPAPI_FAKE, { kind: "inventory" })).filter((call) => tokens.has(call.accessToken) && call.status === 200);
    expect(inventory.map((call) => call.query)).toEqual([
      { details: "true", granularityType: "Marketplace", granularityId: US_ID, marketplaceIds: US_ID },
      { details: "true", granularityType: "Marketplace", granularityId: US_ID, marketplaceIds: US_ID, nextToken: expect.stringMatching(new RegExp(`^${btoa("page 2")}\\+\\d+/==$`)) },
    ]);
    expect(inventory.every((call) => call.host === "sellingpartnerapi-na.amazon.com")).toBe(true);
    const [offers, ...more] = (await fakeCalls(SPAPI_FAKE, { kind: "offers" })).filter((call) => tokens.has(call.accessToken));
    expect(more).toEqual([]);
    expect(offers).toMatchObject({ status: 200, method: "POST", path: "/batches/products/pricing/v0/itemOffers" });
    expect(offers?.body).toEqual({
      requests: ["B00505DW2I", "B00CGZQU42", "B00KFRNZY6"].map((asin) => ({
        uri: `/products/pricing/v0/items/${asin}/offers`,
        method: "GET",
        MarketplaceId: US_ID,
        ItemCondition: "New",
        CustomerType: "Consumer",
      })),
    });
  });

  it("asks for the Buy Box 20 ASINs at a time, spaced to getItemOffersBatch's rate", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const seller = await connected(bindings);
    const asins = asinRange("BBX", 25);
    await insertWatchlist(seller.userId, asins.map((asin) => ({ marketplace: "US", asin })));
    await fakeControl(SPAPI_FAKE, "buy-box", { asin: asins[0], sellerId: seller.sellingPartnerId });
    // Amazon allows this seller one getItemOffersBatch per 10 s: the fake counts in the run's time.
    const clock = virtualClock(START, spApiTimeOf(seller.refreshToken));

    await runToEnd(bindings, clock);

    const offers = (await fakeCalls(SPAPI_FAKE, { kind: "offers" })).filter((call) =>
      (call.body as { requests: { uri: string }[] }).requests.some((request) => request.uri.includes("/BBX")),
    );
    expect(offers.map((call) => (call.body as { requests: unknown[] }).requests.length)).toEqual([20, 5]);
    // Spaced with the 5 % headroom: a call reaching Amazon a little early is still outside the last one's interval.
    expect(clock.slept).toContain(OFFERS_BATCH_INTERVAL_MS * (1 + SPAPI_RATE_HEADROOM));
    const rows = await sellerRows(seller.userId);
    expect(rows).toHaveLength(25);
    expect(rows[0]).toMatchObject({ asin: asins[0], holds_buy_box: 1, buy_box_seller_id: seller.sellingPartnerId });
    expect(rows[1]).toMatchObject({ holds_buy_box: 0 });
  });

  it("follows a seller's slower getItemOffersBatch plan that Amazon states: none of its calls is refused", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const seller = await connected(bindings);
    // One call per 20 s instead of the model's 10: the first answer says so (x-amzn-RateLimit-Limit: 0.05).
    await fakeControl(SPAPI_FAKE, "usage-plan", { refreshToken: seller.refreshToken, operation: "getItemOffersBatch", ratePerSecond: 0.05, burst: 1 });
    const asins = asinRange("BSLOW", 45);
    await insertWatchlist(seller.userId, asins.map((asin) => ({ marketplace: "US", asin })));
    const clock = virtualClock(START, spApiTimeOf(seller.refreshToken));

    // One call per slice: the rate Amazon stated outlives the slice that read it.
    await runSlicesToEnd(bindings, DAY, { clock, maxCalls: 1 });

    const offers = (await fakeCalls(SPAPI_FAKE, { kind: "offers" })).filter((call) => JSON.stringify(call.body ?? null).includes("/BSLOW"));
    expect(offers.map((call) => call.status)).toEqual([200, 200, 200]);
    expect(clock.slept).toContain(20_000 * (1 + SPAPI_RATE_HEADROOM));
    expect(await sellerRows(seller.userId)).toHaveLength(45);
  });

  it("keeps the Prime and the non-Prime Buy Box apart: holding only the non-Prime one is not holding the one most shoppers see", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const seller = await connected(bindings);
    const bySellerId = "B0TWOWIN01";
    const byMyOffer = "B0TWOWIN02";
    const neither = "B0TWOWIN03";
    await insertWatchlist(seller.userId, [bySellerId, byMyOffer, neither].map((asin) => ({ marketplace: "US", asin })));
    const two = (asin: string, ours: Record<string, unknown>) => twoWinnerResponse(asin, ours).body.payload.Offers;
    await fakeControl(SPAPI_FAKE, "offers", { asin: bySellerId, offers: two(bySellerId, { SellerId: seller.sellingPartnerId }) });
    await fakeControl(SPAPI_FAKE, "offers", { asin: byMyOffer, offers: two(byMyOffer, { MyOffer: true }) });
    await fakeControl(SPAPI_FAKE, "offers", { asin: neither, offers: two(neither, {}) });

    await runToEnd(bindings);

    const { results } = await env.DB.prepare(
      "SELECT asin, buy_box_seller_id, holds_buy_box, prime_seller_id, non_prime_seller_id, holds_prime, holds_non_prime FROM seller_snapshots WHERE workspace_id = ? AND day = ? ORDER BY asin",
    )
      .bind(seller.userId, DAY)
      .all();
    // The competitor's Prime offer is the Buy Box most shoppers see; ours is the non-Prime one.
    expect(results).toEqual([
      { asin: bySellerId, buy_box_seller_id: COMPETITOR, holds_buy_box: 0, prime_seller_id: COMPETITOR, non_prime_seller_id: seller.sellingPartnerId, holds_prime: 0, holds_non_prime: 1 },
      { asin: byMyOffer, buy_box_seller_id: COMPETITOR, holds_buy_box: 0, prime_seller_id: COMPETITOR, non_prime_seller_id: seller.sellingPartnerId, holds_prime: 0, holds_non_prime: 1 },
      { asin: neither, buy_box_seller_id: COMPETITOR, holds_buy_box: 0, prime_seller_id: COMPETITOR, non_prime_seller_id: OUR_SELLER, holds_prime: 0, holds_non_prime: 0 },
    ]);
  });

  it("logs and skips a seller whose authorization fails; the other sellers and the demo account go on", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const revoked = await connected(bindings);
    const healthy = await connected(bindings);
    const demo = await insertUser({ isDemo: true });
    for (const userId of [revoked.userId, healthy.userId, demo]) {
      await insertWatchlist(userId, [{ marketplace: "US", asin: "B00CGZQU42" }]);
    }
    await fakeControl(LWA_FAKE, "revoke", { refreshToken: revoked.refreshToken });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});

    const notes = await runToEnd(bindings);

    expect(await sellerRows(revoked.userId)).toEqual([]);
    expect(await sellerRows(healthy.userId)).toEqual([expect.objectContaining({ source: "spapi", buy_box_seller_id: EXAMPLE_SELLER, holds_buy_box: 0 })]);
    const [mock] = await sellerRows(demo);
    expect(mock).toMatchObject({ source: "mock", asin: "B00CGZQU42" });
    expect(notes.values.get(`${DAY}:sellersSkipped`)).toBe(1);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`seller ${revoked.userId} skipped`));
    expect(await findNightlyRun(env.DB, DAY)).toMatchObject({ status: "done" });
  });
});

describe("MockSellerApi", () => {
  it("answers the same stock and Buy Box every time, naming the demo seller or a labelled competitor", async () => {
    const api = new MockSellerApi("DEMO-1");
    const asins = asinRange("BMO", 40);
    const units = await api.getFulfillableUnits(asins, "US");
    expect(await api.getFulfillableUnits(asins, "US")).toEqual(units);
    expect([...units.values()].every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
    expect(units.size).toBeLessThan(40); // some ASINs have no FBA record
    const winners = await api.getBuyBoxWinners(asins.slice(0, 20), "US");
    expect(await api.getBuyBoxWinners(asins.slice(0, 20), "US")).toEqual(winners);
    // Each Buy Box is the demo seller's (its own offer), the labelled competitor's, or suppressed: never unknown.
    const segments = [...winners.values()].flatMap((state) => [state.prime, state.nonPrime]);
    expect(new Set(segments.map((segment) => (segment?.suppressed ? "suppressed" : segment?.sellerId)))).toEqual(new Set(["DEMO-1", "AMOCKCOMPETITOR", "suppressed"]));
    expect(segments.every((segment) => segment !== null && segment.mine === (segment.sellerId === "DEMO-1"))).toBe(true);
    expect(api.kind).toBe("mock");
  });
});
