import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { runAlertCheck } from "../../../../worker/jobs/alert-check/alert-check";
import { buildServices } from "../../../../worker/services";
import { CHECK_TIME, clearAlertTables, deliveriesOf, seedAlert, seedRank, seedUser } from "../../support/alert-seed";
import { storeLegacyWebhookUrl, storeSealedWebhookUrl } from "../../notifications/webhook-url-rows";

beforeEach(clearAlertTables);

/** A firing queues a webhook for a workspace with a webhook URL, sealed or plain from before sealing, and none without. */
describe("runAlertCheck and the stored webhook URL", () => {
  it.each([
    ["sealed", (userId: string) => storeSealedWebhookUrl(userId, "https://hooks.example.com/sealed"), ["email", "webhook"]],
    ["plain, from before sealing", (userId: string) => storeLegacyWebhookUrl(userId, "https://hooks.example.com/plain"), ["email", "webhook"]],
    ["none", async () => {}, ["email"]],
  ] as const)("a URL %s", async (_case, store, channels) => {
    const userId = await seedUser();
    await store(userId);
    const alertId = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    await seedRank("B08N5WRWNW", 0, 812);

    expect(await runAlertCheck(buildServices(env), CHECK_TIME)).toMatchObject({ fired: 1 });
    expect((await deliveriesOf(alertId)).map((row) => row.channel)).toEqual(channels);
  });
});
