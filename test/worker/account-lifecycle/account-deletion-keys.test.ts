import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { emailEnv, invitationTokenOf, signInByEmail, userIdOf } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";
import { subscribeWorkspace } from "../support/workspace-plans";

/** Deleting an account stops every API key it made, also those of workspaces that stay. */
describe("Settings → Account: delete, with API keys in another workspace", () => {
  it("revokes the keys the account made in a workspace that stays: they stop at once and leave the workspace's key list", async () => {
    const { bindings, sent } = emailEnv();
    const owner = new TestBrowser(bindings);
    await signInByEmail(owner, sent, "keys-owner@acme.example");
    const created = await owner.json("/api/workspaces", "POST", { name: "Acme Agency" });
    const workspaceId = (await created.json<WorkspaceList>()).current.id;
    await subscribeWorkspace(workspaceId, "agency");
    expect((await owner.json("/api/workspaces/invitations", "POST", { email: "keys-admin@example.com", role: "admin" })).status).toBe(201);

    const admin = new TestBrowser(bindings);
    await signInByEmail(admin, sent, "keys-admin@example.com");
    await admin.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "keys-admin@example.com") });
    const made = await admin.json("/api/api-keys", "POST", { name: "CI" });
    expect(made.status, await made.clone().text()).toBe(201);
    const { key } = await made.json<{ key: string }>();
    const withKey = () => new TestBrowser(bindings).request("/api/v1/watchlist", { headers: { Authorization: `Bearer ${key}` } });
    // Used once, so this isolate holds a copy of it.
    expect((await withKey()).status).toBe(200);
    const adminId = await userIdOf("keys-admin@example.com");

    const deleted = await admin.json("/api/account", "DELETE", { confirm: "keys-admin@example.com" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await deleted.json()).toMatchObject({ erased: { apiKeys: 1 } });

    // At once in this isolate, not after its key cache's 3 seconds.
    expect((await withKey()).status).toBe(401);
    expect(await env.DB.prepare("SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE name = 'CI'").first("revoked")).toBe(1);
    // The owner no longer sees a live key nobody can use or answer for, holding one of the plan's places.
    expect((await (await owner.request("/api/api-keys")).json<{ keys: unknown[] }>()).keys).toEqual([]);
    const audit = await (await owner.request("/api/workspaces/audit")).json<{ entries: { action: string; target: string; detail: Record<string, unknown> }[] }>();
    expect(audit.entries[0]).toMatchObject({ action: "account.delete", target: adminId, detail: { revokedKeys: 1 } });
  });

  it("stops at once the keys of a workspace that goes with the account (its only member)", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "solo-keys@example.com");
    const created = await browser.json("/api/workspaces", "POST", { name: "Solo Agency" });
    // Enterprise (no Stripe subscription to cancel): a plan that has API keys.
    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id) VALUES (?)").bind((await created.json<WorkspaceList>()).current.id).run();
    const made = await browser.json("/api/api-keys", "POST", { name: "solo" });
    expect(made.status, await made.clone().text()).toBe(201);
    const { key } = await made.json<{ key: string }>();
    const withKey = () => new TestBrowser(bindings).request("/api/v1/watchlist", { headers: { Authorization: `Bearer ${key}` } });
    expect((await withKey()).status).toBe(200);

    const deleted = await browser.json("/api/account", "DELETE", { confirm: "solo-keys@example.com" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await deleted.json()).toMatchObject({ erased: { apiKeys: 1 } });
    expect((await withKey()).status).toBe(401);
  });
});
