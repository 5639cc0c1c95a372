import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../../worker/env";
import type { ChannelSettings } from "../../../worker/contract/channels";
import { UNREADABLE_WEBHOOK_URL } from "../../../worker/contract/channels";
import { demoEnv, KEY_2026, KEY_2027, TestBrowser } from "../support/seller-browser";
import { channelEnv, webhookCalls, webhookEndpoint } from "./support";
import { currentWorkspaceId, settingsRowText, storeLegacyWebhookUrl, webhookUrlRow } from "./webhook-url-rows";

/**
 * A webhook URL is stored sealed (a Slack or Discord URL is the credential itself); one saved
 * in plain text before that still reads. Through the settings API.
 */
async function signedIn(overrides: Partial<Bindings> = {}) {
  const browser = new TestBrowser(demoEnv(channelEnv(overrides)));
  await browser.signInDemo();
  return { browser, workspaceId: await currentWorkspaceId(browser) };
}

async function channels(browser: TestBrowser): Promise<ChannelSettings> {
  const res = await browser.request("/api/settings/channels");
  expect(res.status).toBe(200);
  return res.json();
}

const webhookTest = (browser: TestBrowser) => browser.request("/api/settings/webhook-test", { method: "POST" }).then((res) => res.json());

/** A Slack-shaped URL whose path is the secret part. */
const slackUrl = () => `https://hooks.slack.com/services/T0/B0/${crypto.randomUUID()}`;

describe("the webhook URL at rest", () => {
  it("is stored sealed: the D1 row holds no plain URL, and the settings API gives it back whole", async () => {
    const { browser, workspaceId } = await signedIn();
    const url = slackUrl();
    const saved = await browser.json("/api/settings/channels", "PUT", { webhookUrl: url });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ webhookUrl: url });

    const row = await webhookUrlRow(workspaceId);
    expect(row?.webhook_url).toBeNull();
    expect(row?.webhook_url_ciphertext).toMatch(/^eyJ[\w-]*\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await settingsRowText(workspaceId)).not.toContain(new URL(url).pathname);
    expect(await settingsRowText(workspaceId)).not.toContain("hooks.slack.com");
    expect(await channels(browser)).toMatchObject({ webhookUrl: url });

    const changed = slackUrl();
    await browser.json("/api/settings/channels", "PUT", { webhookUrl: changed });
    expect(await channels(browser)).toMatchObject({ webhookUrl: changed });
    expect(await settingsRowText(workspaceId)).not.toContain(new URL(changed).pathname);

    await browser.json("/api/settings/channels", "PUT", { webhookUrl: null });
    expect(await channels(browser)).toMatchObject({ webhookUrl: null });
    expect(await webhookUrlRow(workspaceId)).toEqual({ webhook_url: null, webhook_url_ciphertext: null });
  });

  it("saved in plain text before sealing, reads as it is, is tested against, and is sealed when saved again", async () => {
    const { browser, workspaceId } = await signedIn();
    const hook = webhookEndpoint();
    await storeLegacyWebhookUrl(workspaceId, hook.url);

    expect(await channels(browser)).toMatchObject({ webhookUrl: hook.url });
    await browser.request("/api/settings/webhook-secret", { method: "POST" });
    expect(await webhookTest(browser)).toEqual({ ok: true, status: 200 });
    expect(await webhookCalls(hook.path)).toHaveLength(1);

    // Saving another field leaves the URL as it was (a demo account may only clear its alert email).
    expect((await browser.json("/api/settings/channels", "PUT", { alertEmail: null })).status).toBe(200);
    expect(await channels(browser)).toMatchObject({ alertEmail: null, webhookUrl: hook.url });

    await browser.json("/api/settings/channels", "PUT", { webhookUrl: hook.url });
    expect((await webhookUrlRow(workspaceId))?.webhook_url).toBeNull();
    expect(await settingsRowText(workspaceId)).not.toContain(hook.path);
    expect(await channels(browser)).toMatchObject({ webhookUrl: hook.url });
  });

  it("that the keys cannot open answers 200: no URL in settings, a reason from the test, and saving it again mends it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { browser, workspaceId } = await signedIn();
    const hook = webhookEndpoint();
    await browser.json("/api/settings/channels", "PUT", { webhookUrl: hook.url });
    await browser.request("/api/settings/webhook-secret", { method: "POST" });

    // The key it was sealed with dropped from the keyring too early.
    browser.bindings = { ...browser.bindings, TOKEN_ENCRYPTION_KEYS: `k2027:${KEY_2027}` };
    expect(await channels(browser)).toMatchObject({ webhookUrl: null, webhookUrlUnreadable: true, webhookSecretSet: true });
    expect(await webhookTest(browser)).toEqual({ ok: false, detail: UNREADABLE_WEBHOOK_URL });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`webhook URL of workspace ${workspaceId} did not open`), expect.any(String));

    // A damaged row.
    browser.bindings = { ...browser.bindings, TOKEN_ENCRYPTION_KEYS: `k2026:${KEY_2026}` };
    await env.DB.prepare("UPDATE user_settings SET webhook_url_ciphertext = 'not-a-jwe' WHERE workspace_id = ?").bind(workspaceId).run();
    expect(await channels(browser)).toMatchObject({ webhookUrl: null, webhookUrlUnreadable: true });
    expect(await webhookTest(browser)).toEqual({ ok: false, detail: UNREADABLE_WEBHOOK_URL });
    expect(await webhookCalls(hook.path)).toHaveLength(0);

    await browser.json("/api/settings/channels", "PUT", { webhookUrl: hook.url });
    expect(await channels(browser)).toMatchObject({ webhookUrl: hook.url, webhookUrlUnreadable: false });
  });

  it("copied onto another workspace's row does not open there", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const a = await signedIn();
    const b = await signedIn();
    await a.browser.json("/api/settings/channels", "PUT", { webhookUrl: slackUrl() });
    await storeLegacyWebhookUrl(b.workspaceId, slackUrl());
    await env.DB.prepare("UPDATE user_settings SET webhook_url = NULL, webhook_url_ciphertext = (SELECT webhook_url_ciphertext FROM user_settings WHERE workspace_id = ?1) WHERE workspace_id = ?2")
      .bind(a.workspaceId, b.workspaceId)
      .run();
    expect(await channels(b.browser)).toMatchObject({ webhookUrl: null });
  });

  it("is refused with 503 and nothing is saved when the server has no keys; clearing still works", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { browser, workspaceId } = await signedIn({ TOKEN_ENCRYPTION_KEYS: undefined });
    const res = await browser.json("/api/settings/channels", "PUT", { alertEmail: null, webhookUrl: slackUrl() });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: expect.stringContaining("TOKEN_ENCRYPTION_KEYS"), code: "not_configured" });
    expect(await channels(browser)).toMatchObject({ alertEmail: null, webhookUrl: null });
    expect(await webhookUrlRow(workspaceId)).toBeNull();

    const legacy = slackUrl();
    await storeLegacyWebhookUrl(workspaceId, legacy);
    expect(await channels(browser)).toMatchObject({ webhookUrl: legacy });
    expect((await browser.json("/api/settings/channels", "PUT", { webhookUrl: null })).status).toBe(200);
    expect(await webhookUrlRow(workspaceId)).toEqual({ webhook_url: null, webhook_url_ciphertext: null });
  });
});
