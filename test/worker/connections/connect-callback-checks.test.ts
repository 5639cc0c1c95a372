import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { issueState } from "../../../worker/auth/oauth-state";
import type { ConnectionList, ConnectionView } from "../../../worker/contract/connections";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { buildServices } from "../../../worker/services";
import { emailEnv, signInByEmail } from "../support/email-accounts";
import { connectSeller, consentAs, newSellingPartnerId, registerLwaClient, sellerEnv, TestBrowser } from "../support/seller-browser";
import { subscribeWorkspace } from "../support/workspace-plans";

/**
 * What the OAuth callback checks before it stores a grant in a workspace, whatever the state
 * says: a Reconnect's state renews only the connection it was issued for; a seller account the
 * workspace does not have connected must fit the plan's limit; the caller's role must still
 * have the `connections` permission. A refusal is the callback's error page, and stores nothing.
 */

const STATE_COOKIE = "__Host-oauth-state";
const FREE_LIMIT = "Your Free plan connects up to 1 seller account. Disconnect it, or move to the Agency plan (up to 50 seller accounts) at /billing.";

/** A seller signed in with Amazon: a personal workspace on Free, whose one connection is its own seller. */
async function freeSeller() {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  const seller = await connectSeller(new TestBrowser(bindings), { marketplace: "US" });
  expect(seller.callback.status).toBe(302);
  return seller;
}

async function list(browser: TestBrowser): Promise<ConnectionView[]> {
  const res = await browser.request("/api/connections");
  expect(res.status).toBe(200);
  return (await res.json<ConnectionList>()).connections;
}

/** POST `path` and the consent URL it answers, with the nonce its state is bound to (this browser's cookie). */
async function consentFrom(browser: TestBrowser, path: string, body?: unknown) {
  const res = body === undefined ? await browser.request(path, { method: "POST" }) : await browser.json(path, "POST", body);
  expect(res.status, await res.clone().text()).toBe(200);
  return { authUrl: (await res.json<{ authUrl: string }>()).authUrl, nonce: browser.cookies.get(STATE_COOKIE)! };
}

const grantOf = (connectionId: string) =>
  env.DB.prepare("SELECT status, refresh_token_ciphertext AS sealed FROM seller_connections WHERE id = ?").bind(connectionId).first<{ status: string; sealed: string | null }>();
const connectionsOf = async (workspaceId: string) =>
  (await env.DB.prepare("SELECT selling_partner_id FROM seller_connections WHERE workspace_id = ? ORDER BY created_at").bind(workspaceId).all<{ selling_partner_id: string }>()).results.map(
    (row) => row.selling_partner_id,
  );

async function expectRefusal(res: Response, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  // The page escapes the message as HTML text.
  const page = (await res.text()).replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  expect(page).toContain(message);
  // Every refusal here reaches a signed-in member: the page says they still are, and leads to Settings.
  expect(page).toContain("<h1>Seller account not connected</h1>");
  expect(page).toContain('You are still signed in; nothing was changed. <a href="/settings#connection-status">');
  expect(page).not.toContain("You are not signed in");
}

describe("the callback of a Reconnect", () => {
  it("refuses another seller's consent and stores nothing, so Reconnect adds no seller account past the plan's limit", async () => {
    const { browser, sellingPartnerId } = await freeSeller();
    expect((await browser.json("/api/connections/start", "POST", { marketplace: "UK" })).status).toBe(403);
    const [own] = await list(browser);
    const before = await grantOf(own!.id);

    const other = newSellingPartnerId();
    const refused = await consentAs(browser, (await consentFrom(browser, `/api/connections/${own!.id}/reconnect`)).authUrl, other);
    await expectRefusal(
      refused,
      409,
      `This reconnect was for ${own!.name} (seller ${sellingPartnerId}, region NA), but Amazon answered for seller ${other} (region NA), so nothing was changed or added. ` +
        `To renew ${own!.name}, reconnect it while signed in to Seller Central as that seller; to add another seller account, use Connect seller account.`,
    );
    expect(await connectionsOf(own!.id)).toEqual([sellingPartnerId]);
    expect(await grantOf(own!.id)).toEqual(before);

    // The seller it was for renews that same connection.
    const renewed = await consentAs(browser, (await consentFrom(browser, `/api/connections/${own!.id}/reconnect`)).authUrl, sellingPartnerId);
    expect(renewed.status).toBe(302);
    expect(renewed.headers.get("Location")).toBe(`/settings?connection=${encodeURIComponent(own!.id)}#connection-status`);
    expect((await grantOf(own!.id))!.sealed).not.toBe(before!.sealed);
    expect(await connectionsOf(own!.id)).toEqual([sellingPartnerId]);
  });

  it("refuses a consent in another region than the connection's, even by its own seller", async () => {
    const { browser, sellingPartnerId } = await freeSeller();
    const [own] = await list(browser);
    const workspaceId = (await (await browser.request("/api/workspaces")).json<WorkspaceList>()).current.id;
    // A state RankLayer signed for this connection, but for Europe (Reconnect itself asks in the connection's region).
    const { authUrl } = await consentFrom(browser, `/api/connections/${own!.id}/reconnect`);
    const { state, nonce } = await issueState(buildServices(browser.bindings), "DE", Date.now(), { workspaceId, connectionId: own!.id });
    const forged = new URL(authUrl);
    forged.searchParams.set("state", state);
    browser.cookies.set(STATE_COOKIE, nonce);

    const refused = await consentAs(browser, forged.toString(), sellingPartnerId);
    await expectRefusal(refused, 409, `but Amazon answered for seller ${sellingPartnerId} (region EU), so nothing was changed or added.`);
    expect((await list(browser)).map((c) => [c.id, c.region])).toEqual([[own!.id, "na"]]);
  });

  it("refuses when the connection was removed after Reconnect was started, instead of adding it back as a new one", async () => {
    const { browser, sellingPartnerId } = await freeSeller();
    const [own] = await list(browser);
    const { authUrl } = await consentFrom(browser, `/api/connections/${own!.id}/reconnect`);
    expect((await browser.request(`/api/connections/${own!.id}`, { method: "DELETE" })).status).toBe(204);

    await expectRefusal(await consentAs(browser, authUrl, sellingPartnerId), 409, "The seller account being reconnected was removed from this workspace meanwhile, so nothing was stored.");
    expect(await list(browser)).toEqual([]);
  });
});

describe("the plan's seller-account limit, checked again by the callback", () => {
  it("refuses a second seller account on Free from a Connect state issued while there was room", async () => {
    const { bindings, sent } = emailEnv();
    await registerLwaClient(bindings);
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "two-states@connect-limit.example");
    const workspaceId = (await (await browser.request("/api/workspaces")).json<WorkspaceList>()).current.id;
    // Two Connects while the workspace has no seller account: each passes the route's check.
    const early = await consentFrom(browser, "/api/connections/start", { marketplace: "UK" });
    const late = await consentFrom(browser, "/api/connections/start", { marketplace: "DE" });
    const first = newSellingPartnerId();
    expect((await consentAs(browser, late.authUrl, first)).status).toBe(302);

    browser.cookies.set(STATE_COOKIE, early.nonce);
    await expectRefusal(await consentAs(browser, early.authUrl, newSellingPartnerId()), 403, `This seller account was not connected. ${FREE_LIMIT}`);
    expect(await connectionsOf(workspaceId)).toEqual([first]);
  });

  it("lets only one of two Connects finished at the same instant past a limit of one: the store itself checks the count", async () => {
    const { bindings, sent } = emailEnv();
    await registerLwaClient(bindings);
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "same-instant@connect-limit.example");
    const workspaceId = (await (await browser.request("/api/workspaces")).json<WorkspaceList>()).current.id;
    const first = await consentFrom(browser, "/api/connections/start", { marketplace: "UK" });
    const second = await consentFrom(browser, "/api/connections/start", { marketplace: "DE" });
    // Two tabs of the signed-in browser, each holding the nonce of its own state.
    const tab = (nonce: string) => {
      const opened = new TestBrowser(bindings);
      for (const [name, value] of browser.cookies) opened.cookies.set(name, value);
      opened.cookies.set(STATE_COOKIE, nonce);
      return opened;
    };
    const answers = await Promise.all([
      consentAs(tab(first.nonce), first.authUrl, newSellingPartnerId()),
      consentAs(tab(second.nonce), second.authUrl, newSellingPartnerId()),
    ]);

    expect(answers.map((res) => res.status).sort()).toEqual([302, 403]);
    await expectRefusal(answers.find((res) => res.status === 403)!, 403, `This seller account was not connected. ${FREE_LIMIT}`);
    expect(await connectionsOf(workspaceId)).toHaveLength(1);
  });

  it("lets only one of a Reconnect of a disconnected seller and a new Connect, finished at the same instant, past a limit of one", async () => {
    const { browser, sellingPartnerId } = await freeSeller();
    const [own] = await list(browser);
    expect((await browser.request("/api/connection", { method: "DELETE" })).status).toBe(204);
    const back = await consentFrom(browser, `/api/connections/${own!.id}/reconnect`);
    const added = await consentFrom(browser, "/api/connections/start", { marketplace: "US" });
    const tab = (nonce: string) => {
      const opened = new TestBrowser(browser.bindings);
      for (const [name, value] of browser.cookies) opened.cookies.set(name, value);
      opened.cookies.set(STATE_COOKIE, nonce);
      return opened;
    };
    const answers = await Promise.all([consentAs(tab(back.nonce), back.authUrl, sellingPartnerId), consentAs(tab(added.nonce), added.authUrl, newSellingPartnerId())]);

    expect(answers.map((res) => res.status).sort()).toEqual([302, 403]);
    const connected = await env.DB.prepare("SELECT count(*) AS n FROM seller_connections WHERE workspace_id = ? AND status = 'connected'").bind(own!.id).first<{ n: number }>();
    expect(connected!.n).toBe(1);
  });

  it("counts a disconnected seller account coming back: Reconnect and its callback refuse it when the plan is full", async () => {
    const { browser, sellingPartnerId } = await freeSeller();
    const [own] = await list(browser);
    expect((await browser.request("/api/connection", { method: "DELETE" })).status).toBe(204);
    const early = await consentFrom(browser, `/api/connections/${own!.id}/reconnect`);
    const client = newSellingPartnerId();
    expect((await consentAs(browser, (await consentFrom(browser, "/api/connections/start", { marketplace: "US" })).authUrl, client)).status).toBe(302);

    const reconnect = await browser.request(`/api/connections/${own!.id}/reconnect`, { method: "POST" });
    expect(reconnect.status).toBe(403);
    expect(await reconnect.json()).toEqual({ code: "plan_limit", detail: FREE_LIMIT });

    // A Reconnect state issued before the limit was reached is refused by the callback.
    browser.cookies.set(STATE_COOKIE, early.nonce);
    await expectRefusal(await consentAs(browser, early.authUrl, sellingPartnerId), 403, `This seller account was not connected. ${FREE_LIMIT}`);
    expect(await grantOf(own!.id)).toEqual({ status: "disconnected", sealed: null });
    expect(await connectionsOf(own!.id)).toEqual([sellingPartnerId, client]);
  });
});

describe("the caller's role, checked again by the callback", () => {
  it("refuses a member demoted to viewer after starting a Connect, and stores nothing", async () => {
    const { bindings, sent } = emailEnv();
    await registerLwaClient(bindings);
    const owner = new TestBrowser(bindings);
    await signInByEmail(owner, sent, "owner@demoted-connect.example");
    const created = await owner.json("/api/workspaces", "POST", { name: "Client Co" });
    expect(created.status, await created.clone().text()).toBe(201);
    const workspaceId = (await created.json<WorkspaceList>()).current.id;
    await subscribeWorkspace(workspaceId, "agency");
    expect((await owner.json("/api/workspaces/invitations", "POST", { email: "admin@demoted-connect.example", role: "admin" })).status).toBe(201);
    const invitation = /\/invite\?token=(\S+)/.exec([...sent].reverse().find((m) => m.to === "admin@demoted-connect.example")!.text!)![1]!;
    const admin = new TestBrowser(bindings);
    await signInByEmail(admin, sent, "admin@demoted-connect.example");
    expect((await admin.json("/api/workspaces/invitations/accept", "POST", { token: decodeURIComponent(invitation) })).status).toBe(200);

    // As admin, a Connect goes through; the next one is started as admin and finished as viewer.
    const client = newSellingPartnerId();
    expect((await consentAs(admin, (await consentFrom(admin, "/api/connections/start", { marketplace: "US" })).authUrl, client)).status).toBe(302);
    const { authUrl } = await consentFrom(admin, "/api/connections/start", { marketplace: "DE" });
    const adminId = (await env.DB.prepare("SELECT user_id FROM account_emails WHERE email = ?").bind("admin@demoted-connect.example").first<{ user_id: string }>())!.user_id;
    expect((await owner.json(`/api/workspaces/members/${adminId}`, "PATCH", { role: "viewer" })).status).toBe(200);

    await expectRefusal(
      await consentAs(admin, authUrl, newSellingPartnerId()),
      403,
      'Your role in Client Co (viewer) may not connect, reconnect or disconnect seller accounts. Ask an owner or admin. This seller account was not connected.',
    );
    expect(await connectionsOf(workspaceId)).toEqual([client]);
  });
});
