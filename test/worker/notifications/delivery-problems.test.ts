import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChannelSettings } from "../../../worker/contract/channels";
import { deliverDue } from "../../../worker/jobs/delivery/deliver";
import { buildServices } from "../../../worker/services";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { channelEnv, MINUTE, NOW, scriptWebhook, seedEvent, webhookEndpoint } from "./support";
import { currentWorkspaceId } from "./webhook-url-rows";

/**
 * An alert whose webhook or email did not get through is never silently dropped: Settings →
 * Notifications (GET /api/settings/channels) says which channel is failing and why, until a
 * later alert gets through.
 */
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM notification_deliveries").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

async function channels(browser: TestBrowser): Promise<ChannelSettings> {
  const res = await browser.request("/api/settings/channels");
  expect(res.status).toBe(200);
  return res.json();
}

describe("deliveryProblems in /api/settings/channels", () => {
  it("names a webhook that is being retried, then failed for good, until a later alert gets through", async () => {
    const browser = new TestBrowser(demoEnv(channelEnv()));
    await browser.signInDemo();
    const hook = webhookEndpoint();
    await browser.json("/api/settings/channels", "PUT", { webhookUrl: hook.url });
    await browser.request("/api/settings/webhook-secret", { method: "POST" });
    const workspaceId = await currentWorkspaceId(browser);
    // The receiver is down.
    await scriptWebhook(hook.path, [502, 502, 502, 502, 502]);
    await seedEvent(workspaceId, ["webhook"]);
    const services = () => buildServices(browser.bindings);

    expect((await channels(browser)).deliveryProblems).toEqual([]);
    expect(await deliverDue(services(), NOW)).toMatchObject({ retrying: 1 });
    const firedAt = new Date(NOW).toISOString();
    expect((await channels(browser)).deliveryProblems).toEqual([{ channel: "webhook", status: "retrying", detail: "HTTP status 502", refusedForGood: false, firedAt }]);

    for (const minutes of [1, 6, 36, 156]) await deliverDue(services(), NOW + minutes * MINUTE);
    expect((await channels(browser)).deliveryProblems).toEqual([{ channel: "webhook", status: "failed", detail: "HTTP status 502", refusedForGood: false, firedAt }]);

    // The receiver is back: the next alert goes out, and the warning goes with it.
    await scriptWebhook(hook.path, [200]);
    const later = await seedEvent(workspaceId, ["webhook"], { asin: "B000000002", day: "2026-11-23" });
    await env.DB.prepare("UPDATE alert_events SET created_at = ? WHERE id = ?").bind(new Date(NOW + 24 * 60 * MINUTE).toISOString(), later.eventId).run();
    expect(await deliverDue(services(), NOW + 24 * 60 * MINUTE)).toMatchObject({ sent: 1 });
    expect((await channels(browser)).deliveryProblems).toEqual([]);
  });
});
