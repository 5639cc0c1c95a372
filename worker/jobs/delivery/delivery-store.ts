import { and, asc, eq, inArray, isNull, lte, min, or, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { alertEvents, alerts, notificationDeliveries, userSettings } from "../../db/schema";
import type { AlertEventMessage } from "../../notifications/alert-event";
import type { StoredWebhookUrl } from "../../notifications/sealed-webhook-url";
import type { EmailRefusal } from "../../upstreams/email/email-errors";

/** The D1 side of the notification outbox (notification_deliveries). */

/**
 * Whether the alert that fired still wants this message sent: not once deleted or paused, nor once
 * the user turned its channel off (email on the alert, or Email alerts in Settings) or muted its
 * kind (Rank drops, Buy Box loss), as the check itself would not have queued it then.
 */
export type AlertState = "active" | "paused" | "deleted" | "email_off" | "emails_off" | "kind_off";

/** A pending email or webhook row, with its event and where the user wants it sent. */
export interface DueDelivery extends AlertEventMessage, StoredWebhookUrl {
  deliveryId: string;
  channel: string;
  attempts: number;
  /** Null until the first attempt; rows claimed together share it (and their attempts). */
  nextAttemptAt: string | null;
  lastError: string | null;
  /** A webhook attempt of this row timed out, so it may have arrived: a send now may repeat it. */
  mayHaveArrived: boolean;
  /** The alert as it is now (deleting it leaves the event with alert_id null). */
  alertState: AlertState;
  userId: string;
  alertEmail: string | null;
  webhookSecretCiphertext: string | null;
}

const d = notificationDeliveries;
const pending = eq(d.status, "pending");
/** An email handed to the binding whose outcome is not written yet (markSending). */
const SENDING = "sending";
const pendingOrSending = inArray(d.status, ["pending", SENDING]);

/** Why an email whose run stopped while handing it over is failed rather than sent again. */
const INTERRUPTED_EMAIL = "The run stopped while handing this email over, so whether it arrived is unknown; it is not sent again, to never send it twice";

const dueAt = (nowIso: string) => and(pending, or(isNull(d.nextAttemptAt), lte(d.nextAttemptAt, nowIso)));

/** SQL: the state of the row's alert, from alerts left-joined on its event's alert_id. */
const alertState = sql<AlertState>`case when ${alerts.id} is null then 'deleted' when ${alerts.paused} <> 0 then 'paused'
  when ${d.channel} = 'email' and ${alerts.emailEnabled} = 0 then 'email_off'
  when ${d.channel} = 'email' and coalesce(${userSettings.emailAlerts}, 1) = 0 then 'emails_off'
  when (${alerts.conditionType} = 'rank_drop' and coalesce(${userSettings.rankDrops}, 1) = 0)
    or (${alerts.conditionType} = 'buybox_lost' and coalesce(${userSettings.buyBoxLoss}, 1) = 0) then 'kind_off'
  else 'active' end`;

/** SQL: the row's alert still exists and is not paused, checked in the claiming statement itself. */
const alertStillActive = sql`exists (select 1 from ${alertEvents} inner join ${alerts} on ${alerts.id} = ${alertEvents.alertId}
  where ${alertEvents.id} = ${d.eventId} and ${alerts.paused} = 0)`;

/**
 * The pending rows due at `nowIso` of up to `maxGroups` (user, channel) pairs (two bound
 * parameters each, so at most about 45 within D1's 100), the pairs
 * with the oldest rows first, every due row of a pair together (up to `maxRows` in all), so
 * one run sends each account one message per channel.
 */
export async function dueDeliveries(db: D1Database, nowIso: string, maxGroups: number, maxRows: number): Promise<DueDelivery[]> {
  const orm = drizzle(db);
  const groups = await orm
    .select({ userId: alertEvents.workspaceId, channel: d.channel })
    .from(d)
    .innerJoin(alertEvents, eq(alertEvents.id, d.eventId))
    .where(dueAt(nowIso))
    .groupBy(alertEvents.workspaceId, d.channel)
    .orderBy(min(d.createdAt))
    .limit(maxGroups);
  if (groups.length === 0) return [];
  const inGroups = or(...groups.map((group) => and(eq(alertEvents.workspaceId, group.userId), eq(d.channel, group.channel))));
  return orm
    .select({
      deliveryId: d.id,
      channel: d.channel,
      attempts: d.attempts,
      nextAttemptAt: d.nextAttemptAt,
      lastError: d.lastError,
      mayHaveArrived: d.mayHaveArrived,
      alertState,
      id: alertEvents.id,
      alertId: alertEvents.alertId,
      userId: alertEvents.workspaceId,
      asin: alertEvents.asin,
      marketplace: alertEvents.marketplace,
      conditionType: alertEvents.conditionType,
      threshold: alertEvents.threshold,
      message: alertEvents.message,
      source: alertEvents.source,
      day: alertEvents.day,
      createdAt: alertEvents.createdAt,
      alertEmail: userSettings.alertEmail,
      webhookUrlCiphertext: userSettings.webhookUrlCiphertext,
      legacyWebhookUrl: userSettings.legacyWebhookUrl,
      webhookSecretCiphertext: userSettings.webhookSecretCiphertext,
    })
    .from(d)
    .innerJoin(alertEvents, eq(alertEvents.id, d.eventId))
    .leftJoin(alerts, eq(alerts.id, alertEvents.alertId))
    .leftJoin(userSettings, eq(userSettings.workspaceId, alertEvents.workspaceId))
    .where(and(dueAt(nowIso), inGroups))
    .orderBy(asc(d.createdAt), asc(d.id))
    .limit(maxRows);
}

/** The row as this run saw it: still pending, with the attempts it had then (so no other run took it meanwhile). */
const unchanged = (row: DueDelivery) => and(eq(d.id, row.deliveryId), eq(d.status, "pending"), eq(d.attempts, row.attempts));

/**
 * Takes a digest's rows for this run, in one round trip: counts each row's attempt and moves
 * its next_attempt_at to its lease (`leaseFor`), so a run that dies mid-send leaves the rows
 * to be retried then. Returns the rows this run took; another run may have taken the rest,
 * and a row whose alert was deleted or paused since it was read is left for the next run to cancel.
 */
export function claimDeliveries(db: D1Database, rows: DueDelivery[], leaseFor: (row: DueDelivery) => string): Promise<DueDelivery[]> {
  return updateEachUnchanged(db, rows, (row) => ({ attempts: sql`${d.attempts} + 1`, nextAttemptAt: leaseFor(row) }), alertStillActive);
}

/**
 * Updates each row as this run saw it (`unchanged`, and `also` when given), in one round trip;
 * returns the rows updated: another run may have taken the rest.
 */
async function updateEachUnchanged<Row extends DueDelivery>(
  db: D1Database,
  rows: Row[],
  set: (row: Row) => SQLiteUpdateSetSource<typeof d>,
  also?: SQL,
): Promise<Row[]> {
  if (rows.length === 0) return [];
  const orm = drizzle(db);
  const updates = rows.map((row) =>
    orm
      .update(d)
      .set(set(row))
      .where(and(unchanged(row), also))
      .returning({ id: d.id }),
  );
  const results = await orm.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
  return rows.filter((_, i) => results[i]!.length > 0);
}

/** D1 binds at most 100 parameters per statement: ids go in slices of this many. */
const IDS_PER_STATEMENT = 80;

function slices(ids: string[]): string[][] {
  const out = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) out.push(ids.slice(i, i + IDS_PER_STATEMENT));
  return out;
}

/**
 * Claimed email rows about to go to the binding: an email cannot be taken back, and has no id
 * a mailbox could drop a repeat by, so a run that stops before writing the outcome must not
 * leave it to be sent again. Past its lease such a row is failed (closeInterruptedEmails).
 */
export async function markSending(db: D1Database, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return;
  const orm = drizzle(db);
  const updates = slices(deliveryIds).map((ids) => orm.update(d).set({ status: SENDING }).where(and(inArray(d.id, ids), pending)));
  await orm.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
}

/** Fails the emails whose run stopped after handing them over, once their lease ran out; how many. */
export async function closeInterruptedEmails(db: D1Database, nowIso: string): Promise<number> {
  const closed = await drizzle(db)
    .update(d)
    .set({ status: "failed", lastError: INTERRUPTED_EMAIL, nextAttemptAt: null })
    .where(and(eq(d.status, SENDING), lte(d.nextAttemptAt, nowIso)))
    .returning({ id: d.id });
  return closed.length;
}

/**
 * `mayHaveArrived` set on the rows (an attempt timed out): never cleared, as a send after it may repeat
 * that attempt whatever fails next.
 */
const markedIf = (mayHaveArrived: boolean) => (mayHaveArrived ? { mayHaveArrived: true } : {});

/**
 * The final outcome of many rows, in one batch (all or none); `refusal` when the email service refused
 * them for good, `mayHaveArrived` when an attempt of theirs timed out.
 */
export async function finishDeliveries(
  db: D1Database,
  deliveryIds: string[],
  status: "sent" | "failed",
  lastError: string | null,
  nowIso: string,
  refusal: EmailRefusal | null = null,
  mayHaveArrived = false,
) {
  if (deliveryIds.length === 0) return;
  const orm = drizzle(db);
  const updates = slices(deliveryIds).map((ids) =>
    orm
      .update(d)
      .set({
        status,
        lastError,
        sentAt: status === "sent" ? nowIso : null,
        nextAttemptAt: null,
        refusedAddress: refusal?.refusedAddress ?? null,
        refusalCode: refusal?.refusalCode ?? null,
        ...markedIf(mayHaveArrived),
      })
      .where(and(inArray(d.id, ids), pendingOrSending)),
  );
  await orm.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
}

/**
 * Why the last attempt failed, and whether an attempt may have arrived (it timed out); the rows stay
 * pending for their retry, which `notBeforeIso` (a receiver's Retry-After) moves later than its claim
 * set, never sooner.
 */
export async function noteDeliveryErrors(db: D1Database, deliveryIds: string[], reason: string, mayHaveArrived: boolean, notBeforeIso?: string) {
  if (deliveryIds.length === 0) return;
  const orm = drizzle(db);
  const next = notBeforeIso === undefined ? {} : { nextAttemptAt: sql<string>`max(coalesce(${d.nextAttemptAt}, ''), ${notBeforeIso})` };
  // An email the binding refused was not sent: pending again for its retry.
  const updates = slices(deliveryIds).map((ids) =>
    orm
      .update(d)
      .set({ status: "pending", lastError: reason, ...markedIf(mayHaveArrived), ...next })
      .where(and(inArray(d.id, ids), pendingOrSending)),
  );
  await orm.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
}

/**
 * Closes unclaimed rows without sending them, each with its reason, in one round trip:
 * not_configured (nowhere to send them) or cancelled (their alert was deleted or paused).
 * Returns the rows closed; another run may have taken the rest first.
 */
export function closeUnsent<Row extends DueDelivery>(
  db: D1Database,
  rows: Row[],
  status: "not_configured" | "cancelled",
  reasonFor: (row: Row) => string,
): Promise<Row[]> {
  return updateEachUnchanged(db, rows, (row) => ({ status, lastError: reasonFor(row), nextAttemptAt: null }));
}

/** The row's final outcome. */
export async function finishDelivery(db: D1Database, deliveryId: string, status: "sent" | "failed", lastError: string | null, nowIso: string) {
  await drizzle(db)
    .update(d)
    .set({ status, lastError, sentAt: status === "sent" ? nowIso : null, nextAttemptAt: null })
    .where(and(eq(d.id, deliveryId), pending));
}

/**
 * When the next pending row is due (a row without a time is due now), or an email being handed
 * over runs out of its lease; null when there is none.
 */
export async function nextAttemptAtMs(db: D1Database, nowIso: string): Promise<number | null> {
  const [row] = await drizzle(db)
    .select({ next: sql<string | null>`min(coalesce(${d.nextAttemptAt}, ${nowIso}))` })
    .from(d)
    .where(pendingOrSending);
  return row?.next ? Date.parse(row.next) : null;
}
