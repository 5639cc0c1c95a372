import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TestBrowser } from "../support/seller-browser";
import { emailEnv, signInByEmail } from "../support/email-accounts";
import { insertConnection } from "../support/seller-connections";

describe("Settings → Account: export of seller connections", () => {
  it("lists every seller account the personal workspace connected, never a token, and no other workspace's", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "agency-export@example.com");
    const userId = (await env.DB.prepare("SELECT user_id FROM account_emails WHERE email = ?").bind("agency-export@example.com").first<{ user_id: string }>())!.user_id;
    await insertConnection({ id: `c1-${userId}`, workspaceId: userId, sellingPartnerId: "A1SELLERONE", region: "na", name: "US store", status: { grantedAt: "2026-10-01T00:00:00.000Z" } });
    await insertConnection({ id: `c2-${userId}`, workspaceId: userId, sellingPartnerId: "A2SELLERTWO", region: "eu", name: "EU store", status: { grantedAt: "2026-11-01T00:00:00.000Z" } });
    await insertConnection({ id: `c3-${userId}`, workspaceId: userId, sellingPartnerId: "A3SELLEROLD", region: "fe", name: "Old JP store", status: "disconnected" });

    const other = new TestBrowser(bindings);
    await signInByEmail(other, sent, "someone-else-export@example.com");
    const otherId = (await env.DB.prepare("SELECT user_id FROM account_emails WHERE email = ?").bind("someone-else-export@example.com").first<{ user_id: string }>())!.user_id;
    await insertConnection({ id: `c4-${otherId}`, workspaceId: otherId, sellingPartnerId: "A4STRANGER", region: "na", name: "Not mine", status: { grantedAt: "2026-11-02T00:00:00.000Z" } });

    const text = await (await browser.request("/api/account/export")).text();
    const doc = JSON.parse(text);
    expect(doc.connections).toEqual([
      expect.objectContaining({ name: "US store", sellingPartnerId: "A1SELLERONE", region: "na", status: "connected", grantedAt: "2026-10-01T00:00:00.000Z" }),
      expect.objectContaining({ name: "EU store", sellingPartnerId: "A2SELLERTWO", region: "eu", status: "connected", grantedAt: "2026-11-01T00:00:00.000Z" }),
      expect.objectContaining({ name: "Old JP store", sellingPartnerId: "A3SELLEROLD", region: "fe", status: "disconnected", grantedAt: null }),
    ]);
    // The primary connection stays where format /1 put it.
    expect(doc.connection).toMatchObject({ region: "na", grantedAt: "2026-10-01T00:00:00.000Z" });
    expect(text).not.toContain("A4STRANGER");
    expect(text).not.toMatch(/sealed|refreshTokenCiphertext|keyId/);
  });
});

describe("Settings → Account: export of settings", () => {
  it("holds every notification switch, the daily report's too", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "daily-export@example.com");
    const saved = await browser.json("/api/settings", "PUT", {
      notifications: { emailAlerts: true, inAppAlerts: true, weeklyReport: false, dailyReport: true, rankDrops: true, buyBoxLoss: false },
      dataRefresh: { frequency: "daily", marketplace: "US" },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const doc = await (await browser.request("/api/account/export")).json<{ settings: Record<string, unknown> }>();
    expect(doc.settings).toMatchObject({ dailyReport: true, weeklyReport: false, buyBoxLoss: false });
  });
});

describe("Settings → Account: export of workspaces, branding, audit and seller figures", () => {
  it("holds the account's workspaces and roles, its branding and report recipients, its own audit entries and its seller snapshots, never a token hash", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "whole-export@example.com");
    const userId = (await env.DB.prepare("SELECT user_id FROM account_emails WHERE email = ?").bind("whole-export@example.com").first<{ user_id: string }>())!.user_id;
    expect((await browser.json("/api/branding", "PUT", { display_name: "Whole Brand", accent_color: "#1d4ed8" })).status).toBe(200);
    expect((await browser.json("/api/branding/recipients", "POST", { email: "boss@example.com" })).status).toBe(200);
    await insertConnection({ id: `c-${userId}`, workspaceId: userId, sellingPartnerId: "A1WHOLE", region: "na", name: "US store", status: { grantedAt: "2026-10-01T00:00:00.000Z" } });
    await env.DB.prepare("INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, fulfillable_units, holds_buy_box, captured_at) VALUES (?, ?, 'B08N5WRWNW', 'US', '2026-11-20', 'spapi', 42, 1, '2026-11-20T02:00:00.000Z')")
      .bind(`c-${userId}`, userId)
      .run();
    const created = await browser.json("/api/workspaces", "POST", { name: "Whole Agency" });
    expect(created.status).toBe(201);

    await env.DB.prepare("UPDATE workspace_members SET created_at = '2026-01-02T03:04:05.000Z' WHERE workspace_id = ?").bind(userId).run();

    const text = await (await browser.request("/api/account/export")).text();
    const doc = JSON.parse(text);
    expect(doc.workspaces).toEqual([
      expect.objectContaining({ id: userId, name: "whole-export@example.com", role: "owner", personal: true, joinedAt: "2026-01-02T03:04:05.000Z" }),
      expect.objectContaining({ name: "Whole Agency", role: "owner", personal: false }),
    ]);
    expect(doc.branding).toMatchObject({ displayName: "Whole Brand", accentColor: "#1d4ed8", logo: null });
    expect(doc.reportRecipients).toEqual([expect.objectContaining({ email: "boss@example.com", confirmedAt: null })]);
    expect(doc.sellerSnapshots).toEqual([expect.objectContaining({ asin: "B08N5WRWNW", day: "2026-11-20", fulfillableUnits: 42, holdsBuyBox: true })]);
    expect(doc.audit.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(["branding.update", "workspace.create"]));
    expect(doc.audit[0]).toHaveProperty("workspaceId");
    expect(text).not.toMatch(/tokenHash|token_hash|logoId/);
  });
});

describe("Settings → Account: export of the workspaces that are the account's alone", () => {
  it("holds the data of every other workspace only this account belongs to (they go with it), never a shared one's", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "solo-export@example.com");
    const solo = await browser.json("/api/workspaces", "POST", { name: "Solo Shop" });
    expect(solo.status).toBe(201);
    expect((await browser.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" })).status).toBe(201);
    expect((await browser.json("/api/alerts", "POST", { asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 100, marketplace: "US" })).status).toBe(201);
    const shared = await browser.json("/api/workspaces", "POST", { name: "Shared Shop" });
    const sharedId = (await shared.json<{ current: { id: string } }>()).current.id;
    expect((await browser.json("/api/watchlist", "POST", { asin: "B000000002", marketplace: "US" })).status).toBe(201);
    await signInByEmail(new TestBrowser(bindings), sent, "shared-member@example.com");
    const memberId = (await env.DB.prepare("SELECT user_id FROM account_emails WHERE email = ?").bind("shared-member@example.com").first<{ user_id: string }>())!.user_id;
    await env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'analyst')").bind(sharedId, memberId).run();

    const doc = await (await browser.request("/api/account/export")).json<Record<string, unknown> & { soleWorkspaces: Record<string, unknown>[] }>();
    expect(doc.watchlist).toEqual([]);
    expect(doc.soleWorkspaces).toEqual([
      expect.objectContaining({
        name: "Solo Shop",
        watchlist: [expect.objectContaining({ asin: "B08N5WRWNW", marketplace: "US" })],
        alerts: [expect.objectContaining({ asin: "B08N5WRWNW", conditionType: "rank_above" })],
        history: [expect.objectContaining({ asin: "B08N5WRWNW", points: expect.any(Array) })],
        billing: { plan: "Free", subscription: null },
      }),
    ]);
    expect(JSON.stringify(doc.soleWorkspaces)).not.toContain("B000000002");
  });
});
