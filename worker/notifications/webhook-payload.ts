import type { WebhookAlert, WebhookPayload } from "../upstreams/webhook/sender";
import type { AlertEventMessage } from "./alert-event";

/** Lines of the Slack summary; the rest is counted ("…and 12 more"), the payload's `alerts` carries them all. */
export const DIGEST_TEXT_LINES = 20;

const webhookAlert = (event: AlertEventMessage): WebhookAlert => ({
  eventId: event.id,
  alertId: event.alertId,
  asin: event.asin,
  marketplace: event.marketplace,
  conditionType: event.conditionType,
  threshold: event.threshold,
  message: event.message,
  source: event.source,
  day: event.day,
  createdAt: event.createdAt,
});

/** The headline of a digest: "1 alert fired" or "3 alerts fired", with the day(s). */
export function digestHeadline(events: readonly AlertEventMessage[]): string {
  const days = [...new Set(events.map((event) => event.day))].sort();
  const when = days.length === 1 ? days[0] : `${days[0]} to ${days.at(-1)}`;
  return `${events.length} RankLayer ${events.length === 1 ? "alert" : "alerts"} fired (${when})`;
}

/** The one webhook of a run for an account: every alert that fired, and a Slack `text` summing them up. */
export function alertDigestPayload(deliveryId: string, events: readonly AlertEventMessage[], alertsUrl: string, nowMs: number): WebhookPayload {
  const shown = events.slice(0, DIGEST_TEXT_LINES).map((event) => `• ${event.message}`);
  const more = events.length - shown.length;
  const headline = digestHeadline(events);
  return {
    type: "alerts.fired",
    id: deliveryId,
    text: [`${headline}:`, ...shown, ...(more > 0 ? [`…and ${more} more`] : []), alertsUrl].join("\n"),
    alerts: events.map(webhookAlert),
    message: headline,
    day: events.at(-1)?.day ?? new Date(nowMs).toISOString().slice(0, 10),
    createdAt: new Date(nowMs).toISOString(),
  };
}

export function testWebhookPayload(nowMs: number, alertsUrl: string): WebhookPayload {
  const message = "This is a test message from RankLayer: your webhook is set up.";
  return {
    type: "webhook.test",
    id: crypto.randomUUID(),
    text: `${message} ${alertsUrl}`,
    alerts: [],
    message,
    day: new Date(nowMs).toISOString().slice(0, 10),
    createdAt: new Date(nowMs).toISOString(),
  };
}
