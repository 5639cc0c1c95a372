import { and, asc, eq, isNull, lte, min, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alertEvents, notificationDeliveries, userSettings } from "../../db/schema";
import type { AlertEventMessage } from "../../notifications/alert-event";

/** The D1 side of the notification outbox (notification_deliveries). */

/** A pending email or webhook row, with its event and where the user wants it sent. */
export interface DueDelivery extends AlertEventMessage {
  deliveryId: string;
  channel: string;
  attempts: number;
  lastError: string | null;
  userId: string;
  alertEmail: string | null;
  webhookUrl: string | null;
  webhookSecretCiphertext: string | null;
}

const d = notificationDeliveries;
const pending = eq(d.status, "pending");

const dueAt = (nowIso: string) => and(pending, or(isNull(d.nextAttemptAt), lte(d.nextAttemptAt, nowIso)));

/**
 * The pending rows due at `nowIso` of up to `maxGroups` (user, channel) pairs, the pairs
 * with the oldest rows first, every due row of a pair together (up to `maxRows` in all), so
 * one run sends each account one message per channel.
 */
export async function dueDeliveries(db: D1Database, nowIso: string, maxGroups: number, maxRows: number): Promise<DueDelivery[]> {
  const orm = drizzle(db);
  const groups = await orm
    .select({ userId: alertEvents.userId, channel: d.channel })
    .from(d)
    .innerJoin(alertEvents, eq(alertEvents.id, d.eventId))
    .where(dueAt(nowIso))
    .groupBy(alertEvents.userId, d.channel)
    .orderBy(min(d.createdAt))
    .limit(maxGroups);
  if (groups.length === 0) return [];
  const inGroups = or(...groups.map((group) => and(eq(alertEvents.userId, group.userId), eq(d.channel, group.channel))));
  return orm
    .select({
      deliveryId: d.id,
      channel: d.channel,
      attempts: d.attempts,
      lastError: d.lastError,
      id: alertEvents.id,
      alertId: alertEvents.alertId,
      userId: alertEvents.userId,
      asin: alertEvents.asin,
      marketplace: alertEvents.marketplace,
      conditionType: alertEvents.conditionType,
      threshold: alertEvents.threshold,
      message: alertEvents.message,
      day: alertEvents.day,
      createdAt: alertEvents.createdAt,
      alertEmail: userSettings.alertEmail,
      webhookUrl: userSettings.webhookUrl,
      webhookSecretCiphertext: userSettings.webhookSecretCiphertext,
    })
    .from(d)
    .innerJoin(alertEvents, eq(alertEvents.id, d.eventId))
    .leftJoin(userSettings, eq(userSettings.userId, alertEvents.userId))
    .where(and(dueAt(nowIso), inGroups))
    .orderBy(asc(d.createdAt), asc(d.id))
    .limit(maxRows);
}

/** The row as this run saw it: still pending, with the attempts it had then (so no other run took it meanwhile). */
const unchanged = (row: DueDelivery) => and(eq(d.id, row.deliveryId), eq(d.status, "pending"), eq(d.attempts, row.attempts));

/**
 * Takes the row for this run: counts the attempt and moves next_attempt_at to `leaseUntilIso`,
 * so a run that dies mid-send leaves the row to be retried then. False when another run took it first.
 */
export async function claimDelivery(db: D1Database, row: DueDelivery, leaseUntilIso: string): Promise<boolean> {
  const claimed = await drizzle(db)
    .update(d)
    .set({ attempts: sql`${d.attempts} + 1`, nextAttemptAt: leaseUntilIso })
    .where(unchanged(row))
    .returning({ id: d.id });
  return claimed.length > 0;
}

/** Marks an unclaimed row not_configured with the reason; false when another run took it first. */
export async function markNotConfigured(db: D1Database, row: DueDelivery, reason: string): Promise<boolean> {
  const updated = await drizzle(db)
    .update(d)
    .set({ status: "not_configured", lastError: reason, nextAttemptAt: null })
    .where(unchanged(row))
    .returning({ id: d.id });
  return updated.length > 0;
}

/** The row's final outcome. */
export async function finishDelivery(db: D1Database, deliveryId: string, status: "sent" | "failed", lastError: string | null, nowIso: string) {
  await drizzle(db)
    .update(d)
    .set({ status, lastError, sentAt: status === "sent" ? nowIso : null, nextAttemptAt: null })
    .where(and(eq(d.id, deliveryId), pending));
}

/** Why the last attempt failed; the row stays pending for its retry. */
export async function noteDeliveryError(db: D1Database, deliveryId: string, reason: string) {
  await drizzle(db).update(d).set({ lastError: reason }).where(and(eq(d.id, deliveryId), pending));
}

/** When the next pending row is due (a row without a time is due now), or null when none is pending. */
export async function nextAttemptAtMs(db: D1Database, nowIso: string): Promise<number | null> {
  const [row] = await drizzle(db)
    .select({ next: sql<string | null>`min(coalesce(${d.nextAttemptAt}, ${nowIso}))` })
    .from(d)
    .where(pending);
  return row?.next ? Date.parse(row.next) : null;
}
