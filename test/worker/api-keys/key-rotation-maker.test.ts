import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApiKeyList, CreatedApiKey } from "../../../worker/contract/api-keys";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { emailEnv, invitationTokenOf, signInByEmail, userIdOf } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";

/**
 * Rotating another member's key makes the rotater its maker, on purpose: the rotater is the one
 * who sees the new secret, so the key must act with their role (never more than they could mint
 * themselves) and be revoked when they leave, like every key they hold.
 */
describe("rotating another member's API key", () => {
  it("an admin rotating the owner's key becomes its maker: it acts with the admin's role and is revoked when the admin is removed", async () => {
    const { bindings, sent } = emailEnv();
    const owner = new TestBrowser(bindings);
    await signInByEmail(owner, sent, "rotate-owner@example.com");
    const created = await owner.json("/api/workspaces", "POST", { name: "Rotate Co" });
    const workspaceId = (await created.json<WorkspaceList>()).current.id;
    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note) VALUES (?, 'test')").bind(workspaceId).run();
    const ownersKey = await owner.json("/api/api-keys", "POST", { name: "Owner's CI" });
    expect(ownersKey.status, await ownersKey.clone().text()).toBe(201);
    const { apiKey: original } = await ownersKey.json<CreatedApiKey>();

    expect((await owner.json("/api/workspaces/invitations", "POST", { email: "rotate-admin@example.com", role: "admin" })).status).toBe(201);
    const admin = new TestBrowser(bindings);
    await signInByEmail(admin, sent, "rotate-admin@example.com");
    expect((await admin.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "rotate-admin@example.com") })).status).toBe(200);

    const rotated = await admin.request(`/api/api-keys/${original.id}/rotate`, { method: "POST" });
    expect(rotated.status, await rotated.clone().text()).toBe(201);
    const { key, apiKey } = await rotated.json<CreatedApiKey>();
    expect(apiKey).toMatchObject({ name: "Owner's CI", madeBy: { email: "rotate-admin@example.com", role: "admin" } });
    const listed = await (await owner.request("/api/api-keys")).json<ApiKeyList>();
    expect(listed.keys.map((k) => [k.name, k.madeBy])).toEqual([["Owner's CI", { email: "rotate-admin@example.com", role: "admin" }]]);

    const withKey = (path: string) => new TestBrowser(bindings).request(path, { headers: { Authorization: `Bearer ${key}` } });
    expect((await withKey("/api/v1/watchlist")).status).toBe(200);
    // The admin who saw the secret is removed: the key goes with them.
    const adminId = await userIdOf("rotate-admin@example.com");
    expect((await owner.request(`/api/workspaces/members/${adminId}`, { method: "DELETE" })).status).toBe(204);
    expect((await withKey("/api/v1/watchlist")).status).toBe(401);
  });
});
