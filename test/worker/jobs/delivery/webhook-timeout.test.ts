import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deliverDue } from "../../../../worker/jobs/delivery/deliver";
import { REPEAT_NOTE } from "../../../../worker/notifications/webhook-payload";
import { buildServices } from "../../../../worker/services";
import { channelEnv, delivery, discordEndpoint, createUser, MINUTE, NOW, scriptWebhook, seedEvent, setChannels, webhookCalls, userWithChannels } from "../../notifications/support";

/**
 * A webhook POST that timed out may still have arrived (the fake receiver keeps a call it never
 * answered). Slack and Discord drop no repeats (no idempotency key), so a retry may post the alerts
 * twice. We retry anyway: a lost alert costs a seller more than a repeated one
 * (docs/adr/0015-webhook-timeouts-are-retried.md). The repeat says so in the words Slack (`text`) and
 * Discord (`content`) show, and keeps its X-RankLayer-Delivery id, by which any other receiver drops it.
 */
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM notification_deliveries").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const bodies = async (path: string) => (await webhookCalls(path)).map((call) => JSON.parse(call.body) as { id: string; text: string; content: string });
/** The row's flag that an attempt may have arrived: what the next send reads, never its last_error's words. */
const mayHaveArrived = async (id: string) => (await env.DB.prepare("SELECT may_have_arrived FROM notification_deliveries WHERE id = ?").bind(id).first<number>("may_have_arrived")) === 1;

describe("a webhook post that timed out", () => {
  it("is posted again, saying it may repeat one that arrived, under the same delivery id", async () => {
    const { userId, hook } = await userWithChannels("whsec_timeout");
    await scriptWebhook(hook.path, ["hang", 200]);
    const { deliveries } = await seedEvent(userId, ["webhook"]);
    const services = buildServices(channelEnv());

    expect(await deliverDue(services, NOW, { webhookTimeoutMs: 300 })).toMatchObject({ retrying: 1 });
    expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "pending", last_error: "timed out" });
    expect(await mayHaveArrived(deliveries.webhook!)).toBe(true);
    expect(await deliverDue(services, NOW + MINUTE)).toMatchObject({ sent: 1 });

    const [first, again] = await bodies(hook.path);
    expect(again!.id).toBe(first!.id);
    expect(first!.text.startsWith(REPEAT_NOTE)).toBe(false);
    expect(again!.text).toBe(`${REPEAT_NOTE}\n${first!.text}`);
    expect(again!.content).toBe(`${REPEAT_NOTE}\n${first!.content}`);
  });

  it("keeps saying so after a later attempt fails otherwise, and its recorded reason (shown in Settings) says why", async () => {
    const { userId, hook } = await userWithChannels("whsec_timeout");
    await scriptWebhook(hook.path, ["hang", 502, 200]);
    const { deliveries } = await seedEvent(userId, ["webhook"]);
    const services = buildServices(channelEnv());

    await deliverDue(services, NOW, { webhookTimeoutMs: 300 });
    expect(await deliverDue(services, NOW + MINUTE)).toMatchObject({ retrying: 1 });
    expect(await delivery(deliveries.webhook!)).toMatchObject({
      status: "pending",
      last_error: "HTTP status 502 (an earlier attempt timed out and may have arrived)",
    });
    expect(await mayHaveArrived(deliveries.webhook!)).toBe(true);
    expect(await deliverDue(services, NOW + 6 * MINUTE)).toMatchObject({ sent: 1 });
    expect((await bodies(hook.path))[2]!.text.startsWith(`${REPEAT_NOTE}\n`)).toBe(true);
  });

  it("is known from the row's flag, not from the words of its last error", async () => {
    const { userId, hook } = await userWithChannels("whsec_timeout");
    await scriptWebhook(hook.path, [200]);
    const { deliveries } = await seedEvent(userId, ["webhook"], { attempts: 2, lastError: "HTTP status 502 (reworded)", nextAttemptAt: new Date(NOW).toISOString() });
    await env.DB.prepare("UPDATE notification_deliveries SET may_have_arrived = 1 WHERE id = ?").bind(deliveries.webhook!).run();

    expect(await deliverDue(buildServices(channelEnv()), NOW)).toMatchObject({ sent: 1 });
    expect((await bodies(hook.path))[0]!.text.startsWith(`${REPEAT_NOTE}\n`)).toBe(true);
  });

  it("is kept on the row when its last attempt fails for good", async () => {
    const { userId, hook } = await userWithChannels("whsec_timeout");
    await scriptWebhook(hook.path, ["hang", 410]);
    const { deliveries } = await seedEvent(userId, ["webhook"]);
    const services = buildServices(channelEnv());

    await deliverDue(services, NOW, { webhookTimeoutMs: 300 });
    expect(await deliverDue(services, NOW + MINUTE)).toMatchObject({ failed: 1 });
    expect(await delivery(deliveries.webhook!)).toMatchObject({ status: "failed" });
    expect(await mayHaveArrived(deliveries.webhook!)).toBe(true);
  });

  it("is said of a Discord message within Discord's 2,000 characters", async () => {
    const bindings = channelEnv();
    const userId = await createUser();
    const hook = discordEndpoint();
    await setChannels(bindings, userId, { webhookUrl: hook.url, webhookSecret: "whsec_discord" });
    await scriptWebhook(hook.path, ["hang"]);
    for (let i = 0; i < 25; i++) await seedEvent(userId, ["webhook"], { asin: `B0${String(i).padStart(8, "0")}`, message: `B0${String(i).padStart(8, "0")} (US): rank #81200 is worse ${"x".repeat(80)}` });

    await deliverDue(buildServices(bindings), NOW, { webhookTimeoutMs: 300 });
    expect(await deliverDue(buildServices(bindings), NOW + MINUTE)).toMatchObject({ sent: 25 });
    const again = (await bodies(hook.path))[1]!;
    expect(again.content.startsWith(`${REPEAT_NOTE}\n25 RankLayer alerts fired`)).toBe(true);
    expect(again.content.length).toBeLessThanOrEqual(2_000);
  });

  it("a retry after a plain refusal (nothing arrived) carries no such note", async () => {
    const { userId, hook } = await userWithChannels("whsec_timeout");
    await scriptWebhook(hook.path, [502, 200]);
    const { deliveries } = await seedEvent(userId, ["webhook"]);
    const services = buildServices(channelEnv());

    await deliverDue(services, NOW);
    expect(await mayHaveArrived(deliveries.webhook!)).toBe(false);
    await deliverDue(services, NOW + MINUTE);
    const [first, again] = await bodies(hook.path);
    expect(again!.text).toBe(first!.text);
  });
});
