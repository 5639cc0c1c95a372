import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as deliver from "../../../../worker/jobs/delivery/deliver";
import * as deliveryStore from "../../../../worker/jobs/delivery/delivery-store";
import { NOTIFICATION_RETRY_NAME } from "../../../../worker/jobs/delivery/retry-alarm";
import { createUser, delivery, MINUTE, seedEvent, setChannels } from "../../notifications/support";

const retry = () => env.NOTIFICATION_RETRY.getByName(NOTIFICATION_RETRY_NAME);
const alarmAt = () => runInDurableObject(retry(), (_instance, state) => state.storage.getAlarm());

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM notification_deliveries").run();
  await env.DB.prepare("DELETE FROM report_sends").run();
  await runInDurableObject(retry(), (_instance, state) => state.storage.deleteAlarm());
});

describe("NotificationRetry", () => {
  it("keeps the earliest scheduled time", async () => {
    const now = Date.now();
    await retry().schedule(now + 60 * MINUTE);
    await retry().schedule(now + 5 * MINUTE);
    await retry().schedule(now + 30 * MINUTE);

    expect(await alarmAt()).toBe(now + 5 * MINUTE);
  });

  // The Worker's own bindings: wrangler.toml's ALERT_EMAIL (simulated locally) and ALERT_EMAIL_FROM.
  it("sends what is due when the alarm fires, and re-arms for the next pending row", async () => {
    const userId = await createUser();
    await setChannels(env, userId, { alertEmail: "seller@example.com", webhookUrl: "https://hooks.webhook-fake.example/later" });
    const due = await seedEvent(userId, ["email"]);
    const laterAt = Date.now() + 10 * MINUTE;
    const later = await seedEvent(userId, ["webhook"], { asin: "B000000002", nextAttemptAt: new Date(laterAt).toISOString() });
    await retry().schedule(Date.now());

    expect(await runDurableObjectAlarm(retry())).toBe(true);

    expect(await delivery(due.deliveries.email!)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await delivery(later.deliveries.webhook!)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await alarmAt()).toBe(laterAt);
  });

  it("retries a report email whose send failed, when the alarm fires", async () => {
    const userId = await createUser();
    await setChannels(env, userId, { alertEmail: "agency@example.com" });
    await env.DB.prepare("UPDATE user_settings SET daily_report = 1 WHERE workspace_id = ?").bind(userId).run();
    const today = new Date().toISOString().slice(0, 10);
    await env.DB.prepare(
      "INSERT INTO report_sends (workspace_id, kind, period, recipient, status, attempts, next_attempt_at, last_error) VALUES (?, 'daily', ?, '', 'pending', 1, ?, 'E_RATE_LIMIT_EXCEEDED')",
    ).bind(userId, today, new Date().toISOString()).run();
    await retry().schedule(Date.now());

    expect(await runDurableObjectAlarm(retry())).toBe(true);

    const row = await env.DB.prepare("SELECT status, attempts FROM report_sends WHERE workspace_id = ?").bind(userId).first();
    expect(row).toEqual({ status: "sent", attempts: 2 });
    expect(await alarmAt()).toBeNull();
  });

  it("a pass that fails (D1 down longer than the runtime's alarm retries) arms the alarm again after a backoff instead of throwing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const userId = await createUser();
    await setChannels(env, userId, { alertEmail: "seller@example.com" });
    const due = await seedEvent(userId, ["email"]);
    const pass = vi.spyOn(deliver, "deliverDue").mockRejectedValueOnce(new Error("D1_ERROR: Network connection lost."));
    await retry().schedule(Date.now());

    const before = Date.now();
    expect(await runDurableObjectAlarm(retry())).toBe(true);
    expect(await alarmAt()).toBeGreaterThanOrEqual(before + 30_000);

    expect(await runDurableObjectAlarm(retry())).toBe(true);
    expect(pass).toHaveBeenCalledTimes(2);
    expect(await delivery(due.deliveries.email!)).toMatchObject({ status: "sent" });
  });

  it("a digest that keeps failing on D1 backs the alarm off instead of re-arming it every second, and is sent once D1 answers", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const userId = await createUser();
    await setChannels(env, userId, { alertEmail: "seller@example.com" });
    const due = await seedEvent(userId, ["email"]);
    const claim = vi.spyOn(deliveryStore, "claimDeliveries").mockRejectedValue(new Error("D1_ERROR: Network connection lost."));
    await retry().schedule(Date.now());

    let before = Date.now();
    expect(await runDurableObjectAlarm(retry())).toBe(true);
    expect(await alarmAt()).toBeGreaterThanOrEqual(before + 30_000);
    before = Date.now();
    expect(await runDurableObjectAlarm(retry())).toBe(true);
    expect(await alarmAt()).toBeGreaterThanOrEqual(before + 60_000);
    expect(await delivery(due.deliveries.email!)).toMatchObject({ status: "pending", attempts: 0 });

    claim.mockRestore();
    expect(await runDurableObjectAlarm(retry())).toBe(true);
    expect(await delivery(due.deliveries.email!)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await alarmAt()).toBeNull();
  });

  it("stops when nothing is pending", async () => {
    await retry().schedule(Date.now());
    expect(await runDurableObjectAlarm(retry())).toBe(true);
    expect(await alarmAt()).toBeNull();
  });
});
