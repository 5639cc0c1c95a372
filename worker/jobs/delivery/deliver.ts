import type { Bindings } from "../../env";
import { alertEmailConfig, alertsPageUrl } from "../../config";
import { openWebhookSecret } from "../../notifications/channel-settings";
import { sendAlertEmail } from "../../notifications/email";
import { claimDelivery, type DueDelivery, dueDeliveries, finishDelivery, markNotConfigured, nextAttemptAtMs, noteDeliveryError } from "./delivery-store";
import { MAX_ATTEMPTS, retryDelayMs } from "./retry-schedule";
import { alertWebhookPayload } from "../../notifications/webhook-payload";
import { fetchWebhookSender, WEBHOOK_TIMEOUT_MS, type WebhookSender } from "../../upstreams/webhook/sender";

/**
 * The notification outbox: sends the email and webhook rows of notification_deliveries
 * that are due. Each row is claimed before it is sent (attempts goes up only if nobody
 * else took it), so two runs at once never send one message twice; each row has its own
 * try/catch, so one failing channel never holds up another channel or another user.
 */
export interface DeliverySummary {
  sent: number;
  /** Failed this time and scheduled again. */
  retrying: number;
  /** Failed for the last time: status failed. */
  failed: number;
  notConfigured: number;
  /** When the next pending row is due (ms since epoch), or null when none is pending. */
  nextAttemptAtMs: number | null;
}

/** Rows per run; a longer queue is picked up by the next alarm at once. */
export const DELIVERY_BATCH_SIZE = 50;
/** How long a claimed row waits when its run dies before recording the outcome of its final attempt. */
const FINAL_ATTEMPT_LEASE_MS = 15 * 60_000;
/** The single NotificationRetry object that keeps the retry alarm. */
export const NOTIFICATION_RETRY_NAME = "notification-retry";

type Outcome = "sent" | "retrying" | "failed" | "not_configured" | "skipped";

export interface DeliveryOptions {
  /** How long a webhook receiver may take to answer. */
  webhookTimeoutMs?: number;
  /** Where webhooks go out; fetch unless a test records them. */
  webhooks?: WebhookSender;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A row's sender: it throws (or rejects) with the reason when the channel failed. */
type Sender = () => Promise<void>;

/** How to send this row with the current settings and bindings, or why it cannot be sent. */
function senderFor(env: Bindings, row: DueDelivery, nowMs: number, options: DeliveryOptions): Sender | { missing: string } {
  if (row.channel === "email") {
    const config = alertEmailConfig(env);
    const to = row.alertEmail;
    if (!config) return { missing: "Email is not set up on this server (ALERT_EMAIL binding and ALERT_EMAIL_FROM)" };
    if (!to) return { missing: "No alert email address in settings" };
    return () => sendAlertEmail(env, config, row, to);
  }
  if (row.channel === "webhook") {
    const { webhookUrl: url, webhookSecretCiphertext: ciphertext } = row;
    if (!url) return { missing: "No webhook URL in settings" };
    if (!ciphertext) return { missing: "No webhook signing secret: generate one in settings" };
    return async () => {
      const result = await (options.webhooks ?? fetchWebhookSender).post({
        url,
        secret: await openWebhookSecret(env, row.userId, ciphertext),
        payload: alertWebhookPayload(row, alertsPageUrl(env)),
        deliveryId: row.deliveryId,
        nowMs,
        timeoutMs: options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
      });
      if (!result.ok) throw new Error(result.detail ?? "The webhook failed");
    };
  }
  return { missing: `Unknown channel ${row.channel}` };
}

async function deliverOne(env: Bindings, row: DueDelivery, nowMs: number, options: DeliveryOptions): Promise<Outcome> {
  if (row.attempts >= MAX_ATTEMPTS) {
    // A run died during the final attempt: nothing is left to try.
    await finishDelivery(env.DB, row.deliveryId, "failed", row.lastError ?? "The final attempt did not finish", iso(nowMs));
    return "failed";
  }
  const send = senderFor(env, row, nowMs, options);
  if (typeof send !== "function") {
    return (await markNotConfigured(env.DB, row, send.missing)) ? "not_configured" : "skipped";
  }
  const lease = retryDelayMs(row.attempts + 1) ?? FINAL_ATTEMPT_LEASE_MS;
  if (!(await claimDelivery(env.DB, row, iso(nowMs + lease)))) return "skipped";
  const attemptsMade = row.attempts + 1;
  try {
    await send();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`${row.channel} delivery ${row.deliveryId} failed (attempt ${attemptsMade} of ${MAX_ATTEMPTS}): ${reason}`);
    if (retryDelayMs(attemptsMade) === null) {
      await finishDelivery(env.DB, row.deliveryId, "failed", reason, iso(nowMs));
      return "failed";
    }
    await noteDeliveryError(env.DB, row.deliveryId, reason);
    return "retrying";
  }
  await finishDelivery(env.DB, row.deliveryId, "sent", null, iso(nowMs));
  return "sent";
}

/** One pass over the due rows; the caller arranges the next pass at nextAttemptAtMs. */
export async function deliverDue(env: Bindings, nowMs: number, options: DeliveryOptions = {}): Promise<DeliverySummary> {
  const rows = await dueDeliveries(env.DB, iso(nowMs), DELIVERY_BATCH_SIZE);
  const outcomes = await Promise.all(
    rows.map(async (row): Promise<Outcome> => {
      try {
        return await deliverOne(env, row, nowMs, options);
      } catch (error) {
        // A database error on this row: it stays pending and comes round again.
        console.error(`delivery ${row.deliveryId} could not be processed`, error);
        return "skipped";
      }
    }),
  );
  const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
  return {
    sent: count("sent"),
    retrying: count("retrying"),
    failed: count("failed"),
    notConfigured: count("not_configured"),
    nextAttemptAtMs: await nextAttemptAtMs(env.DB, iso(nowMs)),
  };
}

/**
 * Sends what is due now and arms the NotificationRetry alarm for whatever stays pending
 * (retries, and rows beyond this batch). Called after the nightly alert check.
 */
export async function deliverPending(env: Bindings, nowMs: number): Promise<DeliverySummary> {
  const summary = await deliverDue(env, nowMs);
  if (summary.nextAttemptAtMs !== null) {
    try {
      await env.NOTIFICATION_RETRY.getByName(NOTIFICATION_RETRY_NAME).schedule(summary.nextAttemptAtMs);
    } catch (error) {
      console.error("could not arm the notification retry alarm; the next nightly run picks the rows up", error);
    }
  }
  return summary;
}
