import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deliverDue, deliverPending } from "../../../../worker/jobs/delivery/deliver";
import * as deliveryStore from "../../../../worker/jobs/delivery/delivery-store";
import { digestId } from "../../../../worker/jobs/delivery/digest-id";
import { MAX_ATTEMPTS } from "../../../../worker/jobs/delivery/retry-schedule";
import { RecordingWebhookSender } from "../../../../worker/upstreams/webhook/recording-sender";
import {
  channelEnv,
  createUser,
  delivery,
  fakeEmailBinding,
  fakeRetryNamespace,
  MINUTE,
  NOW,
  scriptWebhook,
  seedEvent,
  SENDER,
  setChannels,
  webhookCalls,
  userWithChannels,
} from "../../notifications/support";
import { buildServices } from "../../../../worker/services";
import { TestBrowser } from "../../support/seller-browser";

const SECRET = "whsec_deliver-test";

beforeEach(async () => {
  // deliverDue takes every due row in the database: start each test from an empty outbox.
  await env.DB.prepare("DELETE FROM notification_deliveries").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("deliverPending", () => {
  it("sends the email and the webhook of an event and marks both sent", async () => {
    const email = fakeEmailBinding();
    const retry = fakeRetryNamespace();
    const bindings = channelEnv({ ALERT_EMAIL: email.binding, NOTIFICATION_RETRY: retry.namespace });
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    const { deliveries } = await seedEvent(userId, ["email", "webhook"]);

    const summary = await deliverPending(buildServices(bindings), NOW);

    expect(summary).toEqual({ sent: 2, retrying: 0, failed: 0, notConfigured: 0, cancelled: 0, nextAttemptAtMs: null, digestError: null });
    expect(email.sent).toHaveLength(1);
    expect(email.sent[0]).toMatchObject({
      from: { email: SENDER },
      to: "seller@example.com",
      subject: "RankLayer alert: B08N5WRWNW (US) – Rank worse than threshold",
    });
    expect(email.sent[0]?.text).toContain("B08N5WRWNW (US): rank #812 is worse than your threshold #500");
    expect(email.sent[0]?.text).toContain("Your alerts: https://app.ranklayer.example/alerts");
    const calls = await webhookCalls(hook.path);
    expect(calls).toHaveLength(1);
    const id = await digestId([deliveries.webhook!]);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ type: "alerts.fired", id, alerts: [{ asin: "B08N5WRWNW" }] });
    expect(calls[0]!.headers["x-ranklayer-delivery"]).toBe(id);
    for (const id of Object.values(deliveries)) {
      expect(await delivery(id)).toEqual({
        status: "sent",
        attempts: 1,
        next_attempt_at: null,
        last_error: null,
        sent_at: new Date(NOW).toISOString(),
      });
    }

    // A second run finds nothing left to send.
    expect(await deliverPending(buildServices(bindings), NOW + MINUTE)).toMatchObject({ sent: 0 });
    expect(email.sent).toHaveLength(1);
    expect(await webhookCalls(hook.path)).toHaveLength(1);
    expect(retry.scheduled).toEqual([]);
  });

  it("retries a failing webhook with backoff, then sends it; the email of the same event goes at once", async () => {
    const email = fakeEmailBinding();
    const retry = fakeRetryNamespace();
    const bindings = channelEnv({ ALERT_EMAIL: email.binding, NOTIFICATION_RETRY: retry.namespace });
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    await scriptWebhook(hook.path, [500, 503]);
    const { deliveries } = await seedEvent(userId, ["email", "webhook"]);

    const first = await deliverPending(buildServices(bindings), NOW);
    expect(first).toEqual({ sent: 1, retrying: 1, failed: 0, notConfigured: 0, cancelled: 0, nextAttemptAtMs: NOW + MINUTE, digestError: null });
    expect(retry.scheduled).toEqual([NOW + MINUTE]);
    expect(email.sent).toHaveLength(1);
    expect(await delivery(deliveries.email!)).toMatchObject({ status: "sent" });
    expect(await delivery(deliveries.webhook!)).toEqual({
      status: "pending",
      attempts: 1,
      next_attempt_at: new Date(NOW + MINUTE).toISOString(),
      last_error: "HTTP status 500",
      sent_at: null,
    });

    // Not yet due: nothing is sent.
    expect(await deliverDue(buildServices(bindings), NOW + 30_000)).toMatchObject({ sent: 0, retrying: 0, nextAttemptAtMs: NOW + MINUTE });

    const second = await deliverDue(buildServices(bindings), NOW + MINUTE);
    expect(second).toMatchObject({ retrying: 1, nextAttemptAtMs: NOW + MINUTE + 5 * MINUTE });
    expect(await delivery(deliveries.webhook!)).toMatchObject({ attempts: 2, last_error: "HTTP status 503" });

    const third = await deliverDue(buildServices(bindings), NOW + 6 * MINUTE);
    expect(third).toEqual({ sent: 1, retrying: 0, failed: 0, notConfigured: 0, cancelled: 0, nextAttemptAtMs: null, digestError: null });
    expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "sent", attempts: 3, last_error: null });
    expect((await webhookCalls(hook.path)).map((call) => call.status)).toEqual([500, 503, 200]);
    expect(email.sent).toHaveLength(1);
  });

  it("waits as long as a 429's Retry-After asks before the next attempt, never less than the schedule", async () => {
    const retry = fakeRetryNamespace();
    const bindings = channelEnv({ NOTIFICATION_RETRY: retry.namespace });
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    // Slack and Discord rate limits: 429 with Retry-After in seconds. A short one leaves the schedule as it is.
    await scriptWebhook(hook.path, [{ status: 429, retryAfter: "600" }, { status: 429, retryAfter: "2" }, 200]);
    const { deliveries } = await seedEvent(userId, ["webhook"]);

    expect(await deliverPending(buildServices(bindings), NOW)).toMatchObject({ retrying: 1, nextAttemptAtMs: NOW + 10 * MINUTE });
    expect(retry.scheduled).toEqual([NOW + 10 * MINUTE]);
    expect(await delivery(deliveries.webhook!)).toMatchObject({ attempts: 1, next_attempt_at: new Date(NOW + 10 * MINUTE).toISOString(), last_error: "HTTP status 429" });
    // Where the schedule alone would have tried again (after 1 minute), nothing is due.
    expect(await deliverDue(buildServices(bindings), NOW + MINUTE)).toMatchObject({ sent: 0, retrying: 0 });
    expect(await webhookCalls(hook.path)).toHaveLength(1);

    expect(await deliverDue(buildServices(bindings), NOW + 10 * MINUTE)).toMatchObject({ retrying: 1, nextAttemptAtMs: NOW + 15 * MINUTE });
    expect(await deliverDue(buildServices(bindings), NOW + 15 * MINUTE)).toMatchObject({ sent: 1 });
    expect((await webhookCalls(hook.path)).map((call) => call.status)).toEqual([429, 429, 200]);
  });

  it("never lets one user's failing webhook hold up another user's deliveries", async () => {
    const email = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const failing = await userWithChannels(SECRET, bindings);
    const healthy = await userWithChannels(SECRET, bindings);
    await scriptWebhook(failing.hook.path, ["hang"]);
    await scriptWebhook(healthy.hook.path, [200]);
    const a = await seedEvent(failing.userId, ["webhook"]);
    const b = await seedEvent(healthy.userId, ["email", "webhook"], { asin: "B000000001" });

    // The hanging receiver is cut off at the webhook timeout, shortened here from 10 s. Not to 100 ms:
    // on a loaded machine the healthy receiver's answer took longer than that (a CI run, 2026-11-27).
    const summary = await deliverDue(buildServices(bindings), NOW, { webhookTimeoutMs: 1_500 });

    expect(summary).toMatchObject({ sent: 2, retrying: 1 });
    expect(await delivery(b.deliveries.email!)).toMatchObject({ status: "sent" });
    expect(await delivery(b.deliveries.webhook!)).toMatchObject({ status: "sent" });
    expect(await delivery(a.deliveries.webhook!)).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: "timed out",
    });
  });

  it("keeps the webhook going when the email binding throws, and retries the email", async () => {
    const email = fakeEmailBinding(1);
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    const { deliveries } = await seedEvent(userId, ["email", "webhook"]);

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ sent: 1, retrying: 1 });
    expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "sent" });
    expect(await delivery(deliveries.email!)).toMatchObject({ status: "pending", last_error: "the email service failed (the service said: email sending is unavailable)" });
    expect(await webhookCalls(hook.path)).toHaveLength(1);

    expect(await deliverDue(buildServices(bindings), NOW + MINUTE)).toMatchObject({ sent: 1 });
    expect(email.sent).toHaveLength(1);
  });

  it("fails at once, without retries, when the receiver answers 410 Gone (a deleted Slack channel); a redirect is named as one", async () => {
    const bindings = channelEnv();
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    await scriptWebhook(hook.path, [410, 200]);
    const { deliveries } = await seedEvent(userId, ["webhook"]);

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ failed: 1, retrying: 0, nextAttemptAtMs: null });
    expect(await delivery(deliveries.webhook!)).toEqual({
      status: "failed",
      attempts: 1,
      next_attempt_at: null,
      last_error: "HTTP status 410 (the receiver says this webhook no longer exists: save its new URL)",
      sent_at: null,
    });
    expect(await deliverDue(buildServices(bindings), NOW + 1000 * MINUTE)).toMatchObject({ sent: 0, nextAttemptAtMs: null });
    expect(await webhookCalls(hook.path)).toHaveLength(1);

    await scriptWebhook(hook.path, [301]);
    const moved = await seedEvent(userId, ["webhook"], { asin: "B000000002" });
    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ retrying: 1 });
    expect(await delivery(moved.deliveries.webhook!)).toMatchObject({ last_error: "HTTP status 301 (a redirect, which is not followed: save the URL it points to)" });
  });

  it("an alert email carries a one-click unsubscribe: it turns Email alerts off, and a queued alert email is then not sent", async () => {
    const email = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const { userId } = await userWithChannels(SECRET, bindings);
    await seedEvent(userId, ["email"]);
    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ sent: 1 });
    const [sent] = email.sent;
    const headers = sent!.headers as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = new URL(headers["List-Unsubscribe"]!.slice(1, -1));
    expect(link.pathname).toBe("/api/reports/unsubscribe");
    expect(link.searchParams.get("report")).toBe("alerts");
    expect(sent!.text).toContain(link.href);

    const browser = new TestBrowser(bindings);
    expect(await (await browser.request(`${link.pathname}${link.search}`)).text()).toContain("Stop alert emails?");
    const forged = new URL(link);
    forged.searchParams.set("token", "0".repeat(64));
    expect((await browser.request(`${forged.pathname}${forged.search}`, { method: "POST" })).status).toBe(403);
    const res = await browser.request(`${link.pathname}${link.search}`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("no more alert emails");
    expect(await env.DB.prepare("SELECT email_alerts FROM user_settings WHERE workspace_id = ?").bind(userId).first("email_alerts")).toBe(0);

    const queued = await seedEvent(userId, ["email"], { asin: "B000000002" });
    expect(await deliverDue(buildServices(bindings), NOW + MINUTE)).toMatchObject({ sent: 0, cancelled: 1 });
    expect(await delivery(queued.deliveries.email!)).toMatchObject({ status: "cancelled" });
    expect(email.sent).toHaveLength(1);
  });

  it("never sends an alert email twice when its outcome could not be written after the send (D1 failing then)", async () => {
    const email = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const { userId } = await userWithChannels(SECRET, bindings);
    const { deliveries } = await seedEvent(userId, ["email"]);
    vi.spyOn(deliveryStore, "finishDeliveries").mockRejectedValueOnce(new Error("D1_ERROR: Network connection lost."));

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ sent: 0, digestError: expect.any(Error) });
    expect(email.sent).toHaveLength(1);

    // Its lease runs out: the row is closed as of unknown outcome, not sent again.
    const later = await deliverDue(buildServices(bindings), NOW + 2 * MINUTE);
    expect(later).toMatchObject({ sent: 0, failed: 1, nextAttemptAtMs: null });
    expect(email.sent).toHaveLength(1);
    expect(await delivery(deliveries.email!)).toMatchObject({ status: "failed", attempts: 1, last_error: expect.stringContaining("not sent again") });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, keeping the last error`, async () => {
    const bindings = channelEnv();
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    await scriptWebhook(hook.path, [500, 500, 500, 500, 502, 200]);
    const { deliveries } = await seedEvent(userId, ["webhook"]);

    let at = NOW;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const summary = await deliverDue(buildServices(bindings), at);
      expect(summary.retrying + summary.failed, `attempt ${attempt}`).toBe(1);
      at = summary.nextAttemptAtMs ?? at;
    }

    expect(await delivery(deliveries.webhook!)).toEqual({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      next_attempt_at: null,
      last_error: "HTTP status 502",
      sent_at: null,
    });
    expect(await deliverDue(buildServices(bindings), at + 1000 * MINUTE)).toMatchObject({ sent: 0, nextAttemptAtMs: null });
    expect((await webhookCalls(hook.path)).map((call) => call.status)).toEqual([500, 500, 500, 500, 502]);
  });

  it("marks failed a row whose run died during its final attempt, keeping the last error", async () => {
    const bindings = channelEnv();
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    const { deliveries } = await seedEvent(userId, ["webhook"], {
      attempts: MAX_ATTEMPTS,
      lastError: "HTTP status 502",
      nextAttemptAt: new Date(NOW - MINUTE).toISOString(),
    });

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ failed: 1, nextAttemptAtMs: null });
    expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, last_error: "HTTP status 502" });
    expect(await webhookCalls(hook.path)).toHaveLength(0);
  });

  it.each([
    ["no binding", { ALERT_EMAIL: undefined as unknown as SendEmail }, { alertEmail: "seller@example.com" }, "email", /ALERT_EMAIL/],
    ["no sender", { ALERT_EMAIL_FROM: "" }, { alertEmail: "seller@example.com" }, "email", /ALERT_EMAIL_FROM/],
    ["no address", {}, { alertEmail: null }, "email", /No alert email address/],
    ["no webhook URL", {}, { webhookUrl: null, webhookSecret: SECRET }, "webhook", /No webhook URL/],
    ["no signing secret", {}, { webhookUrl: "https://hooks.webhook-fake.example/unused" }, "webhook", /No webhook signing secret/],
  ] as const)("marks a delivery with %s not_configured, without an error or a retry", async (_case, overrides, channels, channel, reason) => {
    const bindings = channelEnv(overrides);
    const userId = await createUser();
    await setChannels(bindings, userId, channels);
    const { deliveries } = await seedEvent(userId, [channel]);

    expect(await deliverPending(buildServices(bindings), NOW)).toEqual({ sent: 0, retrying: 0, failed: 0, notConfigured: 1, cancelled: 0, nextAttemptAtMs: null, digestError: null });
    const row = await delivery(deliveries[channel]!);
    expect(row).toMatchObject({ status: "not_configured", attempts: 0, next_attempt_at: null });
    expect(row.last_error).toMatch(reason);
  });

  it("sends a row once when two runs race for it", async () => {
    const email = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    const { deliveries } = await seedEvent(userId, ["email", "webhook"]);

    const [one, two] = await Promise.all([deliverDue(buildServices(bindings), NOW), deliverDue(buildServices(bindings), NOW)]);

    expect(one.sent + two.sent).toBe(2);
    expect(email.sent).toHaveLength(1);
    expect(await webhookCalls(hook.path)).toHaveLength(1);
    expect(await delivery(deliveries.email!)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("leaves rows that are not due yet, and reports when the first is due", async () => {
    const bindings = channelEnv();
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    const later = new Date(NOW + 10 * MINUTE).toISOString();
    await seedEvent(userId, ["webhook"], { nextAttemptAt: later });

    expect(await deliverDue(buildServices(bindings), NOW)).toEqual({ sent: 0, retrying: 0, failed: 0, notConfigured: 0, cancelled: 0, nextAttemptAtMs: NOW + 10 * MINUTE, digestError: null });
    expect(await webhookCalls(hook.path)).toHaveLength(0);
  });
});

describe("deliverDue with its own WebhookSender", () => {
  it("hands the signed alert payload to the sender instead of the network, and records its failure for a retry", async () => {
    const { userId, hook } = await userWithChannels(SECRET);
    const { deliveries } = await seedEvent(userId, ["webhook"]);
    const webhooks = new RecordingWebhookSender([{ ok: false, status: 500, detail: "HTTP status 500" }]);

    const summary = await deliverDue(buildServices(channelEnv()), NOW, { webhooks });

    expect(summary.retrying).toBe(1);
    expect(webhooks.posts).toHaveLength(1);
    expect(webhooks.posts[0]).toMatchObject({ url: hook.url, secret: SECRET, deliveryId: await digestId([deliveries.webhook!]), nowMs: NOW });
    expect(webhooks.posts[0]?.payload).toMatchObject({ type: "alerts.fired", alerts: [{ asin: "B08N5WRWNW" }] });
    expect(await webhookCalls(hook.path)).toHaveLength(0);
    expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "pending", attempts: 1, last_error: "HTTP status 500" });
  });
});
