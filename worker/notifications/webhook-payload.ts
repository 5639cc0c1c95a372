import type { WebhookPayload } from "../upstreams/webhook/sender";
import type { AlertEventMessage } from "./alert-event";

export function alertWebhookPayload(event: AlertEventMessage, alertsUrl: string): WebhookPayload {
  return {
    type: "alert.fired",
    id: event.id,
    text: `RankLayer alert for ${event.day}: ${event.message} ${alertsUrl}`,
    alert: {
      id: event.alertId,
      asin: event.asin,
      marketplace: event.marketplace,
      conditionType: event.conditionType,
      threshold: event.threshold,
    },
    message: event.message,
    day: event.day,
    createdAt: event.createdAt,
  };
}

export function testWebhookPayload(nowMs: number, alertsUrl: string): WebhookPayload {
  const message = "This is a test message from RankLayer: your webhook is set up.";
  return {
    type: "webhook.test",
    id: crypto.randomUUID(),
    text: `${message} ${alertsUrl}`,
    alert: null,
    message,
    day: new Date(nowMs).toISOString().slice(0, 10),
    createdAt: new Date(nowMs).toISOString(),
  };
}
