import { webhookUrlProblem } from "../../contract/webhook-url";
import { openWebhookSecret } from "../../notifications/channel-settings";
import { sendAlertEmail } from "../../notifications/email";
import { unsubscribeToken, unsubscribeUrl } from "../../dashboard/unsubscribe-token";
import { UNREADABLE_WEBHOOK_URL } from "../../contract/channels";
import { readWebhookUrl } from "../../notifications/sealed-webhook-url";
import {
  claimDeliveries,
  type AlertState,
  closeInterruptedEmails,
  closeUnsent,
  type DueDelivery,
  dueDeliveries,
  finishDeliveries,
  finishDelivery,
  markSending,
  nextAttemptAtMs,
  noteDeliveryErrors,
} from "./delivery-store";
import { digestId } from "./digest-id";
import { MAX_ATTEMPTS, retryDelayMs } from "./retry-schedule";
import { armRetryAlarm } from "./retry-alarm";
import { sealLegacyWebhookUrls } from "./seal-webhook-urls";
import { alertDigestPayload } from "../../notifications/webhook-payload";
import { WEBHOOK_TIMEOUT_MS, type WebhookSender } from "../../upstreams/webhook/sender";
import { classifyEmailFailure, type EmailRefusal, refusalOf } from "../../upstreams/email/email-errors";
import type { Services } from "../../services";

/**
 * The notification outbox: sends the email and webhook rows of notification_deliveries
 * that are due, as digests: one email and one webhook per account per run, carrying every
 * alert of that account that is due (so 100 alerts firing at once make one POST, not 100).
 * Each row is claimed before it is sent (attempts goes up only if nobody else took it), so
 * two runs at once never send one alert twice; each digest has its own try/catch, so one
 * failing channel never holds up another channel or another user. A digest's rows share
 * its outcome, and a failed digest's rows come round again together, as that same message:
 * rows that became due meanwhile go in a message of their own. A row whose alert was deleted
 * or paused before it went out, or whose channel or kind the user turned off meanwhile, is
 * cancelled, never sent (its in-app notification stays).
 */
export interface DeliverySummary {
  /** Rows (one alert on one channel) sent. */
  sent: number;
  /** Failed this time and scheduled again. */
  retrying: number;
  /** Failed for the last time: status failed. */
  failed: number;
  notConfigured: number;
  /** Not sent because the alert was deleted or paused first, or its channel or kind turned off: status cancelled. */
  cancelled: number;
  /** When the next pending row is due (ms since epoch), or null when none is pending. */
  nextAttemptAtMs: number | null;
  /**
   * The error of a digest that could not be processed (D1 failing), whose rows stay pending and
   * due at once; null when every digest was. The caller backs off rather than come straight back.
   */
  digestError: unknown;
}

/** Digests (account and channel) per run; more are picked up by the next alarm at once. */
export const DELIVERY_BATCH_SIZE = 40;
/** Rows per run across those digests. */
const DELIVERY_MAX_ROWS = 2_000;
/** How long a claimed row waits when its run dies before recording the outcome of its final attempt. */
const FINAL_ATTEMPT_LEASE_MS = 15 * 60_000;

type Outcome = "sent" | "retrying" | "failed" | "not_configured" | "cancelled" | "skipped";

export interface DeliveryOptions {
  /** How long a webhook receiver may take to answer. */
  webhookTimeoutMs?: number;
  /** Where webhooks go out; fetch unless a test records them. */
  webhooks?: WebhookSender;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Said to people of a webhook's failure after an earlier attempt timed out: that attempt may have arrived,
 * and the message is sent again anyway (a lost alert is worse than a repeat, docs/adr/0015), saying so.
 * Only words: the fact is the row's may_have_arrived.
 */
const EARLIER_TIMEOUT = " (an earlier attempt timed out and may have arrived)";

/** A digest's sender: it throws (or rejects) with the reason when the channel failed. */
type Sender = (rows: DueDelivery[]) => Promise<void>;

/** A failed send whose receiver said how long to wait (Retry-After): no attempt before then. */
class DeliveryFailure extends Error {
  constructor(
    reason: string,
    readonly retryAfterSeconds: number | undefined,
    /** No retry can pass: the receiver said the webhook is gone (410), or the email service refused the address for good. */
    readonly final = false,
    /** The email service's refusal for good, recorded as data beside the words. */
    readonly refusal: EmailRefusal | null = null,
    /** The webhook receiver did not answer in time: the post may have arrived. */
    readonly timedOut = false,
  ) {
    super(reason);
  }
}

/** How to send one account's rows of one channel with its current settings and bindings, or why they cannot be sent. */
async function senderFor(services: Services, first: DueDelivery, nowMs: number, options: DeliveryOptions): Promise<Sender | { missing: string }> {
  if (first.channel === "email") {
    const email = services.config.alertEmail;
    const sender = services.sources.alertEmail();
    const to = first.alertEmail;
    if (!email || !sender) return { missing: "Email is not set up on this server (ALERT_EMAIL binding and ALERT_EMAIL_FROM)" };
    if (!to) return { missing: "No alert email address in settings" };
    return async (rows) => {
      const origin = new URL(services.config.alertsPageUrl).origin;
      const unsubscribe = unsubscribeUrl(origin, first.userId, await unsubscribeToken(services, first.userId), "alerts");
      try {
        await sendAlertEmail(sender, email.from, services.config.alertsPageUrl, rows, to, unsubscribe);
      } catch (error) {
        // Refused for good (the address or the message): final, no retry can pass (email-errors.ts).
        // Anything else is retried. Either is recorded in words, the service's code only as the refusal's data.
        const failure = classifyEmailFailure(error, to);
        throw new DeliveryFailure(failure.detail, undefined, failure.permanent, refusalOf(failure));
      }
    };
  }
  if (first.channel === "webhook") {
    const saved = await readWebhookUrl(services.config, first.userId, first);
    const ciphertext = first.webhookSecretCiphertext;
    if (saved.status === "none") return { missing: "No webhook URL in settings" };
    if (!ciphertext) return { missing: "No webhook signing secret: generate one in settings" };
    // Like a secret that does not open: a failed attempt, retried (the keys may be put right meanwhile).
    if (saved.status === "unreadable") return () => Promise.reject(new Error(UNREADABLE_WEBHOOK_URL));
    const { url } = saved;
    // A URL saved before the current rules is checked again before anything is sent to it.
    const problem = webhookUrlProblem(url);
    if (problem) return { missing: `The saved webhook URL is not accepted: ${problem}` };
    return async (rows) => {
      // Names exactly these rows: the same on a retry of them, another for any other set.
      const deliveryId = await digestId(rows.map((row) => row.deliveryId));
      const result = await (options.webhooks ?? services.sources.webhooks).post({
        url,
        secret: await openWebhookSecret(services, first.userId, ciphertext),
        payload: alertDigestPayload(deliveryId, rows, services.config.alertsPageUrl, nowMs, rows.some((row) => row.mayHaveArrived)),
        deliveryId,
        nowMs,
        timeoutMs: options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
      });
      if (!result.ok) throw new DeliveryFailure(result.detail ?? "could not connect", result.retryAfterSeconds, result.gone === true, null, result.timedOut === true);
    };
  }
  return { missing: `Unknown channel ${first.channel}` };
}

type WithdrawnDelivery = DueDelivery & { alertState: Exclude<AlertState, "active"> };

const WITHDRAWN: Record<WithdrawnDelivery["alertState"], string> = {
  deleted: "The alert was deleted before this was sent",
  paused: "The alert was paused before this was sent",
  email_off: "Email was turned off for this alert before this was sent",
  emails_off: "Email alerts were turned off before this was sent",
  kind_off: "Alerts of this kind were turned off before this was sent",
};

/** The outcome of each of `rows` that closeUnsent was given, `closed` the ones it closed. */
function closedOr(rows: DueDelivery[], closed: DueDelivery[], outcome: Outcome): Outcome[] {
  const done = new Set(closed);
  return rows.map((row): Outcome => (done.has(row) ? outcome : "skipped"));
}

/** Sends one digest: the due rows of one account on one channel. */
async function deliverDigest(services: Services, rows: DueDelivery[], nowMs: number, options: DeliveryOptions): Promise<Outcome[]> {
  const { env } = services;
  // The user took the alert back: whatever it had not sent yet stays unsent.
  const withdrawn = rows.filter((row): row is WithdrawnDelivery => row.alertState !== "active");
  const outcomes = closedOr(withdrawn, await closeUnsent(env.DB, withdrawn, "cancelled", (row) => WITHDRAWN[row.alertState]), "cancelled");
  const live: DueDelivery[] = [];
  for (const row of rows) {
    if (row.alertState !== "active") continue;
    if (row.attempts < MAX_ATTEMPTS) {
      live.push(row);
      continue;
    }
    // A run died during the final attempt: nothing is left to try.
    await finishDelivery(env.DB, row.deliveryId, "failed", row.lastError ?? "The final attempt did not finish", iso(nowMs));
    outcomes.push("failed");
  }
  if (live.length === 0) return outcomes;
  const send = await senderFor(services, live[0]!, nowMs, options);
  if (typeof send !== "function") {
    return [...outcomes, ...closedOr(live, await closeUnsent(env.DB, live, "not_configured", () => send.missing), "not_configured")];
  }
  const claimed = await claimDeliveries(env.DB, live, (row) => iso(nowMs + (retryDelayMs(row.attempts + 1) ?? FINAL_ATTEMPT_LEASE_MS)));
  outcomes.push(...live.slice(claimed.length).map((): Outcome => "skipped"));
  if (claimed.length === 0) return outcomes;
  const ids = (rows: DueDelivery[]) => rows.map((row) => row.deliveryId);
  // An email has no id to drop a repeat by: once handed over it is never sent again (markSending).
  if (live[0]!.channel === "email") await markSending(env.DB, ids(claimed));
  try {
    await send(claimed);
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    const timedOut = error instanceof DeliveryFailure && error.timedOut;
    // Once an attempt may have arrived, every later send may repeat it: the rows keep the flag
    // through later failures of other kinds (and their reason says so to people).
    const earlier = claimed.some((row) => row.mayHaveArrived);
    const mayHaveArrived = timedOut || earlier;
    const reason = earlier && !timedOut ? `${failure}${EARLIER_TIMEOUT}` : failure;
    const refusal = error instanceof DeliveryFailure ? error.refusal : null;
    console.error(`${live[0]!.channel} digest of ${claimed.length} for user ${live[0]!.userId} failed${refusal ? ` (${refusal.refusalCode})` : ""}: ${reason}`);
    const final = error instanceof DeliveryFailure && error.final;
    const lastTry = claimed.filter((row) => final || retryDelayMs(row.attempts + 1) === null);
    const again = claimed.filter((row) => !final && retryDelayMs(row.attempts + 1) !== null);
    await finishDeliveries(env.DB, ids(lastTry), "failed", reason, iso(nowMs), refusal, mayHaveArrived);
    // The claim already set the next attempt by the schedule; a receiver's Retry-After can only push it later.
    const wait = error instanceof DeliveryFailure ? error.retryAfterSeconds : undefined;
    await noteDeliveryErrors(env.DB, ids(again), reason, mayHaveArrived, wait === undefined ? undefined : iso(nowMs + wait * 1000));
    return [...outcomes, ...lastTry.map((): Outcome => "failed"), ...again.map((): Outcome => "retrying")];
  }
  await finishDeliveries(env.DB, ids(claimed), "sent", null, iso(nowMs));
  return [...outcomes, ...claimed.map((): Outcome => "sent")];
}

/**
 * The due rows grouped by account and channel, in the order of each group's oldest row, and
 * by the message they were last tried in: rows claimed together share their attempts and
 * next_attempt_at, so a retry carries exactly the alerts of its first try (its webhook id names
 * that set), and rows new since then (attempts 0) make a message of their own.
 */
function digests(rows: DueDelivery[]): DueDelivery[][] {
  const groups = new Map<string, DueDelivery[]>();
  for (const row of rows) {
    const key = [row.userId, row.channel, row.attempts, row.nextAttemptAt ?? ""].join("\u0000");
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

/** One pass over the due rows; the caller arranges the next pass at nextAttemptAtMs. */
export async function deliverDue(services: Services, nowMs: number, options: DeliveryOptions = {}): Promise<DeliverySummary> {
  const { env } = services;
  const interrupted = await closeInterruptedEmails(env.DB, iso(nowMs));
  const rows = await dueDeliveries(env.DB, iso(nowMs), DELIVERY_BATCH_SIZE, DELIVERY_MAX_ROWS);
  let digestError: unknown = null;
  const outcomes = (
    await Promise.all(
      digests(rows).map(async (group): Promise<Outcome[]> => {
        try {
          return await deliverDigest(services, group, nowMs, options);
        } catch (error) {
          // A database error on this digest: its rows stay pending and come round again.
          console.error(`delivery digest of ${group.length} rows could not be processed`, error);
          digestError ??= error;
          return ["skipped"];
        }
      }),
    )
  ).flat();
  const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
  return {
    sent: count("sent"),
    retrying: count("retrying"),
    failed: count("failed") + interrupted,
    notConfigured: count("not_configured"),
    cancelled: count("cancelled"),
    nextAttemptAtMs: await nextAttemptAtMs(env.DB, iso(nowMs)),
    digestError,
  };
}

/**
 * Sends what is due now, seals a batch of webhook URLs still stored in plain text, and arms the
 * NotificationRetry alarm for whatever stays pending (retries, and rows beyond this batch).
 * Called after the nightly alert check.
 */
export async function deliverPending(services: Services, nowMs: number): Promise<DeliverySummary> {
  const { env } = services;
  const summary = await deliverDue(services, nowMs);
  await sealLegacyWebhookUrls(services).catch((error: unknown) => {
    console.error("webhook URLs saved in plain text stay so until the next run:", error instanceof Error ? error.message : error);
  });
  if (summary.nextAttemptAtMs !== null) await armRetryAlarm(env, summary.nextAttemptAtMs, "alert deliveries");
  return summary;
}
