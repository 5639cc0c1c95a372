import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alerts } from "../db/schema";
import { PLAN_TRACKED_REASON } from "../contract/billing";
import { roomToTrack } from "../billing/tracked-limit-store";
import type { AlertCondition, AlertPatch, AlertView, NewAlert } from "../contract/alerts";
import type { Marketplace } from "../contract/marketplaces";
import type { ListOrder } from "../shared/paginate";

/**
 * The D1 side of the Alerts API. Every statement is keyed by the signed-in user's id, so no
 * call can read or change another user's alerts. The active-alert cap is also a guard inside
 * the writing statement, so two requests at once cannot both take the last free place;
 * so is the tracked-ASIN limit.
 */
type AlertRecord = typeof alerts.$inferSelect;

function toView(row: AlertRecord): AlertView {
  return {
    id: row.id,
    asin: row.asin,
    conditionType: row.conditionType as AlertCondition,
    threshold: row.threshold,
    marketplace: row.marketplace as Marketplace,
    email_enabled: row.emailEnabled,
    in_app_enabled: row.inAppEnabled,
    last_triggered: row.lastTriggered,
    paused: row.paused,
    paused_reason: row.paused && row.pausedReason === "plan_limit" ? "plan_limit" : null,
    last_result: row.lastResult as AlertView["last_result"],
    last_result_source: row.lastResult === null ? null : row.lastResultSource,
    last_checked_day: row.lastCheckedDay,
    created_at: row.createdAt,
    // Only on an alert that watches one connection: every other alert keeps its documented shape.
    ...(row.connectionId ? { connectionId: row.connectionId } : {}),
  };
}

const ownAlert = (userId: string, id: string) => and(eq(alerts.id, id), eq(alerts.workspaceId, userId));

/** SQL: the user has fewer active alerts than `limit` (null: no cap). */
const underActiveLimit = (userId: string, limit: number | null) =>
  limit === null
    ? undefined
    : sql`(SELECT count(*) FROM ${alerts} WHERE ${alerts.workspaceId} = ${userId} AND ${alerts.paused} = 0) < ${limit}`;

/** The limits making an alert active is held to (null: no limit); the same as the plan's. */
export interface ActivationLimits {
  activeLimit: number | null;
  /** The plan's tracked-ASIN limit: watchlist and alerts together, each (marketplace, ASIN) once. */
  trackedLimit: number | null;
}

const flag = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);

/** listAlerts' ORDER BY, for the API's cursors (shared/paginate.ts). */
export const ALERT_ORDER: ListOrder<AlertView> = { by: ["created_at", "id"] };

export async function listAlerts(db: D1Database, userId: string): Promise<AlertView[]> {
  const rows = await drizzle(db).select().from(alerts).where(eq(alerts.workspaceId, userId)).orderBy(alerts.createdAt, alerts.id);
  return rows.map(toView);
}

export async function findAlert(db: D1Database, userId: string, id: string): Promise<AlertView | null> {
  const [row] = await drizzle(db).select().from(alerts).where(ownAlert(userId, id)).limit(1);
  return row ? toView(row) : null;
}

export async function countActiveAlerts(db: D1Database, userId: string): Promise<number> {
  return drizzle(db).$count(alerts, and(eq(alerts.workspaceId, userId), eq(alerts.paused, false)));
}

export interface AlertRule {
  asin: string;
  marketplace: string;
  conditionType: string;
  threshold: number | null;
  /** Compared when given: the same rule on another seller connection is another alert. */
  connectionId?: string | null;
}

/** The stored threshold of a rule: buybox_lost has none. */
export const ruleThreshold = (conditionType: string, threshold: number | null | undefined) =>
  conditionType === "buybox_lost" ? null : (threshold ?? null);

/** The id of the user's alert with the same rule (ASIN, marketplace, condition, threshold), other than `exceptId`; null when none. */
export async function findDuplicateAlert(db: D1Database, userId: string, rule: AlertRule, exceptId?: string): Promise<string | null> {
  const [row] = await drizzle(db)
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        eq(alerts.workspaceId, userId),
        eq(alerts.asin, rule.asin),
        eq(alerts.marketplace, rule.marketplace),
        eq(alerts.conditionType, rule.conditionType),
        rule.threshold === null ? isNull(alerts.threshold) : eq(alerts.threshold, rule.threshold),
        rule.connectionId === undefined ? undefined : rule.connectionId === null ? isNull(alerts.connectionId) : eq(alerts.connectionId, rule.connectionId),
        exceptId === undefined ? undefined : ne(alerts.id, exceptId),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Creates an active alert; null when the user already has `activeLimit` active alerts, its
 * ASIN would track one more than `trackedLimit`, or it repeats a rule. All three are checked in
 * the insert itself, so requests at once cannot pass them together (D1 runs one statement at a time).
 */
export async function createAlert(db: D1Database, userId: string, alert: NewAlert, limits: ActivationLimits): Promise<AlertView | null> {
  // Raw SQL because drizzle's insert cannot carry the WHERE of INSERT … SELECT.
  const id = crypto.randomUUID();
  const threshold = ruleThreshold(alert.conditionType, alert.threshold);
  const connectionId = alert.connectionId ?? null;
  const tracked = roomToTrack(userId, alert, limits.trackedLimit);
  const inserted = await drizzle(db).run(sql`
    INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold, email_enabled, in_app_enabled, connection_id)
    SELECT ${id}, ${userId}, ${alert.asin}, ${alert.marketplace}, ${alert.conditionType}, ${threshold}, ${flag(alert.email_enabled)}, ${flag(alert.in_app_enabled)}, ${connectionId}
    WHERE ${underActiveLimit(userId, limits.activeLimit) ?? sql`1`}
      AND ${tracked ?? sql`1`}
      AND NOT EXISTS (SELECT 1 FROM alerts WHERE workspace_id = ${userId} AND asin = ${alert.asin} AND marketplace = ${alert.marketplace}
                      AND condition_type = ${alert.conditionType} AND threshold IS ${threshold} AND connection_id IS ${connectionId})`);
  return inserted.meta.changes > 0 ? findAlert(db, userId, id) : null;
}

/**
 * Applies a patch to one of the user's alerts. With `limits` set, an un-pause only happens while
 * the user is under both, checked in the update itself; a pause of an alert the plan stopped
 * becomes the user's pause only while there is room to track its ASIN and the plan covers its
 * marketplace (else it stays stopped: plan_tracked), so pausing never tracks more than the plan allows. Null when nothing was updated.
 */
export async function updateAlert(
  db: D1Database,
  userId: string,
  id: string,
  patch: AlertPatch,
  limits: (ActivationLimits & { key: { asin: string; marketplace: string }; outsidePlan?: boolean }) | null,
): Promise<AlertView | null> {
  const resuming = patch.paused === false && limits !== null;
  const room = limits ? roomToTrack(userId, limits.key, limits.trackedLimit) : undefined;
  // Outside the plan's marketplaces a pause is never fetched (plan_tracked), whatever the room.
  const reasonOnPause = limits?.outsidePlan
    ? PLAN_TRACKED_REASON
    : room
      ? sql`CASE WHEN ${alerts.pausedReason} IS NULL OR ${room} THEN NULL ELSE ${PLAN_TRACKED_REASON} END`
      : null;
  const [row] = await drizzle(db)
    .update(alerts)
    .set({
      // Only what the patch names changes; the rest keeps its value.
      ...(patch.threshold != null && { threshold: patch.threshold }),
      ...(patch.email_enabled !== undefined && { emailEnabled: patch.email_enabled }),
      ...(patch.in_app_enabled !== undefined && { inAppEnabled: patch.in_app_enabled }),
      // The user resuming it takes over from any pause the plan made; pausing it, only while its ASIN has room.
      ...(patch.paused !== undefined && { paused: patch.paused, pausedReason: patch.paused ? reasonOnPause : null }),
      updatedAt: new Date().toISOString(),
    })
    .where(
      and(
        ownAlert(userId, id),
        resuming ? underActiveLimit(userId, limits.activeLimit) : undefined,
        resuming ? room : undefined,
      ),
    )
    .returning();
  return row ? toView(row) : null;
}

/** Deletes one of the user's alerts; false when it has none with that id. Its notifications stay. */
export async function deleteAlert(db: D1Database, userId: string, id: string): Promise<boolean> {
  const result = await drizzle(db).delete(alerts).where(ownAlert(userId, id)).run();
  return result.meta.changes > 0;
}

/** Each alert's seller connection (null: any of the workspace's), for the `connection` filter. */
export async function alertConnections(db: D1Database, workspaceId: string): Promise<Map<string, string | null>> {
  const rows = await drizzle(db).select({ id: alerts.id, connectionId: alerts.connectionId }).from(alerts).where(eq(alerts.workspaceId, workspaceId));
  return new Map(rows.map((row) => [row.id, row.connectionId]));
}
