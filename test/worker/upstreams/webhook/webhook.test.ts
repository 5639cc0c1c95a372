import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { alertWebhookPayload, testWebhookPayload } from "../../../../worker/notifications/webhook-payload";
import { postWebhook } from "../../../../worker/upstreams/webhook/sender";
import { ALERT_EVENT, ALERTS_URL, NOW, scriptWebhook, webhookCalls, webhookEndpoint } from "../../notifications/support";

// Non-ASCII text: the signature must cover the exact UTF-8 bytes sent.
const EVENT = { ...ALERT_EVENT, message: `${ALERT_EVENT.message} – “déjà vu” ✓` };
const SECRET = "whsec_test-secret";

function post(url: string, overrides: Partial<Parameters<typeof postWebhook>[0]> = {}) {
  return postWebhook({ url, secret: SECRET, payload: alertWebhookPayload(EVENT, ALERTS_URL), deliveryId: "dlv-1", nowMs: NOW, ...overrides });
}

describe("alertWebhookPayload", () => {
  it("has the documented shape, with one line of text for chat tools", () => {
    expect(alertWebhookPayload(EVENT, ALERTS_URL)).toEqual({
      type: "alert.fired",
      id: "evt-1",
      text: `RankLayer alert for 2026-11-22: ${EVENT.message} ${ALERTS_URL}`,
      alert: { id: "alert-1", asin: "B08N5WRWNW", marketplace: "US", conditionType: "rank_above", threshold: 500 },
      message: EVENT.message,
      day: "2026-11-22",
      createdAt: "2026-11-22T02:30:00.000Z",
    });
  });
});

describe("postWebhook", () => {
  it("signs the exact bytes it sends: HMAC-SHA256 of t.body, checked independently", async () => {
    const { path, url } = webhookEndpoint();

    expect(await post(url)).toEqual({ ok: true, status: 200 });

    const [call] = await webhookCalls(path);
    expect(call?.method).toBe("POST");
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(call?.headers["x-ranklayer-delivery"]).toBe("dlv-1");
    const signature = call?.headers["x-ranklayer-signature"] ?? "";
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
    expect(match, signature).not.toBeNull();
    const [, timestamp, mac] = match!;
    expect(Number(timestamp)).toBe(NOW / 1000);
    expect(mac).toBe(createHmac("sha256", SECRET).update(`${timestamp}.${call!.body}`, "utf8").digest("hex"));
    // The signature is bound to the body and the secret: anything else gives another MAC.
    expect(mac).not.toBe(createHmac("sha256", "another-secret").update(`${timestamp}.${call!.body}`).digest("hex"));
    expect(JSON.parse(call!.body)).toEqual(alertWebhookPayload(EVENT, ALERTS_URL));
  });

  it("is accepted by a Slack-style receiver, which refuses a body without text", async () => {
    const { path, url } = webhookEndpoint();
    expect(await post(url, { payload: testWebhookPayload(NOW, ALERTS_URL) })).toEqual({ ok: true, status: 200 });
    const noText = { ...alertWebhookPayload(EVENT, ALERTS_URL), text: "" };
    expect(await post(url, { payload: noText })).toEqual({ ok: false, status: 400, detail: "The webhook answered HTTP 400" });
    expect((await webhookCalls(path)).map((call) => call.status)).toEqual([200, 400]);
  });

  it.each([500, 404, 301])("fails on HTTP %i", async (status) => {
    const { path, url } = webhookEndpoint();
    await scriptWebhook(path, [status]);
    expect(await post(url)).toEqual({ ok: false, status, detail: `The webhook answered HTTP ${status}` });
  });

  it("gives up on a receiver that does not answer in time", async () => {
    const { path, url } = webhookEndpoint();
    await scriptWebhook(path, ["hang"]);
    expect(await post(url, { timeoutMs: 50 })).toEqual({ ok: false, detail: "The webhook did not answer within 0.05 s" });
  });
});
