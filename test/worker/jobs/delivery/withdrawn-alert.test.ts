import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deleteAlert, updateAlert } from "../../../../worker/alerts/alert-store";
import { deliverDue } from "../../../../worker/jobs/delivery/deliver";
import { claimDeliveries, dueDeliveries } from "../../../../worker/jobs/delivery/delivery-store";
import { listNotifications } from "../../../../worker/notifications/notification-store";
import { buildServices } from "../../../../worker/services";
import { channelEnv, delivery, fakeEmailBinding, MINUTE, NOW, scriptWebhook, seedEvent, userWithChannels, webhookCalls } from "../../notifications/support";

/**
 * An alert the user deleted or paused stops speaking for them: its email and webhook that
 * had not gone out yet are cancelled, never sent or retried. The in-app notification stays,
 * as the record of what fired.
 */
const SECRET = "whsec_withdrawn-test";

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM notification_deliveries").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("deliveries of an alert that was deleted or paused before they went out", () => {
  it("cancels the email and the webhook of a deleted alert and keeps its in-app notification", async () => {
    const email = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    const { alertId, eventId, deliveries } = await seedEvent(userId, ["email", "webhook"]);
    expect(await deleteAlert(env.DB, userId, alertId)).toBe(true);

    const summary = await deliverDue(buildServices(bindings), NOW);

    expect(summary).toEqual({ sent: 0, retrying: 0, failed: 0, notConfigured: 0, cancelled: 2, nextAttemptAtMs: null, digestError: null });
    expect(email.sent).toHaveLength(0);
    expect(await webhookCalls(hook.path)).toHaveLength(0);
    for (const id of Object.values(deliveries)) {
      expect(await delivery(id)).toEqual({
        status: "cancelled",
        attempts: 0,
        next_attempt_at: null,
        last_error: "The alert was deleted before this was sent",
        sent_at: null,
      });
    }
    expect((await listNotifications(env.DB, userId, false)).map((notification) => notification.id)).toEqual([eventId]);
  });

  it("stops retrying the webhook of an alert paused after a failed attempt", async () => {
    const bindings = channelEnv();
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    await scriptWebhook(hook.path, [500, 200]);
    const { alertId, deliveries } = await seedEvent(userId, ["webhook"]);
    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ retrying: 1 });

    expect(await updateAlert(env.DB, userId, alertId, { paused: true }, null)).toMatchObject({ paused: true });
    const summary = await deliverDue(buildServices(bindings), NOW + 2 * MINUTE);

    expect(summary).toMatchObject({ sent: 0, retrying: 0, cancelled: 1, nextAttemptAtMs: null, digestError: null });
    expect((await webhookCalls(hook.path)).map((call) => call.status)).toEqual([500]);
    expect(await delivery(deliveries.webhook!)).toEqual({
      status: "cancelled",
      attempts: 1,
      next_attempt_at: null,
      last_error: "The alert was paused before this was sent",
      sent_at: null,
    });
  });

  it("sends the live alerts of a digest and cancels only the removed one", async () => {
    const email = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    const removed = await seedEvent(userId, ["email", "webhook"], { asin: "B000000001" });
    const live = await seedEvent(userId, ["email", "webhook"], { asin: "B000000002" });
    await deleteAlert(env.DB, userId, removed.alertId);

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ sent: 2, cancelled: 2 });

    const [call] = await webhookCalls(hook.path);
    expect(JSON.parse(call!.body).alerts).toEqual([expect.objectContaining({ asin: "B000000002", alertId: live.alertId })]);
    expect(email.sent).toHaveLength(1);
    expect(email.sent[0]?.text).toContain("B000000002");
    expect(email.sent[0]?.text).not.toContain("B000000001");
    for (const id of Object.values(removed.deliveries)) expect(await delivery(id)).toMatchObject({ status: "cancelled" });
    for (const id of Object.values(live.deliveries)) expect(await delivery(id)).toMatchObject({ status: "sent" });
  });

  it("sends the retry of an alert that was paused and resumed before it was due", async () => {
    const bindings = channelEnv();
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    await scriptWebhook(hook.path, [500, 200]);
    const { alertId } = await seedEvent(userId, ["webhook"]);
    await deliverDue(buildServices(bindings), NOW);

    await updateAlert(env.DB, userId, alertId, { paused: true }, null);
    await updateAlert(env.DB, userId, alertId, { paused: false }, null);

    expect(await deliverDue(buildServices(bindings), NOW + 2 * MINUTE)).toMatchObject({ sent: 1, cancelled: 0 });
    expect((await webhookCalls(hook.path)).map((call) => call.status)).toEqual([500, 200]);
  });

  it("cancels a queued email once the user turned email off for the alert, or turned Email alerts off; the webhook still goes", async () => {
    const email = fakeEmailBinding(1);
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    await scriptWebhook(hook.path, [500, 200, 200]);
    const first = await seedEvent(userId, ["email", "webhook"], { asin: "B000000001" });
    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ retrying: 2 });

    // Off on the alert while its email waits for the retry.
    await updateAlert(env.DB, userId, first.alertId, { email_enabled: false }, null);
    expect(await deliverDue(buildServices(bindings), NOW + 2 * MINUTE)).toMatchObject({ sent: 1, cancelled: 1 });
    expect(await delivery(first.deliveries.email!)).toMatchObject({ status: "cancelled", last_error: "Email was turned off for this alert before this was sent" });
    expect(await delivery(first.deliveries.webhook!)).toMatchObject({ status: "sent" });

    // Off for every alert (Settings → Notifications → Email alerts) before the email went out.
    const second = await seedEvent(userId, ["email", "webhook"], { asin: "B000000002" });
    await env.DB.prepare("UPDATE user_settings SET email_alerts = 0 WHERE workspace_id = ?").bind(userId).run();
    expect(await deliverDue(buildServices(bindings), NOW + 3 * MINUTE)).toMatchObject({ sent: 1, cancelled: 1 });
    expect(await delivery(second.deliveries.email!)).toMatchObject({ status: "cancelled", last_error: "Email alerts were turned off before this was sent" });
    expect(email.sent).toEqual([]);
  });

  it("cancels every queued message of a kind of alert the user muted (Rank drops off)", async () => {
    const email = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    const { alertId, deliveries } = await seedEvent(userId, ["email", "webhook"]);
    await env.DB.prepare("UPDATE alerts SET condition_type = 'rank_drop' WHERE id = ?").bind(alertId).run();
    await env.DB.prepare("UPDATE user_settings SET rank_drops = 0 WHERE workspace_id = ?").bind(userId).run();

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ sent: 0, cancelled: 2 });
    expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "cancelled", last_error: "Alerts of this kind were turned off before this was sent" });
    expect(email.sent).toEqual([]);
    expect(await webhookCalls(hook.path)).toEqual([]);
  });

  it("does not claim a row whose alert was paused after the run read it", async () => {
    const { userId } = await userWithChannels(SECRET);
    const { alertId } = await seedEvent(userId, ["webhook"]);
    const rows = await dueDeliveries(env.DB, new Date(NOW).toISOString(), 10, 10);
    expect(rows).toHaveLength(1);

    await updateAlert(env.DB, userId, alertId, { paused: true }, null);

    expect(await claimDeliveries(env.DB, rows, () => new Date(NOW + MINUTE).toISOString())).toEqual([]);
  });
});
