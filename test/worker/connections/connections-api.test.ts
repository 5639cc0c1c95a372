import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countSellerConnections } from "../../../worker/billing/connection-count-store";
import type { ConnectionList, ConnectionView } from "../../../worker/contract/connections";
import { insertConnection } from "../support/seller-connections";
import { subscribeWorkspace } from "../support/workspace-plans";
import { connectSeller, consentAs, demoEnv, newSellingPartnerId, registerLwaClient, sellerEnv, TestBrowser } from "../support/seller-browser";

/**
 * /api/connections: several seller accounts in one workspace. Another seller is connected from
 * inside the workspace with a state bound to the browser and the workspace; reconnect renews the
 * same connection; rename; disconnect deletes the token and that connection's seller data only.
 */

/** A seller signed in with Amazon; `roomForMore` gives its workspace a plan with several seller accounts (Free connects one). */
async function signedInSeller({ roomForMore = true } = {}) {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  const seller = await connectSeller(new TestBrowser(bindings), { marketplace: "US" });
  expect(seller.callback.status).toBe(302);
  if (roomForMore) {
    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note) SELECT id, 'test: several seller accounts' FROM users WHERE selling_partner_id = ?")
      .bind(seller.sellingPartnerId)
      .run();
  }
  return seller;
}

async function list(browser: TestBrowser): Promise<ConnectionView[]> {
  const res = await browser.request("/api/connections");
  expect(res.status).toBe(200);
  return (await res.json<ConnectionList>()).connections;
}

async function start(browser: TestBrowser, marketplace: string): Promise<string> {
  const res = await browser.json("/api/connections/start", "POST", { marketplace });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<{ authUrl: string }>()).authUrl;
}

describe("/api/connections", () => {
  it("counts seller accounts against the plan: Free connects one, so a second is refused before Amazon is asked", async () => {
    const { browser } = await signedInSeller({ roomForMore: false });
    const res = await browser.json("/api/connections/start", "POST", { marketplace: "UK" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: "Your Free plan connects up to 1 seller account. Disconnect it, or move to the Agency plan (up to 50 seller accounts) at /billing.",
      code: "plan_limit",
    });
  });

  it("an Agency workspace at its 50 seller accounts is pointed to Enterprise, not to the plan it is on", async () => {
    const { browser } = await signedInSeller({ roomForMore: false });
    const workspaceId = (await (await browser.request("/api/workspaces")).json<{ current: { id: string } }>()).current.id;
    await subscribeWorkspace(workspaceId, "agency");
    for (let i = 1; i < 50; i += 1) {
      await insertConnection({ id: `${workspaceId}-client-${i}`, workspaceId, sellingPartnerId: `ACLIENT${i}`, region: "eu", name: `Client ${i}`, status: { grantedAt: new Date().toISOString() } });
    }
    const res = await browser.json("/api/connections/start", "POST", { marketplace: "UK" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: "Your Agency plan connects up to 50 seller accounts. Disconnect one, or ask us about Enterprise at /contact.",
      code: "plan_limit",
    });
  });

  it("after a downgrade says the workspace is past its plan's seller accounts, removes none, and what the user can do", async () => {
    const { browser } = await signedInSeller({ roomForMore: false });
    const workspaceId = (await (await browser.request("/api/workspaces")).json<{ current: { id: string } }>()).current.id;
    const within = await (await browser.request("/api/connections")).json<ConnectionList>();
    expect(within.beyondPlan).toBeNull();
    // Two clients connected on Agency, which has since ended: the workspace is on Free (one seller account).
    for (const i of [1, 2]) {
      await insertConnection({ id: `${workspaceId}-client-${i}`, workspaceId, sellingPartnerId: `DCLIENT${i}`, region: "eu", name: `Client ${i}`, status: { grantedAt: new Date().toISOString() } });
    }
    const answer = await (await browser.request("/api/connections")).json<ConnectionList>();
    expect(answer.connections).toHaveLength(3);
    expect(answer.beyondPlan).toBe(
      "Your Free plan connects up to 1 seller account, and 3 are connected from an earlier plan. None was removed, and none can be added. Each night only the 1 seller account connected first is refreshed; the others keep their data as of their last refresh. Disconnect 2 to choose which stay within the plan, or move to the Agency plan (up to 50 seller accounts) at /billing.",
    );
    // Connecting another is refused with the same words, not "Disconnect it".
    const refused = await browser.json("/api/connections/start", "POST", { marketplace: "UK" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: "plan_limit", detail: answer.beyondPlan });
  });

  it("lists the signed-in seller as the workspace's first connection", async () => {
    const { browser, sellingPartnerId } = await signedInSeller();
    const [first, ...rest] = await list(browser);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ sellingPartnerId, region: "na", status: "connected", needsAttention: null });
    expect(first!.renewalDueAt).not.toBeNull();
  });

  it("connects a second seller account to the workspace, and a reconnect renews that same connection", async () => {
    const { browser, sellingPartnerId } = await signedInSeller();
    const second = newSellingPartnerId();
    const added = await consentAs(browser, await start(browser, "DE"), second);
    expect(added.status).toBe(302);
    const connections = await list(browser);
    expect(connections.map((c) => [c.sellingPartnerId, c.region, c.status])).toEqual([
      [sellingPartnerId, "na", "connected"],
      [second, "eu", "connected"],
    ]);
    const euId = connections[1]!.id;
    expect(added.headers.get("Location")).toBe(`/settings?connection=${encodeURIComponent(euId)}#connection-status`);
    // Still signed in as the first seller: connecting a client's account does not change who you are.
    const status = await (await browser.request("/api/user/status")).json<{ authenticated: boolean }>();
    expect(status.authenticated).toBe(true);

    const before = await env.DB.prepare("SELECT refresh_token_ciphertext AS c FROM seller_connections WHERE id = ?").bind(euId).first<{ c: string }>();
    const reconnect = await browser.request(`/api/connections/${euId}/reconnect`, { method: "POST" });
    expect(reconnect.status).toBe(200);
    const { authUrl } = await reconnect.json<{ authUrl: string }>();
    expect(new URL(authUrl).origin).toBe("https://sellercentral-europe.amazon.com");
    expect((await consentAs(browser, authUrl, second)).status).toBe(302);
    const after = await list(browser);
    expect(after.map((c) => c.id)).toEqual(connections.map((c) => c.id));
    const renewed = await env.DB.prepare("SELECT refresh_token_ciphertext AS c FROM seller_connections WHERE id = ?").bind(euId).first<{ c: string }>();
    expect(renewed!.c).not.toBe(before!.c);
  });

  it("refuses a connect state in another browser, and in a session of another workspace", async () => {
    const owner = await signedInSeller();
    const authUrl = await start(owner.browser, "UK");

    // Another browser (another account) presenting the state: no cookie of that sign-in.
    const other = await signedInSeller();
    const elsewhere = await consentAs(other.browser, authUrl, newSellingPartnerId());
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain("started in another browser");

    // The same browser, now signed in to another account (another workspace): refused, nothing added.
    const authUrl2 = await start(owner.browser, "UK");
    const nonce = owner.browser.cookies.get("__Host-oauth-state");
    owner.browser.cookies.clear();
    const intruder = await connectSeller(owner.browser, { marketplace: "US" });
    expect(intruder.callback.status).toBe(302);
    if (nonce) owner.browser.cookies.set("__Host-oauth-state", nonce);
    const wrong = await consentAs(owner.browser, authUrl2, newSellingPartnerId());
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain("started in another workspace");
    expect((await list(owner.browser)).length).toBe(1);
  });

  it("renames with a clear 422 for a blank name and a 404 for another workspace's connection", async () => {
    const a = await signedInSeller();
    const b = await signedInSeller();
    const [own] = await list(a.browser);
    const renamed = await a.browser.json(`/api/connections/${own!.id}`, "PATCH", { name: "  Acme EU  " });
    expect(renamed.status).toBe(200);
    expect((await renamed.json<ConnectionView>()).name).toBe("Acme EU");
    const blank = await a.browser.json(`/api/connections/${own!.id}`, "PATCH", { name: " " });
    expect(blank.status).toBe(422);
    expect(JSON.stringify(await blank.json())).toContain("Name is required");
    expect((await b.browser.json(`/api/connections/${own!.id}`, "PATCH", { name: "Mine now" })).status).toBe(404);
    expect((await b.browser.request(`/api/connections/${own!.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await list(a.browser))[0]!.name).toBe("Acme EU");
  });

  it("disconnect deletes the connection's token and seller data, and leaves the other connection's", async () => {
    const { browser } = await signedInSeller();
    await consentAs(browser, await start(browser, "FR"), newSellingPartnerId());
    const [na, eu] = await list(browser);
    const insert = (connectionId: string) =>
      env.DB.prepare(
        "INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, fulfillable_units, captured_at) SELECT id, workspace_id, 'B0DISCON01', 'US', '2026-11-20', 'spapi', 5, 't' FROM seller_connections WHERE id = ?",
      )
        .bind(connectionId)
        .run();
    await insert(na!.id);
    await insert(eu!.id);
    expect((await browser.request(`/api/connections/${eu!.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await list(browser)).map((c) => c.id)).toEqual([na!.id]);
    expect(await countSellerConnections(env.DB, na!.id)).toBe(1);
    const left = await env.DB.prepare("SELECT connection_id FROM seller_snapshots WHERE asin = 'B0DISCON01' ORDER BY connection_id").all();
    expect(left.results).toEqual([{ connection_id: na!.id }]);
    expect((await browser.request(`/api/connections/${eu!.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("needs a session; a demo account lists its demo seller and may neither connect nor disconnect it", async () => {
    expect((await new TestBrowser(sellerEnv()).request("/api/connections")).status).toBe(401);
    const demo = new TestBrowser(demoEnv());
    await demo.signInDemo();
    const [seller] = await list(demo);
    expect(seller).toMatchObject({ status: "demo", name: "Demo seller" });
    expect((await demo.json("/api/connections/start", "POST", { marketplace: "US" })).status).toBe(403);
    expect((await demo.request(`/api/connections/${seller!.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await demo.json("/api/connections/start", "POST", { marketplace: "XX" })).status).toBe(422);
  });

  it("Seller Central reads one connection's catalog with ?connection=, and refuses another workspace's", async () => {
    const demo = new TestBrowser(demoEnv());
    await demo.signInDemo();
    const [seller] = await list(demo);
    const own = await demo.request(`/api/sp/catalog-item?asin=B07N4M94X4&marketplace=US&connection=${encodeURIComponent(seller!.id)}`);
    expect(own.status, await own.clone().text()).toBe(200);
    const other = new TestBrowser(demoEnv());
    await other.signInDemo();
    const refused = await other.request(`/api/sp/catalog-item?asin=B07N4M94X4&marketplace=US&connection=${encodeURIComponent(seller!.id)}`);
    expect(refused.status).toBe(404);
  });

  it("a demo account may add a sample client (and remove it again); others may not", async () => {
    const demo = new TestBrowser(demoEnv());
    await demo.signInDemo();
    const added = await demo.request("/api/connections/sample", { method: "POST" });
    expect(added.status).toBe(201);
    const sample = await added.json<ConnectionView>();
    expect(sample).toMatchObject({ name: "Sample client EU", region: "eu", status: "demo" });
    expect((await demo.request("/api/connections/sample", { method: "POST" })).status).toBe(201);
    expect((await list(demo)).map((c) => c.name)).toEqual(["Demo seller", "Sample client EU"]);
    expect((await demo.request(`/api/connections/${sample.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await list(demo)).map((c) => c.name)).toEqual(["Demo seller"]);

    const { browser } = await signedInSeller();
    expect((await browser.request("/api/connections/sample", { method: "POST" })).status).toBe(403);
  });
});
