import type { WebhookAlert, WebhookPayload } from "../upstreams/webhook/sender";
import type { AlertEventMessage } from "./alert-event";

/** Lines of the Slack summary; the rest is counted ("…and 12 more"), the payload's `alerts` carries them all. */
export const DIGEST_TEXT_LINES = 20;
/** Discord refuses (400) a message whose `content` is longer than this (UTF-16 code units). */
export const DISCORD_CONTENT_MAX = 2_000;

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

/**
 * Slack reads `&`, `<` and `>` in text as control characters (`<!channel>` notifies everyone, `<url|label>`
 * is a link), so text that is not meant as markup carries them as entities, as Slack asks.
 */
export const slackEscape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** Discord: mention nobody, whatever a message says ("@everyone" in a connection's name stays text). */
const NO_MENTIONS = { parse: [] as never[] };

/**
 * The chat summary: the headline, as many alerts as fit in `maxLines` lines and `maxChars`
 * characters (the rest counted, "…and 12 more"), and the alerts page. A message (it may hold a
 * connection's name) goes through `escape`.
 */
function summary(
  headline: string,
  events: readonly AlertEventMessage[],
  alertsUrl: string,
  maxLines: number,
  maxChars: number,
  escape: (text: string) => string = (text) => text,
): string {
  const build = (count: number) => {
    const more = events.length - count;
    const lines = events.slice(0, count).map((event) => `• ${escape(event.message)}`);
    return [`${headline}:`, ...lines, ...(more > 0 ? [`…and ${more} more`] : []), alertsUrl].join("\n");
  };
  let count = Math.min(events.length, maxLines);
  while (count > 0 && build(count).length > maxChars) count--;
  return build(count).slice(0, maxChars);
}

/**
 * The first line of a message sent again after an attempt that timed out: that attempt may have
 * arrived, and Slack and Discord drop no repeats, so the chat shows why it may see it twice
 * (docs/adr/0015-webhook-timeouts-are-retried.md). Other receivers drop it by its unchanged id.
 */
export const REPEAT_NOTE = "Sent again: an earlier attempt timed out and may have arrived, so this may repeat it.";

/**
 * The one webhook of a run for an account: every alert that fired, a Slack `text` and a
 * Discord `content` summing them up (each posts only its own field, Discord at most 2,000 characters).
 * `repeat`: an earlier attempt of this message timed out, so its chat summary begins with REPEAT_NOTE.
 */
export function alertDigestPayload(deliveryId: string, events: readonly AlertEventMessage[], alertsUrl: string, nowMs: number, repeat = false): WebhookPayload {
  const headline = digestHeadline(events);
  const chatHeadline = repeat ? `${REPEAT_NOTE}\n${headline}` : headline;
  return {
    type: "alerts.fired",
    id: deliveryId,
    text: summary(chatHeadline, events, alertsUrl, DIGEST_TEXT_LINES, Number.POSITIVE_INFINITY, slackEscape),
    content: summary(chatHeadline, events, alertsUrl, DIGEST_TEXT_LINES, DISCORD_CONTENT_MAX),
    allowed_mentions: NO_MENTIONS,
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
    content: `${message} ${alertsUrl}`,
    allowed_mentions: NO_MENTIONS,
    alerts: [],
    message,
    day: new Date(nowMs).toISOString().slice(0, 10),
    createdAt: new Date(nowMs).toISOString(),
  };
}
