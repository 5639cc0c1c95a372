import { env } from "cloudflare:test";
import { expect } from "vitest";
import { encryptRefreshToken, parseKeyring } from "../../../worker/auth/token-crypto";
import type { Bindings } from "../../../worker/env";
import type { AlertEventMessage } from "../../../worker/notifications/alert-event";
import { RecordingEmailSender, throwIfRefusedByBinding } from "../../../worker/upstreams/email/recording-sender";
import type { WebhookAnswer, WebhookCallRecord } from "../../fakes/webhook-calls";
import { KEY_2026 } from "../support/seller-browser";

export const WEBHOOK_HOST = "hooks.webhook-fake.example";
const WEBHOOK_CONTROL = "https://webhook-fake.test/__control";
export const SENDER = "alerts@ranklayer.example";
export const NOW = Date.UTC(2026, 10, 22, 2, 30);
export const MINUTE = 60_000;
export const ALERTS_URL = "https://app.ranklayer.example/alerts";

/** One alert firing, as the email and webhook builders read it. */
export const ALERT_EVENT: AlertEventMessage = {
  id: "evt-1",
  alertId: "alert-1",
  asin: "B08N5WRWNW",
  marketplace: "US",
  conditionType: "rank_above",
  threshold: 500,
  message: "B08N5WRWNW (US): rank #812 is worse than your threshold #500",
  source: "live",
  day: "2026-11-22",
  createdAt: "2026-11-22T02:30:00.000Z",
};

/**
 * A send_email binding that records what it is asked to send; `failures` sends reject first (the
 * service unavailable). `refused` maps an address to the documented code the service refuses it
 * with, on every send (E_RECIPIENT_SUPPRESSED: it bounced or complained before;
 * E_RECIPIENT_NOT_ALLOWED: not a destination this binding may send to). A payload the service would
 * refuse is refused as it would be, its code on the error as on the binding's.
 */
export function fakeEmailBinding(failures = 0, refused: Record<string, string> = {}, sendingDomains?: readonly string[]) {
  const recorder = new RecordingEmailSender(failures, refused, sendingDomains);
  const binding = {
    async send(message: EmailMessageBuilder) {
      try {
        // The payload as handed over (no A-label conversion here: this is the binding itself).
        throwIfRefusedByBinding(message, sendingDomains);
      } catch (error) {
        // Handed over and refused: an attempt all the same, as one the recorder refuses is.
        recorder.attempts.push(message);
        throw error;
      }
      await recorder.send(message);
      return { messageId: `<${crypto.randomUUID()}@ranklayer.example>` };
    },
  };
  return { binding: binding as unknown as SendEmail, sent: recorder.sent, attempts: recorder.attempts };
}

/**
 * A NOTIFICATION_RETRY namespace that records schedule() calls. Tests of deliverPending use
 * it so the real object's alarm (which runs with the Worker's own bindings) stays out of them.
 */
export function fakeRetryNamespace() {
  const scheduled: number[] = [];
  const stub = { schedule: async (atMs: number) => void scheduled.push(atMs) };
  return { namespace: { getByName: () => stub } as unknown as Bindings["NOTIFICATION_RETRY"], scheduled };
}

/** Bindings with encryption keys, an alert sender, a fake email binding and a fake retry namespace. */
export function channelEnv(overrides: Partial<Bindings> = {}): Bindings {
  return {
    ...env,
    TOKEN_ENCRYPTION_KEYS: `k2026:${KEY_2026}`,
    ALERT_EMAIL: fakeEmailBinding().binding,
    ALERT_EMAIL_FROM: SENDER,
    SITE_URL: "https://app.ranklayer.example",
    NOTIFICATION_RETRY: fakeRetryNamespace().namespace,
    ...overrides,
  };
}

export async function createUser(): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO users (id, selling_partner_id, is_demo) VALUES (?, ?, 1)").bind(id, `DEMO-${id}`).run();
  return id;
}

export interface Channels {
  alertEmail?: string | null;
  webhookUrl?: string | null;
  /** The plaintext secret, sealed here as the API would. */
  webhookSecret?: string | null;
}

export async function setChannels(bindings: Bindings, userId: string, channels: Channels): Promise<void> {
  const ciphertext = channels.webhookSecret
    ? (await encryptRefreshToken(parseKeyring(bindings.TOKEN_ENCRYPTION_KEYS), userId, channels.webhookSecret)).ciphertext
    : null;
  await env.DB.prepare(
    `INSERT INTO user_settings (workspace_id, alert_email, webhook_url, webhook_secret_ciphertext) VALUES (?, ?, ?, ?)
     ON CONFLICT (workspace_id) DO UPDATE SET alert_email = excluded.alert_email, webhook_url = excluded.webhook_url,
       webhook_secret_ciphertext = excluded.webhook_secret_ciphertext`,
  )
    .bind(userId, channels.alertEmail ?? null, channels.webhookUrl ?? null, ciphertext)
    .run();
}

export interface SeededEvent {
  eventId: string;
  alertId: string;
  /** Delivery id per channel. */
  deliveries: Record<string, string>;
}

/** An alert, its firing on `day` and a pending delivery per channel, as h5-alerts writes them. */
export async function seedEvent(
  userId: string,
  channels: ("email" | "webhook")[],
  options: { asin?: string; day?: string; message?: string; nextAttemptAt?: string | null; attempts?: number; lastError?: string } = {},
): Promise<SeededEvent> {
  const alertId = crypto.randomUUID();
  const eventId = crypto.randomUUID();
  const asin = options.asin ?? "B08N5WRWNW";
  const day = options.day ?? "2026-11-22";
  const deliveries = Object.fromEntries(channels.map((channel) => [channel, crypto.randomUUID()]));
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold) VALUES (?, ?, ?, 'US', 'rank_above', 500)",
    ).bind(alertId, userId, asin),
    env.DB.prepare(
      `INSERT INTO alert_events (id, workspace_id, alert_id, day, asin, marketplace, condition_type, threshold, message, in_app, created_at)
       VALUES (?, ?, ?, ?, ?, 'US', 'rank_above', 500, ?, 1, ?)`,
    ).bind(eventId, userId, alertId, day, asin, options.message ?? `${asin} (US): rank #812 is worse than your threshold #500`, new Date(NOW).toISOString()),
    ...channels.map((channel) =>
      env.DB.prepare(
        `INSERT INTO notification_deliveries (id, event_id, channel, status, attempts, last_error, next_attempt_at, created_at)
         VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)`,
      ).bind(
        deliveries[channel],
        eventId,
        channel,
        options.attempts ?? 0,
        options.lastError ?? null,
        options.nextAttemptAt ?? null,
        new Date(NOW).toISOString(),
      ),
    ),
  ]);
  return { eventId, alertId, deliveries };
}

export interface DeliveryRow {
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
}

export async function delivery(id: string): Promise<DeliveryRow> {
  const row = await env.DB.prepare(
    "SELECT status, attempts, next_attempt_at, last_error, sent_at FROM notification_deliveries WHERE id = ?",
  )
    .bind(id)
    .first<DeliveryRow>();
  if (!row) throw new Error(`no delivery ${id}`);
  return row;
}

/** A path of its own on the fake receiver, and its URL. */
export function webhookEndpoint(): { path: string; url: string } {
  const path = `/hook/${crypto.randomUUID()}`;
  return { path, url: `https://${WEBHOOK_HOST}${path}` };
}

export async function scriptWebhook(path: string, answers: WebhookAnswer[]): Promise<void> {
  const res = await fetch(`${WEBHOOK_CONTROL}/answers`, { method: "POST", body: JSON.stringify({ path, answers }) });
  expect(res.status, await res.clone().text()).toBe(200);
}

export async function webhookCalls(path: string): Promise<WebhookCallRecord[]> {
  const res = await fetch(`${WEBHOOK_CONTROL}/calls?${new URLSearchParams({ path })}`);
  return ((await res.json()) as { calls: WebhookCallRecord[] }).calls;
}

/** A user with an alert email and a signed webhook (to a fresh fake endpoint) saved. */
export async function userWithChannels(webhookSecret: string, bindings = channelEnv()) {
  const userId = await createUser();
  const hook = webhookEndpoint();
  await setChannels(bindings, userId, { alertEmail: "seller@example.com", webhookUrl: hook.url, webhookSecret });
  return { userId, hook };
}

/** A path of its own under Discord's webhook URLs (the fake answers like Execute Webhook), and its URL. */
export function discordEndpoint(): { path: string; url: string } {
  const path = `/api/webhooks/${Date.now()}${Math.floor(Math.random() * 1e6)}/${crypto.randomUUID()}`;
  return { path, url: `https://discord.com${path}` };
}
