import type { WebhookTestResult } from "../contract/channels";
import type { AlertEventMessage } from "./alert-event";

/**
 * Signed webhooks. The body is JSON whose `text` field makes a Slack incoming webhook post
 * it as is; other receivers check X-RankLayer-Signature: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256(secret, t + "." + raw body)>` and reject old timestamps to stop replays.
 */
export const SIGNATURE_HEADER = "X-RankLayer-Signature";
/** The delivery's id: the same on every retry of one message, so receivers can drop repeats. */
export const DELIVERY_HEADER = "X-RankLayer-Delivery";
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookPayload {
  type: "alert.fired" | "webhook.test";
  id: string;
  /** One line for chat tools (Slack shows exactly this). */
  text: string;
  alert: { id: string | null; asin: string; marketplace: string; conditionType: string; threshold: number | null } | null;
  message: string;
  day: string;
  createdAt: string;
}

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

const toHex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

export async function signatureHeader(secret: string, timestampSeconds: number, rawBody: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestampSeconds}.${rawBody}`));
  return `t=${timestampSeconds},v1=${toHex(mac)}`;
}

export interface WebhookPost {
  url: string;
  secret: string;
  payload: WebhookPayload;
  deliveryId: string;
  nowMs: number;
  timeoutMs?: number;
}

/**
 * POSTs one signed payload. Never throws: a 2xx answer is ok; anything else (another
 * status, a redirect, a timeout, a network error) is a failure with its reason.
 */
export async function postWebhook(post: WebhookPost): Promise<WebhookTestResult> {
  const body = JSON.stringify(post.payload);
  const timeoutMs = post.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  try {
    const response = await fetch(post.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "RankLayer-Webhooks/1",
        [DELIVERY_HEADER]: post.deliveryId,
        [SIGNATURE_HEADER]: await signatureHeader(post.secret, Math.floor(post.nowMs / 1000), body),
      },
      body,
      // A redirect could point the signed body anywhere: it counts as a failure.
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.ok) return { ok: true, status: response.status };
    return { ok: false, status: response.status, detail: `The webhook answered HTTP ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      ok: false,
      detail: timedOut ? `The webhook did not answer within ${timeoutMs / 1000} s` : `The webhook could not be reached: ${errorText(error)}`,
    };
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
