import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { alertDigestPayload, testWebhookPayload } from "../../../../worker/notifications/webhook-payload";
import { postWebhook } from "../../../../worker/upstreams/webhook/sender";
import { ALERT_EVENT, ALERTS_URL, NOW, scriptWebhook, webhookCalls, webhookEndpoint } from "../../notifications/support";

// Non-ASCII text: the signature must cover the exact UTF-8 bytes sent.
const EVENT = { ...ALERT_EVENT, message: `${ALERT_EVENT.message} – “déjà vu” ✓` };
const SECRET = "whsec_test-secret";

function post(url: string, overrides: Partial<Parameters<typeof postWebhook>[0]> = {}) {
  return postWebhook({ url, secret: SECRET, payload: alertDigestPayload("dlv-1", [EVENT], ALERTS_URL, NOW), deliveryId: "dlv-1", nowMs: NOW, ...overrides });
}

describe("alertDigestPayload", () => {
  it("has the documented shape, with a text summary for chat tools", () => {
    expect(alertDigestPayload("dlv-1", [EVENT], ALERTS_URL, NOW)).toEqual({
      type: "alerts.fired",
      id: "dlv-1",
      text: `1 RankLayer alert fired (2026-11-22):\n• ${EVENT.message}\n${ALERTS_URL}`,
      content: `1 RankLayer alert fired (2026-11-22):\n• ${EVENT.message}\n${ALERTS_URL}`,
      allowed_mentions: { parse: [] },
      alerts: [
        {
          eventId: "evt-1",
          alertId: "alert-1",
          asin: "B08N5WRWNW",
          marketplace: "US",
          conditionType: "rank_above",
          threshold: 500,
          message: EVENT.message,
          source: "live",
          day: "2026-11-22",
          createdAt: "2026-11-22T02:30:00.000Z",
        },
      ],
      message: "1 RankLayer alert fired (2026-11-22)",
      day: "2026-11-22",
      createdAt: new Date(NOW).toISOString(),
    });
  });

  it("carries every alert and sums them up in text, listing the first 20 and counting the rest", () => {
    const events = Array.from({ length: 25 }, (_, i) => ({ ...EVENT, id: `evt-${i}`, message: `message ${i}`, day: i < 5 ? "2026-11-21" : "2026-11-22" }));
    const payload = alertDigestPayload("dlv-9", events, ALERTS_URL, NOW);
    expect(payload.alerts.map((alert) => alert.eventId)).toEqual(events.map((event) => event.id));
    const lines = payload.text.split("\n");
    expect(lines[0]).toBe("25 RankLayer alerts fired (2026-11-21 to 2026-11-22):");
    expect(lines.slice(1, 21)).toEqual(events.slice(0, 20).map((event) => `• ${event.message}`));
    expect(lines.slice(21)).toEqual(["…and 5 more", ALERTS_URL]);
  });
});

describe("the chat summaries carry a message as text, never as markup that notifies or links", () => {
  // A seller condition's message names the connection, whose name the workspace typed.
  const named = { ...EVENT, message: "B08N5WRWNW (US) on <!channel> & @everyone <https://evil.example|EU>: you lost the Buy Box" };

  it("escapes Slack's control characters in text, and tells Discord to mention nobody", () => {
    const payload = alertDigestPayload("dlv-2", [named], ALERTS_URL, NOW);
    expect(payload.text.split("\n")[1]).toBe("• B08N5WRWNW (US) on &lt;!channel&gt; &amp; @everyone &lt;https://evil.example|EU&gt;: you lost the Buy Box");
    expect(payload.content.split("\n")[1]).toBe(`• ${named.message}`);
    expect(payload.allowed_mentions).toEqual({ parse: [] });
    // Programs read the message as it is.
    expect(payload.alerts[0]!.message).toBe(named.message);
    expect(testWebhookPayload(NOW, ALERTS_URL).allowed_mentions).toEqual({ parse: [] });
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
    expect(JSON.parse(call!.body)).toEqual(alertDigestPayload("dlv-1", [EVENT], ALERTS_URL, NOW));
  });

  it("is accepted by a Slack-style receiver, which refuses a body without text", async () => {
    const { path, url } = webhookEndpoint();
    expect(await post(url, { payload: testWebhookPayload(NOW, ALERTS_URL) })).toEqual({ ok: true, status: 200 });
    const noText = { ...alertDigestPayload("dlv-1", [EVENT], ALERTS_URL, NOW), text: "" };
    expect(await post(url, { payload: noText })).toEqual({ ok: false, status: 400, detail: "HTTP status 400" });
    expect((await webhookCalls(path)).map((call) => call.status)).toEqual([200, 400]);
  });

  it.each([500, 404])("fails on HTTP %i", async (status) => {
    const { path, url } = webhookEndpoint();
    await scriptWebhook(path, [status]);
    expect(await post(url)).toEqual({ ok: false, status, detail: `HTTP status ${status}` });
  });

  it("fails on a redirect without following it, and on 410 Gone as gone for good, in words that say what to do", async () => {
    const { path, url } = webhookEndpoint();
    await scriptWebhook(path, [301, 410]);
    expect(await post(url)).toEqual({ ok: false, status: 301, detail: "HTTP status 301 (a redirect, which is not followed: save the URL it points to)" });
    expect(await post(url)).toEqual({ ok: false, status: 410, detail: "HTTP status 410 (the receiver says this webhook no longer exists: save its new URL)", gone: true });
  });

  it("says only 'could not connect' when the fetch itself fails, never the error's own text", async () => {
    // fetch throws here before any connection (a TypeError naming the URL); a refused connection takes the same path.
    expect(await post("ftp://files.example.com/hook")).toEqual({ ok: false, detail: "could not connect" });
  });

  it("gives up on a receiver that does not answer in time", async () => {
    const { path, url } = webhookEndpoint();
    await scriptWebhook(path, ["hang"]);
    expect(await post(url, { timeoutMs: 50 })).toEqual({ ok: false, detail: "timed out", timedOut: true });
  });
});
