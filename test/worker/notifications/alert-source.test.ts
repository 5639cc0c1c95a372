import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { runAlertCheck } from "../../../worker/jobs/alert-check/alert-check";
import { deliverDue } from "../../../worker/jobs/delivery/deliver";
import { listNotifications } from "../../../worker/notifications/notification-store";
import { RecordingWebhookSender } from "../../../worker/upstreams/webhook/recording-sender";
import type { WebhookPayload } from "../../../worker/upstreams/webhook/sender";
import { buildServices } from "../../../worker/services";
import { CHECK_TIME, clearAlertTables, dayAt, seedAlert, seedSeller } from "../support/alert-seed";
import { seedPoint } from "../support/history-shards";
import { channelEnv, userWithChannels } from "./support";

/**
 * An alert that fired on mock data (a store without its own partner tag, a demo's seller) says so in
 * its message, and in a field a program reads: `source` on the notification (/api/v1/notifications)
 * and on each alert of the webhook payload, beside the live ones of the same digest.
 */
beforeEach(async () => {
  await clearAlertTables();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the source of a fired alert", () => {
  it("is on the notification and the webhook payload: live for Amazon's data, mock for the mock's", async () => {
    const { userId } = await userWithChannels("whsec_alert-source");
    const live = await seedAlert({ userId, asin: "B0SRCLIVE1", conditionType: "rank_above", threshold: 500 });
    const mock = await seedAlert({ userId, asin: "B0SRCMOCK1", conditionType: "rank_above", threshold: 500 });
    const stock = await seedAlert({ userId, asin: "B0SRCMOCK2", conditionType: "low_stock", threshold: 10 });
    await seedPoint({ asin: "B0SRCLIVE1", day: dayAt(0), rank: 812, source: "live" });
    await seedPoint({ asin: "B0SRCMOCK1", day: dayAt(0), rank: 900, source: "mock" });
    // The demo's mock seller API (seedSeller writes source 'mock').
    await seedSeller(userId, "B0SRCMOCK2", 0, 3, true);

    expect(await runAlertCheck(buildServices(env), CHECK_TIME)).toMatchObject({ fired: 3 });

    const notifications = await listNotifications(env.DB, userId, false);
    const byAlert = new Map(notifications.map((item) => [item.alertId, item]));
    expect(byAlert.get(live)).toMatchObject({ source: "live", message: "B0SRCLIVE1 (US): rank #812 is worse than your threshold #500" });
    expect(byAlert.get(mock)).toMatchObject({ source: "mock", message: expect.stringContaining("(mock data)") });
    expect(byAlert.get(stock)).toMatchObject({ source: "mock", message: expect.stringContaining("(mock data)") });

    const webhooks = new RecordingWebhookSender([{ ok: true, status: 200 }]);
    await deliverDue(buildServices(channelEnv()), CHECK_TIME + 60_000, { webhooks });
    const payload = webhooks.posts[0]?.payload as WebhookPayload;
    const sources = Object.fromEntries(payload.alerts.map((alert) => [alert.alertId, alert.source]));
    expect(sources).toEqual({ [live]: "live", [mock]: "mock", [stock]: "mock" });
  });
});
