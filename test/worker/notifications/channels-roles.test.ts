import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ChannelSettings } from "../../../worker/contract/channels";
import { emailEnv, signInByEmail, userIdOf } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";
import { webhookEndpoint } from "./support";

/**
 * A webhook URL is a secret of its own (a Slack incoming-webhook URL lets whoever holds it post to
 * the channel): only roles that may change the settings read it whole; the others see its origin.
 */
describe("GET /api/settings/channels by role", () => {
  it("shows a viewer the webhook's origin only, and the owner the whole URL", async () => {
    const { bindings, sent } = emailEnv();
    const owner = new TestBrowser(bindings);
    await signInByEmail(owner, sent, "owner@channel-roles.example");
    const hook = webhookEndpoint();
    expect((await owner.json("/api/settings/channels", "PUT", { webhookUrl: hook.url })).status).toBe(200);
    const workspaceId = await userIdOf("owner@channel-roles.example");

    const viewer = new TestBrowser(bindings);
    await signInByEmail(viewer, sent, "viewer@channel-roles.example");
    await env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'viewer')").bind(workspaceId, await userIdOf("viewer@channel-roles.example")).run();
    expect((await viewer.json("/api/workspaces/switch", "POST", { workspaceId })).status).toBe(200);

    const seen = await (await viewer.request("/api/settings/channels")).json<ChannelSettings>();
    expect(seen.webhookUrl).toBe(`${new URL(hook.url).origin}/…`);
    expect(JSON.stringify(seen)).not.toContain(hook.path);
    expect((await (await owner.request("/api/settings/channels")).json<ChannelSettings>()).webhookUrl).toBe(hook.url);
  });
});
