import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  connectSeller,
  demoEnv,
  fakeCalls,
  fakeControl,
  KEY_2026,
  KEY_2027,
  LWA_FAKE,
  registerLwaClient,
  sellerEnv,
  SPAPI_FAKE,
  TestBrowser,
} from "../support/seller-browser";

const EXAMPLE_ASIN = "B07N4M94X4"; // the ASIN of the model's getCatalogItem example
const EXAMPLE_TITLE =
  "Samsung QN82Q60RAFXZA Flat 82-Inch QLED 4K Q60 Series (2019) Ultra HD Smart TV with HDR and Alexa Compatibility";
const EXAMPLE_RANKS = [
  { categoryTitle: "Electronics", rank: 72855 },
  { categoryTitle: "QLED TVs", rank: 113 },
];

let serial = 0;
function newAsin(): string {
  serial += 1;
  return `B${serial % 10}${crypto.randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

async function connected(options: { marketplace?: string } = {}, bindings = sellerEnv()) {
  await registerLwaClient(bindings);
  const seller = await connectSeller(new TestBrowser(bindings), options);
  expect(seller.callback.status).toBe(302);
  return seller;
}

function fetchItem(browser: TestBrowser, asin: string, marketplace = "US") {
  return browser.request(`/api/sp/catalog-item?asin=${asin}&marketplace=${marketplace}`);
}

async function lwaGrants(browser: TestBrowser, grantType: string) {
  const calls = await fakeCalls(LWA_FAKE, { clientId: browser.bindings.LWA_CLIENT_ID! });
  return calls.filter((call) => call.grantType === grantType);
}

describe("GET /api/sp/catalog-item for a connected seller", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("calls getCatalogItem on the region's endpoint with a fresh LWA access token", async () => {
    const { browser, refreshToken } = await connected();
    const before = Date.now();
    const res = await fetchItem(browser, EXAMPLE_ASIN);
    expect(res.status).toBe(200);
    const body = await res.json<{ fetchedAt: string }>();
    expect(body).toEqual({
      asin: EXAMPLE_ASIN,
      title: EXAMPLE_TITLE,
      source: "spapi",
      salesRanks: EXAMPLE_RANKS,
      fetchedAt: expect.any(String),
    });
    expect(Date.parse(body.fetchedAt)).toBeGreaterThanOrEqual(before - 1000);

    const [refresh] = await lwaGrants(browser, "refresh_token");
    expect(refresh).toMatchObject({ status: 200, refreshToken, clientSecretValid: true });

    // The fakes serve every test file at once: this seller's call, made with its refreshed token.
    const catalogCalls = await fakeCalls(SPAPI_FAKE, { asin: EXAMPLE_ASIN });
    const call = catalogCalls.filter((entry) => entry.accessToken === refresh!.accessToken).at(-1);
    expect(call).toMatchObject({
      status: 200,
      method: "GET",
      host: "sellingpartnerapi-na.amazon.com",
      path: `/catalog/2022-04-01/items/${EXAMPLE_ASIN}`,
      query: { marketplaceIds: "ATVPDKIKX0DER", includedData: "summaries,salesRanks,images" },
    });
    expect(call?.accessToken).toMatch(/^Atza\|fake-/);
  });

  it("answers a repeat from the KV cache with the original fetchedAt", async () => {
    const { browser } = await connected();
    const asin = newAsin();
    const first = await (await fetchItem(browser, asin)).json<Record<string, unknown>>();
    expect(first.source).toBe("spapi");
    const second = await (await fetchItem(browser, asin)).json();
    expect(second).toEqual({ ...first, source: "cache" });
    expect(await fakeCalls(SPAPI_FAKE, { asin })).toHaveLength(1);
  });

  it("keeps one seller's cached answers away from another seller", async () => {
    const asin = newAsin();
    const alice = await connected();
    const bob = await connected();
    await fetchItem(alice.browser, asin);
    const res = await fetchItem(bob.browser, asin);
    expect(await res.json()).toMatchObject({ source: "spapi" });
  });

  it("reuses the seller's access token until it expires", async () => {
    const { browser } = await connected();
    await fetchItem(browser, newAsin());
    await fetchItem(browser, newAsin());
    expect(await lwaGrants(browser, "refresh_token")).toHaveLength(1);
  });

  it("gets a new access token once the cached one expires", async () => {
    const bindings = sellerEnv();
    // LWA tokens are renewed a minute before expiry, so a 60-second token is never reused.
    await fakeControl(LWA_FAKE, "token-lifetime", { clientId: bindings.LWA_CLIENT_ID, seconds: 60 });
    const { browser } = await connected({}, bindings);
    await fetchItem(browser, newAsin());
    await fetchItem(browser, newAsin());
    const refreshes = await lwaGrants(browser, "refresh_token");
    expect(refreshes).toHaveLength(2);
    expect(refreshes[0]).toMatchObject({ contentType: "application/x-www-form-urlencoded", url: "https://api.amazon.com/auth/o2/token" });
  });

  it("502 when the server lost its SP-API credentials after the seller connected", async () => {
    const { browser } = await connected();
    browser.bindings = { ...browser.bindings, LWA_CLIENT_SECRET: undefined };
    const res = await fetchItem(browser, newAsin());
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ detail: "Amazon's Selling Partner API is not configured on this server right now.", code: "upstream_unavailable" });
  });

  it("answers an item without ranks with an empty list", async () => {
    const { browser } = await connected();
    const asin = newAsin();
    await fakeControl(SPAPI_FAKE, "script", { asin, behavior: "no_ranks" });
    expect(await (await fetchItem(browser, asin)).json()).toMatchObject({ asin, salesRanks: [] });
  });

  it.each([
    ["not_found", 404, "No catalog item found for ASIN {asin} in the US marketplace.", "not_found"],
    ["forbidden", 403, "Amazon refused access for this seller account. Reconnect it in Settings → Connection Status, or check the app's SP-API roles.", "forbidden"],
    ["throttled", 429, "Amazon is throttling Selling Partner API requests. Try again in a few seconds.", "rate_limited"],
    ["error500", 502, "Amazon's Selling Partner API failed (HTTP 500). Try again shortly.", "upstream_unavailable"],
  ])("maps SP-API %s to %i with a clear detail, and caches nothing", async (behavior, status, detail, code) => {
    const { browser } = await connected();
    const asin = newAsin();
    await fakeControl(SPAPI_FAKE, "script", { asin, behavior, retryAfterSeconds: 7 });
    const res = await fetchItem(browser, asin);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ detail: detail.replace("{asin}", asin), code });
    if (behavior === "throttled") expect(res.headers.get("Retry-After")).toBe("7");
    expect((await fetchItem(browser, asin)).status).toBe(status);
  });

  it("a 429 from Amazon without Retry-After (the usual one) still tells the client when to retry", async () => {
    const { browser } = await connected();
    const asin = newAsin();
    await fakeControl(SPAPI_FAKE, "script", { asin, behavior: "throttled" });
    const res = await fetchItem(browser, asin);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
  });

  it("follows the catalog rate Amazon states for the seller: on a slower plan the third call waits its turn instead of being refused", async () => {
    const seller = await connected();
    // Amazon's header states the rate only; this seller's plan keeps the model's burst of 2.
    await fakeControl(SPAPI_FAKE, "usage-plan", { refreshToken: seller.refreshToken, operation: "getCatalogItem", ratePerSecond: 1, burst: 2 });
    // The first call's access grant takes LWA 300 ms: the call's turn starts when it can leave, or the third lands early.
    await fakeControl(LWA_FAKE, "grant-latency", { refreshToken: seller.refreshToken, ms: 300 });
    const [first, second, third] = [newAsin(), newAsin(), newAsin()];
    expect((await fetchItem(seller.browser, first)).status).toBe(200);
    expect((await fetchItem(seller.browser, second)).status).toBe(200);
    // One call a second (x-amzn-RateLimit-Limit: 1), not the model's two: the third call waits for it, and Amazon answers it.
    const thirdAnswer = await fetchItem(seller.browser, third);
    expect(thirdAnswer.status, `${await thirdAnswer.clone().text()} ${JSON.stringify(await fakeCalls(SPAPI_FAKE, {}))}`).toBe(200);
    expect((await fakeCalls(SPAPI_FAKE, { asin: third })).map((call) => call.status)).toEqual([200]);
  });

  it("refuses a marketplace outside the seller's region without calling Amazon", async () => {
    const { browser } = await connected({ marketplace: "DE" });
    const asin = newAsin();
    const res = await fetchItem(browser, asin, "US");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: "Your seller account is connected in the EU region; the US marketplace is in NA. Choose a marketplace of your region.",
      code: "forbidden",
    });
    expect(await fakeCalls(SPAPI_FAKE, { asin })).toEqual([]);

    const inRegion = await fetchItem(browser, asin, "FR");
    expect(inRegion.status).toBe(200);
    expect((await fakeCalls(SPAPI_FAKE, { asin }))[0]).toMatchObject({
      host: "sellingpartnerapi-eu.amazon.com",
      query: { marketplaceIds: "A13V1IB3VIYZZH" },
    });
  });

  it("asks the seller to reconnect when Amazon no longer accepts the refresh token", async () => {
    const { browser, refreshToken } = await connected();
    await fakeControl(LWA_FAKE, "revoke", { refreshToken });
    const res = await fetchItem(browser, newAsin());
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: "Amazon no longer accepts this seller authorization. Reconnect it in Settings → Connection Status.",
      code: "forbidden",
    });
  });

  it("decrypts a token stored under an older key after rotation, and moves it to the newest key", async () => {
    const { browser, sellingPartnerId, refreshToken } = await connected();
    browser.bindings = { ...browser.bindings, TOKEN_ENCRYPTION_KEYS: `k2027:${KEY_2027},k2026:${KEY_2026}` };

    const res = await fetchItem(browser, newAsin());
    expect(res.status).toBe(200);
    const [refresh] = await lwaGrants(browser, "refresh_token");
    expect(refresh?.refreshToken).toBe(refreshToken);

    const row = await env.DB.prepare(
      "SELECT c.key_id, c.refresh_token_ciphertext FROM seller_connections c JOIN users u ON u.id = c.workspace_id WHERE u.selling_partner_id = ?",
    )
      .bind(sellingPartnerId)
      .first<{ key_id: string; refresh_token_ciphertext: string }>();
    expect(row?.key_id).toBe("k2027");
    expect(row?.refresh_token_ciphertext).not.toContain(refreshToken);
  });

  it("asks for a reconnect, without a word of the token, when the key that sealed it is gone", async () => {
    const { browser, refreshToken } = await connected();
    browser.bindings = { ...browser.bindings, TOKEN_ENCRYPTION_KEYS: `k2027:${KEY_2027}` };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await fetchItem(browser, newAsin());
    expect(res.status).toBe(403);
    const body = await res.text();
    expect(body).toContain("can no longer be read");
    expect(body).not.toContain(refreshToken);
    expect(errors).toHaveBeenCalledWith("a stored refresh token did not decrypt:", "KeyringError");
    expect(JSON.stringify(errors.mock.calls)).not.toContain(refreshToken);
  });
});

describe("GET /api/sp/catalog-item for others", () => {
  it("401 without a session", async () => {
    const res = await fetchItem(new TestBrowser(demoEnv()), EXAMPLE_ASIN);
    expect(res.status).toBe(401);
  });

  it.each([
    ["asin=B07N4M94X&marketplace=US", "asin"],
    ["asin=B07N4M94X4X&marketplace=US", "asin"],
    ["marketplace=US", "asin"],
    ["asin=B07N4M94X4&marketplace=JP", "marketplace"],
  ])("422 for %s", async (query, field) => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    const res = await browser.request(`/api/sp/catalog-item?${query}`);
    expect(res.status).toBe(422);
    const { detail } = await res.json<{ detail: { loc: string[] }[] }>();
    expect(detail[0]?.loc).toEqual(["query", field]);
  });

  it("serves the demo account from the mock, never cached and never from Amazon", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    const asin = newAsin();
    const first = await (await fetchItem(browser, `${asin.toLowerCase()}`, "UK")).json<Record<string, unknown>>();
    expect(first).toMatchObject({ asin, source: "mock" });
    expect((first.salesRanks as unknown[]).length).toBeGreaterThan(0);
    const second = await (await fetchItem(browser, asin, "UK")).json<Record<string, unknown>>();
    expect(second).toMatchObject({ asin, source: "mock", title: first.title, salesRanks: first.salesRanks });
    expect(await fakeCalls(SPAPI_FAKE, { asin })).toEqual([]);
  });
});

describe("connection status and disconnect", () => {
  it("shows the seller's connection in settings; DELETE /api/connection erases the token", async () => {
    const { browser, sellingPartnerId } = await connected();
    const settings = await (await browser.request("/api/settings")).json<{ connection: Record<string, unknown> }>();
    const grantedAt = settings.connection.grantedAt as string;
    expect(settings.connection).toEqual({
      connected: true,
      demo: false,
      sellingPartnerId,
      region: "na",
      grantedAt: expect.any(String),
      renewalDueAt: new Date(Date.parse(grantedAt) + 365 * 24 * 60 * 60 * 1000).toISOString(),
    });

    expect((await browser.request("/api/connection", { method: "DELETE" })).status).toBe(204);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM seller_connections c JOIN users u ON u.id = c.workspace_id WHERE u.selling_partner_id = ? AND c.refresh_token_ciphertext IS NOT NULL",
    )
      .bind(sellingPartnerId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    expect(await (await browser.request("/api/user/status")).json()).toMatchObject({ authenticated: true, connected: false });
    expect(((await (await browser.request("/api/settings")).json()) as { connection: unknown }).connection).toMatchObject({
      connected: false,
      sellingPartnerId: null,
    });
    const res = await fetchItem(browser, newAsin());
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: "Your Amazon seller account is not connected. Connect it on /connect to fetch catalog data.",
      code: "forbidden",
    });
  });

  it("one seller's disconnect and settings never touch another seller", async () => {
    const alice = await connected();
    const bob = await connected();
    expect((await bob.browser.request("/api/connection", { method: "DELETE" })).status).toBe(204);

    const aliceStatus = await (await alice.browser.request("/api/settings")).json<{ connection: Record<string, unknown> }>();
    expect(aliceStatus.connection).toMatchObject({ connected: true, sellingPartnerId: alice.sellingPartnerId });
    expect((await fetchItem(alice.browser, newAsin())).status).toBe(200);
    const bobStatus = await (await bob.browser.request("/api/settings")).json<{ connection: Record<string, unknown> }>();
    expect(bobStatus.connection).toMatchObject({ connected: false, sellingPartnerId: null });
  });
});
