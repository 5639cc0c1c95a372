import type { WebhookTestResult } from "../../contract/channels";
import { hmacSha256, toHex } from "../../shared/hmac";
import { isTimeout, retryAfterOf } from "../http";

/**
 * Signed webhooks. The body is JSON whose `text` field makes a Slack incoming webhook, and
 * whose `content` field a Discord webhook, post it as is; other receivers check X-RankLayer-Signature: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256(secret, t + "." + raw body)>` and reject old timestamps to stop replays.
 */
export const SIGNATURE_HEADER = "X-RankLayer-Signature";
/** The delivery's id: the same on every retry of one message, so receivers can drop repeats. */
export const DELIVERY_HEADER = "X-RankLayer-Delivery";
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The reason of a post the receiver did not answer in time, in words for people (the fact is `timedOut`). */
const WEBHOOK_TIMED_OUT = "timed out";

/** One alert that fired, as a webhook carries it. */
export interface WebhookAlert {
  /** The firing (alert event) id. */
  eventId: string;
  /** The alert rule's id; null when the rule has since been deleted. */
  alertId: string | null;
  asin: string;
  marketplace: string;
  conditionType: string;
  threshold: number | null;
  /** What was seen, in words, written when the alert fired. */
  message: string;
  /** The data it fired on: live (Amazon's) or mock (labelled in `message` too); null for firings before it was kept. */
  source: "live" | "mock" | null;
  /** The UTC day the alert fired for. */
  day: string;
  createdAt: string;
}

/** One message of an account's digest: the alerts it carries, named by its id (empty for a test). */
export interface WebhookPayload {
  type: "alerts.fired" | "webhook.test";
  id: string;
  /** A summary for chat tools (Slack shows exactly this). */
  text: string;
  /** The same summary within Discord's 2,000 characters (Discord shows exactly this and ignores `text`). */
  content: string;
  /** Discord's field: `{parse: []}`, so no text in `content` notifies anyone. */
  allowed_mentions: { parse: never[] };
  alerts: WebhookAlert[];
  message: string;
  day: string;
  createdAt: string;
}

export async function signatureHeader(secret: string, timestampSeconds: number, rawBody: string): Promise<string> {
  return `t=${timestampSeconds},v1=${toHex(await hmacSha256(secret, `${timestampSeconds}.${rawBody}`))}`;
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
 * What the receiver answered; `retryAfterSeconds` when a 429 or 503 said how long to wait (capped
 * at an hour); `gone` when it said the webhook no longer exists (410: Slack's archived channel), so
 * no retry can succeed; `timedOut` when it did not answer in time, so the post may still have arrived.
 */
export interface WebhookPostResult extends WebhookTestResult {
  retryAfterSeconds?: number;
  gone?: boolean;
  timedOut?: boolean;
}

/** The reason a receiver's non-2xx answer gives, in fixed words that say what to do. */
function statusDetail(status: number): string {
  if (status === 410) return "HTTP status 410 (the receiver says this webhook no longer exists: save its new URL)";
  if (status >= 300 && status < 400) return `HTTP status ${status} (a redirect, which is not followed: save the URL it points to)`;
  return `HTTP status ${status}`;
}

/** Where signed webhooks go out: fetch in the Worker, a recording fake in tests. */
export interface WebhookSender {
  /** Never throws: a failure comes back as { ok: false, detail }. */
  post(post: WebhookPost): Promise<WebhookPostResult>;
}

/**
 * POSTs one signed payload. Never throws: a 2xx answer is ok; anything else is a failure
 * whose reason is only "HTTP status N" (with fixed words for a redirect or a 410), "timed out"
 * or "could not connect".
 */
export async function postWebhook(post: WebhookPost): Promise<WebhookPostResult> {
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
    const failed: WebhookPostResult = { ok: false, status: response.status, detail: statusDetail(response.status), ...(response.status === 410 && { gone: true }) };
    // Slack and Discord say how long a 429 must wait; an attempt before then is refused again.
    const retryAfterSeconds = response.status === 429 || response.status === 503 ? retryAfterOf(response) : undefined;
    return retryAfterSeconds === undefined ? failed : { ...failed, retryAfterSeconds };
  } catch (error) {
    // Only these three words come back: the network error's own text could tell a caller
    // how an address it should not see behaves.
    return isTimeout(error) ? { ok: false, detail: WEBHOOK_TIMED_OUT, timedOut: true } : { ok: false, detail: "could not connect" };
  }
}

/** The real sender: one signed POST per message through fetch. */
export const fetchWebhookSender: WebhookSender = { post: postWebhook };
