import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { participatingMarketplaces } from "../../../worker/upstreams/spapi/sellers-mapping";
import { getMarketplaceParticipationsExample } from "../fixtures/spapi/get-marketplace-participations";
import { insertWatchlist, resetHistoryTables, runSlicesToEnd, virtualClock } from "../jobs/nightly-run/support";
import { accessTokensOf, connectSeller, fakeCalls, fakeControl, registerLwaClient, sellerEnv, SPAPI_FAKE, spApiTimeOf, TestBrowser } from "../support/seller-browser";

const US = "ATVPDKIKX0DER";
const CA = "A2EUQ1WTGCTBG2";

beforeEach(() => {
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

/** A seller whose Amazon account sells in `marketplaceIds` (the fake's getMarketplaceParticipations). */
async function sellerSellingIn(marketplaceIds: string[] | null, bindings = sellerEnv(), sellingPartnerId?: string, browser = new TestBrowser(bindings)) {
  await registerLwaClient(bindings);
  const refreshToken = `Atzr|refresh-${crypto.randomUUID()}`;
  if (marketplaceIds) await fakeControl(SPAPI_FAKE, "participations", { refreshToken, marketplaceIds });
  const seller = await connectSeller(browser, { refreshToken, sellingPartnerId });
  expect(seller.callback.status).toBe(302);
  const row = await env.DB.prepare("SELECT u.id, c.marketplaces FROM users u JOIN seller_connections c ON c.workspace_id = u.id AND c.selling_partner_id = u.selling_partner_id WHERE u.selling_partner_id = ?")
    .bind(seller.sellingPartnerId)
    .first<{ id: string; marketplaces: string | null }>();
  return { ...seller, bindings, userId: row!.id, stored: row!.marketplaces === null ? null : (JSON.parse(row!.marketplaces) as string[]) };
}

describe("getMarketplaceParticipations", () => {
  it("reads the model's example: only participating marketplaces RankLayer serves", () => {
    expect(participatingMarketplaces(getMarketplaceParticipationsExample.response)).toEqual(["US"]);
    expect(
      participatingMarketplaces({
        payload: [
          { marketplace: { id: CA }, participation: { isParticipating: false } },
          { marketplace: { id: "A2Q3Y263D00KWC" }, participation: { isParticipating: true } },
          { marketplace: { id: US }, participation: { isParticipating: true } },
        ],
      }),
    ).toEqual(["US"]);
  });

  it("is called at sign-in and on reconnect, and its answer is stored for the connection", async () => {
    const first = await sellerSellingIn([US]);
    expect(first.stored).toEqual(["US"]);
    const calls = (await fakeCalls(SPAPI_FAKE, { kind: "sellers" })).filter((call) => call.status === 200 && call.path === "/sellers/v1/marketplaceParticipations");
    expect(calls.length).toBeGreaterThan(0);

    // The seller starts selling in Canada and reconnects: the list follows.
    const again = await sellerSellingIn([US, CA], first.bindings, first.sellingPartnerId, first.browser);
    expect(again.userId).toBe(first.userId);
    expect(again.stored).toEqual(["US", "CA"]);
  });

  it("the fake refuses a bad token as Amazon does; sign-in still works and the region's marketplaces are offered", async () => {
    const refused = await fetch("https://sellingpartnerapi-na.amazon.com/sellers/v1/marketplaceParticipations", { headers: { "x-amz-access-token": "Atza|not-a-token" } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ errors: [{ code: "Unauthorized", message: "Access to requested resource is denied.", details: "" }] });

    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const refreshToken = `Atzr|refresh-${crypto.randomUUID()}`;
    await fakeControl(SPAPI_FAKE, "expire-tokens", { refreshToken, status: 403, sticky: true });
    const seller = await connectSeller(new TestBrowser(bindings), { refreshToken });
    expect(seller.callback.status).toBe(302);
    const options = await (await seller.browser.request("/api/onboarding")).json<{ marketplaces: string[] }>();
    expect(options.marketplaces).toEqual(["US", "CA", "MX"]);
  });

  it("onboarding offers and accepts only the marketplaces the seller sells in", async () => {
    const seller = await sellerSellingIn([US, CA]);
    expect(await (await seller.browser.request("/api/onboarding")).json()).toEqual({ marketplaces: ["US", "CA"] });
    const refused = await seller.browser.json("/api/onboarding", "POST", { marketplace: "MX" });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain("Your seller account does not sell in Mexico (MX)");
    expect((await seller.browser.json("/api/onboarding", "POST", { marketplace: "CA" })).status).toBe(200);
  });

  it.each(["low_stock", "buybox_lost"])("a %s alert only for a marketplace the seller sells in, with a clear 422 otherwise", async (conditionType) => {
    const seller = await sellerSellingIn([US]);
    const body = (marketplace: string) => ({ asin: "B000000001", conditionType, marketplace, ...(conditionType === "low_stock" ? { threshold: 5 } : {}) });
    const refused = await seller.browser.json("/api/alerts", "POST", body("CA"));
    expect(refused.status).toBe(422);
    const { detail } = await refused.json<{ detail: { loc: string[]; msg: string }[] }>();
    expect(detail[0]).toMatchObject({ loc: ["json", "marketplace"], msg: expect.stringMatching(/^Your seller account does not sell in Canada \(CA\).*: US\.$/) });
    expect((await seller.browser.json("/api/alerts", "POST", body("US"))).status).toBe(201);
  });

  it("the nightly seller phases read only the marketplaces the seller sells in", async () => {
    await resetHistoryTables();
    await env.DB.prepare("DELETE FROM seller_revenue").run();
    const seller = await sellerSellingIn([US]);
    await insertWatchlist(seller.userId, [
      { marketplace: "US", asin: "B00CGZQU42" },
      { marketplace: "CA", asin: "B00CGZQU42" },
    ]);
    const clock = virtualClock(Date.UTC(2026, 10, 22, 2), spApiTimeOf(seller.refreshToken));
    const callsBefore = (await fakeCalls(SPAPI_FAKE, {})).length;
    await runSlicesToEnd(seller.bindings, "2026-11-22", { clock });
    const read = async (table: string) =>
      (await env.DB.prepare(`SELECT DISTINCT marketplace FROM ${table} WHERE workspace_id = ?`).bind(seller.userId).all<{ marketplace: string }>()).results.map((row) => row.marketplace);
    expect(await read("seller_snapshots")).toEqual(["US"]);
    expect(await read("seller_revenue")).toEqual(["US"]);
    // The fake refuses a call in a marketplace the seller does not sell in (below): none was made.
    // The fakes serve every test file at once: keep the calls made with this seller's tokens.
    const tokens = await accessTokensOf(seller.refreshToken);
    const calls = (await fakeCalls(SPAPI_FAKE, {})).slice(callsBefore).filter((call) => tokens.has(call.accessToken));
    expect(new Set(calls.filter((call) => call.status === 200).map((call) => call.kind))).toEqual(new Set(["inventory", "offers", "sales"]));
    expect(calls.filter((call) => call.status !== 200)).toEqual([]);
  });

  it("the fake refuses a seller's call in a marketplace the seller does not sell in, as Amazon does", async () => {
    const seller = await sellerSellingIn([US]);
    // The fakes serve every test file at once: this seller's own access token, from its grant.
    const [token = ""] = await accessTokensOf(seller.refreshToken);
    const catalog = (marketplaceId: string) =>
      fetch(`https://sellingpartnerapi-na.amazon.com/catalog/2022-04-01/items/B00CGZQU42?marketplaceIds=${marketplaceId}&includedData=salesRanks`, { headers: { "x-amz-access-token": token } });
    expect((await catalog(US)).status).toBe(200);
    const refused = await catalog(CA);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ errors: [{ code: "Unauthorized", message: "Access to requested resource is denied.", details: "" }] });
    expect(seller.stored).toEqual(["US"]);
  });
});
