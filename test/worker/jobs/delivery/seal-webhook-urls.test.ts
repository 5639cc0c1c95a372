import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deliverPending } from "../../../../worker/jobs/delivery/deliver";
import { sealLegacyWebhookUrls } from "../../../../worker/jobs/delivery/seal-webhook-urls";
import { sealLegacyWebhookUrlRows } from "../../../../worker/notifications/channel-store";
import { loadChannelSettings } from "../../../../worker/notifications/channel-settings";
import { buildServices } from "../../../../worker/services";
import { channelEnv, createUser, NOW, seedEvent, setChannels, webhookCalls, webhookEndpoint } from "../../notifications/support";
import { settingsRowText, storeLegacyWebhookUrl, storeSealedWebhookUrl, webhookUrlRow } from "../../notifications/webhook-url-rows";

beforeEach(async () => {
  // The pass takes every plain URL in the database: start each test from none.
  await env.DB.batch([env.DB.prepare("DELETE FROM notification_deliveries"), env.DB.prepare("DELETE FROM user_settings")]);
  vi.spyOn(console, "error").mockImplementation(() => {});
});

async function legacyWorkspace(): Promise<{ userId: string; hook: { path: string; url: string } }> {
  const userId = await createUser();
  const hook = webhookEndpoint();
  await storeLegacyWebhookUrl(userId, hook.url);
  return { userId, hook };
}

describe("sealing the webhook URLs saved in plain text", () => {
  it("the nightly delivery pass seals them; they read and deliver as before", async () => {
    const bindings = channelEnv();
    const services = buildServices(bindings);
    const firing = await legacyWorkspace();
    await setChannels(bindings, firing.userId, { webhookSecret: "whsec_seal" });
    await storeLegacyWebhookUrl(firing.userId, firing.hook.url);
    const idle = await legacyWorkspace();
    const alreadySealed = await createUser();
    await storeSealedWebhookUrl(alreadySealed, webhookEndpoint().url);
    const sealedBefore = await webhookUrlRow(alreadySealed);
    await seedEvent(firing.userId, ["webhook"]);

    expect(await deliverPending(services, NOW)).toMatchObject({ sent: 1 });

    expect(await webhookCalls(firing.hook.path)).toHaveLength(1);
    for (const { userId, hook } of [firing, idle]) {
      expect((await webhookUrlRow(userId))?.webhook_url).toBeNull();
      expect(await settingsRowText(userId)).not.toContain(hook.path);
      expect(await loadChannelSettings(services, userId, true)).toMatchObject({ webhookUrl: hook.url });
    }
    expect(await webhookUrlRow(alreadySealed)).toEqual(sealedBefore);
  });

  it("goes in batches, and leaves a row whose URL changed since it was read as it now is", async () => {
    const services = buildServices(channelEnv());
    await legacyWorkspace();
    await legacyWorkspace();
    expect(await sealLegacyWebhookUrls(services, 1)).toBe(1);
    expect(await sealLegacyWebhookUrls(services, 1)).toBe(1);
    expect(await sealLegacyWebhookUrls(services, 1)).toBe(0);

    const { userId } = await legacyWorkspace();
    const newer = webhookEndpoint().url;
    await storeLegacyWebhookUrl(userId, newer);
    expect(await sealLegacyWebhookUrlRows(env.DB, [{ workspaceId: userId, legacyWebhookUrl: "https://hooks.example.com/old", ciphertext: "stale" }])).toBe(0);
    expect(await webhookUrlRow(userId)).toEqual({ webhook_url: newer, webhook_url_ciphertext: null });
  });

  it("without keys leaves them in plain text, still read, and the pass goes on", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const services = buildServices(channelEnv({ TOKEN_ENCRYPTION_KEYS: undefined }));
    const { userId, hook } = await legacyWorkspace();

    expect(await deliverPending(services, NOW)).toMatchObject({ sent: 0, nextAttemptAtMs: null });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("plain text"), "TOKEN_ENCRYPTION_KEYS is not set");
    expect(await webhookUrlRow(userId)).toEqual({ webhook_url: hook.url, webhook_url_ciphertext: null });
    expect(await loadChannelSettings(services, userId, true)).toMatchObject({ webhookUrl: hook.url });
  });
});
