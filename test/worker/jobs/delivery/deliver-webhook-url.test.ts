import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deliverDue } from "../../../../worker/jobs/delivery/deliver";
import { saveChannels } from "../../../../worker/notifications/channel-settings";
import { UNREADABLE_WEBHOOK_URL } from "../../../../worker/contract/channels";
import { buildServices } from "../../../../worker/services";
import { KEY_2027 } from "../../support/seller-browser";
import { channelEnv, createUser, delivery, NOW, seedEvent, setChannels, webhookCalls, webhookEndpoint } from "../../notifications/support";
import { settingsRowText, storeLegacyWebhookUrl } from "../../notifications/webhook-url-rows";

const SECRET = "whsec_sealed-url-test";

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM notification_deliveries").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

/** A workspace with a signing secret and a webhook URL saved as the settings API saves it (sealed). */
async function workspaceWithSealedUrl(bindings = channelEnv()) {
  const userId = await createUser();
  const hook = webhookEndpoint();
  await setChannels(bindings, userId, { webhookSecret: SECRET });
  await saveChannels(buildServices(bindings), userId, { webhookUrl: hook.url });
  return { userId, hook };
}

describe("deliverDue and the stored webhook URL", () => {
  it("posts the digest to the URL saved sealed", async () => {
    const bindings = channelEnv();
    const { userId, hook } = await workspaceWithSealedUrl(bindings);
    expect(await settingsRowText(userId)).not.toContain(hook.path);
    const { deliveries } = await seedEvent(userId, ["webhook"]);

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ sent: 1, retrying: 0, notConfigured: 0 });
    const calls = await webhookCalls(hook.path);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ type: "alerts.fired", alerts: [{ asin: "B08N5WRWNW" }] });
    expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "sent", attempts: 1, last_error: null });
  });

  it("still posts to a URL stored in plain text before sealing", async () => {
    const bindings = channelEnv();
    const userId = await createUser();
    const hook = webhookEndpoint();
    await setChannels(bindings, userId, { webhookSecret: SECRET });
    await storeLegacyWebhookUrl(userId, hook.url);
    const { deliveries } = await seedEvent(userId, ["webhook"]);

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ sent: 1 });
    expect(await webhookCalls(hook.path)).toHaveLength(1);
    expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "sent" });
  });

  it("fails the attempt of a sealed URL the keys cannot open, and retries it, as for a secret that does not open", async () => {
    const { userId, hook } = await workspaceWithSealedUrl();
    const { deliveries } = await seedEvent(userId, ["webhook"]);
    const rotatedTooSoon = channelEnv({ TOKEN_ENCRYPTION_KEYS: `k2027:${KEY_2027}` });

    expect(await deliverDue(buildServices(rotatedTooSoon), NOW)).toMatchObject({ sent: 0, retrying: 1, failed: 0, notConfigured: 0 });
    expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "pending", attempts: 1, last_error: UNREADABLE_WEBHOOK_URL });
    expect(await webhookCalls(hook.path)).toHaveLength(0);
  });
});
