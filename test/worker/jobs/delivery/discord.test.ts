import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deliverDue } from "../../../../worker/jobs/delivery/deliver";
import { buildServices } from "../../../../worker/services";
import { channelEnv, createUser, delivery, discordEndpoint, NOW, seedEvent, setChannels, webhookCalls } from "../../notifications/support";

/**
 * A Discord webhook URL is accepted in settings (security.md), so it must work as is: Discord
 * posts a body's `content` (at most 2,000 characters) and ignores Slack's `text`.
 */
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM notification_deliveries").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("alerts to a Discord webhook URL", () => {
  it("are delivered as a message Discord takes, within its 2,000 characters however many alerts fired", async () => {
    const bindings = channelEnv();
    const userId = await createUser();
    const hook = discordEndpoint();
    await setChannels(bindings, userId, { webhookUrl: hook.url, webhookSecret: "whsec_discord" });
    const message = (i: number) => `B0${String(i).padStart(8, "0")} (US): rank #81200 is worse than your threshold #500 (mock data) ${"x".repeat(40)}`;
    const seeded = [];
    for (let i = 0; i < 25; i++) seeded.push(await seedEvent(userId, ["webhook"], { asin: `B0${String(i).padStart(8, "0")}`, message: message(i) }));

    const summary = await deliverDue(buildServices(bindings), NOW);

    const calls = await webhookCalls(hook.path);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.status).toBe(204);
    expect(summary).toMatchObject({ sent: 25, retrying: 0 });
    const body = JSON.parse(calls[0]!.body) as { content: string; alerts: unknown[] };
    expect(body.alerts).toHaveLength(25);
    expect(body.content.length).toBeLessThanOrEqual(2_000);
    expect(body.content).toMatch(/^25 RankLayer alerts fired \(2026-11-22\):\n• B0\d{8} \(US\)/);
    expect(body.content).toMatch(/…and \d+ more\nhttps:\/\/app\.ranklayer\.example\/alerts$/);
    expect((await delivery(seeded[0]!.deliveries.webhook!)).status).toBe("sent");
  });
});
