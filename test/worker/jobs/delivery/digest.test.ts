import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deliverDue } from "../../../../worker/jobs/delivery/deliver";
import { MAX_ATTEMPTS } from "../../../../worker/jobs/delivery/retry-schedule";
import {
  channelEnv,
  createUser,
  delivery,
  fakeEmailBinding,
  MINUTE,
  NOW,
  scriptWebhook,
  seedEvent,
  setChannels,
  webhookCalls,
  userWithChannels,
} from "../../notifications/support";
import { buildServices } from "../../../../worker/services";

const SECRET = "whsec_digest-test";
const asinOf = (i: number) => `B0${String(i).padStart(8, "0")}`;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM notification_deliveries").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("digest deliveries", () => {
  it("sends 100 alerts of one account as one webhook and one email, carrying every alert", async () => {
    const email = fakeEmailBinding();
    const bindings = channelEnv({ ALERT_EMAIL: email.binding });
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    const seeded = [];
    for (let i = 0; i < 100; i++) seeded.push(await seedEvent(userId, ["email", "webhook"], { asin: asinOf(i) }));

    const summary = await deliverDue(buildServices(bindings), NOW);

    expect(summary).toEqual({ sent: 200, retrying: 0, failed: 0, notConfigured: 0, cancelled: 0, nextAttemptAtMs: null, digestError: null });
    const calls = await webhookCalls(hook.path);
    expect(calls).toHaveLength(1);
    const body = JSON.parse(calls[0]!.body);
    expect(body.type).toBe("alerts.fired");
    expect(body.alerts.map((alert: { asin: string }) => alert.asin).sort()).toEqual(seeded.map((_, i) => asinOf(i)).sort());
    // Slack shows `text`: a headline, the first 20 alerts and a count of the rest.
    expect(body.text.split("\n")[0]).toBe("100 RankLayer alerts fired (2026-11-22):");
    expect(body.text).toContain("…and 80 more");
    expect(calls[0]!.headers["x-ranklayer-delivery"]).toBe(body.id);

    expect(email.sent).toHaveLength(1);
    expect(email.sent[0]?.subject).toBe("100 RankLayer alerts fired (2026-11-22)");
    for (let i = 0; i < 100; i++) expect(email.sent[0]?.text).toContain(`ASIN: ${asinOf(i)}`);
    for (const { deliveries } of seeded) {
      expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "sent", attempts: 1 });
      expect(await delivery(deliveries.email!)).toMatchObject({ status: "sent", attempts: 1 });
    }
  }, 30_000);

  it("sends one digest per account: two accounts, two webhooks", async () => {
    const bindings = channelEnv();
    const a = await userWithChannels(SECRET, bindings);
    const b = await userWithChannels(SECRET, bindings);
    for (let i = 0; i < 3; i++) await seedEvent(a.userId, ["webhook"], { asin: asinOf(i) });
    await seedEvent(b.userId, ["webhook"]);

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ sent: 4 });
    const [aCall] = await webhookCalls(a.hook.path);
    const [bCall] = await webhookCalls(b.hook.path);
    expect(JSON.parse(aCall!.body).alerts).toHaveLength(3);
    expect(JSON.parse(bCall!.body).alerts).toHaveLength(1);
    expect(await webhookCalls(a.hook.path)).toHaveLength(1);
  });

  it("retries a failed digest as one message, keeping every alert in it, and gives up on all of them together", async () => {
    const bindings = channelEnv();
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    await scriptWebhook(hook.path, [500, 500, 500, 500, 500]);
    const seeded = [];
    for (let i = 0; i < 5; i++) seeded.push(await seedEvent(userId, ["webhook"], { asin: asinOf(i) }));

    let at = NOW;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const summary = await deliverDue(buildServices(bindings), at);
      expect(summary.retrying + summary.failed, `attempt ${attempt}`).toBe(5);
      at = summary.nextAttemptAtMs ?? at + MINUTE;
    }
    const calls = await webhookCalls(hook.path);
    expect(calls).toHaveLength(MAX_ATTEMPTS);
    for (const call of calls) expect(JSON.parse(call.body).alerts).toHaveLength(5);
    // The same digest id on every retry, so receivers can drop repeats.
    expect(new Set(calls.map((call) => call.headers["x-ranklayer-delivery"])).size).toBe(1);
    for (const { deliveries } of seeded) {
      expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, last_error: "HTTP status 500" });
    }
  });

  it("sends alerts that became due during a retry as a message of their own, so a receiver that drops repeated ids loses none", async () => {
    const bindings = channelEnv();
    const { userId, hook } = await userWithChannels(SECRET, bindings);
    // The first attempt times out after the receiver has in fact taken it.
    await scriptWebhook(hook.path, ["hang", 200, 200]);
    await seedEvent(userId, ["webhook"], { asin: asinOf(1) });
    expect(await deliverDue(buildServices(bindings), NOW, { webhookTimeoutMs: 100 })).toMatchObject({ retrying: 1 });
    await seedEvent(userId, ["webhook"], { asin: asinOf(2) });

    expect(await deliverDue(buildServices(bindings), NOW + MINUTE)).toMatchObject({ sent: 2, retrying: 0 });

    const calls = (await webhookCalls(hook.path)).map((call) => ({
      id: call.headers["x-ranklayer-delivery"]!,
      asins: (JSON.parse(call.body).alerts as { asin: string }[]).map((alert) => alert.asin),
    }));
    const [first, ...later] = calls;
    expect(first).toEqual({ id: expect.any(String), asins: [asinOf(1)] });
    // The retry is the first message again, id and alerts; the new alert goes under an id of its own.
    expect(later).toHaveLength(2);
    expect(later).toContainEqual(first);
    expect(later).toContainEqual({ id: expect.not.stringMatching(first!.id), asins: [asinOf(2)] });
    // A receiver that keeps the first message of each id still has every alert.
    const kept = new Map<string, string[]>();
    for (const call of calls) if (!kept.has(call.id)) kept.set(call.id, call.asins);
    expect([...kept.values()].flat().sort()).toEqual([asinOf(1), asinOf(2)]);
  });

  it("never sends to a stored webhook URL that breaks the rules, and says why", async () => {
    const bindings = channelEnv();
    const userId = await createUser();
    await setChannels(bindings, userId, { webhookUrl: "https://metadata.google.internal/computeMetadata/v1/", webhookSecret: SECRET });
    const { deliveries } = await seedEvent(userId, ["webhook"]);

    expect(await deliverDue(buildServices(bindings), NOW)).toMatchObject({ notConfigured: 1, sent: 0 });
    expect(await delivery(deliveries.webhook!)).toMatchObject({
      status: "not_configured",
      last_error: "The saved webhook URL is not accepted: Webhook URL must name a public host, not a local or internal one",
    });
  });
});
