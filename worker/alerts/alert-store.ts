import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alerts } from "../db/schema";
import type { AlertCondition, AlertPatch, AlertView, NewAlert } from "../contract/alerts";
import type { Marketplace } from "../contract/marketplaces";
import type { ListOrder } from "../shared/paginate";

/**
 * The D1 side of the Alerts API. Every statement is keyed by the signed-in user's id, so no
 * call can read or change another user's alerts. The active-alert cap is also a guard inside
 * the writing statement, so two requests at once cannot both take the last free place.
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
 * Creates an active alert; null when the user already has `activeLimit` active alerts or,
 * checked in the same statement so two identical requests at once make one alert, the same rule.
 */
export async function createAlert(
  db: D1Database,
  userId: string,
  alert: NewAlert,
  activeLimit: number | null,
): Promise<AlertView | null> {
  // Raw SQL because drizzle cannot say it: INSERT … SELECT … WHERE makes the cap check and
  // the insert one statement, so two requests at once cannot both take the last free place.
  const id = crypto.randomUUID();
  const inserted = await db
    .prepare(
      `INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold, email_enabled, in_app_enabled, connection_id)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?10
       WHERE (?9 IS NULL OR (SELECT count(*) FROM alerts WHERE workspace_id = ?2 AND paused = 0) < ?9)
         AND NOT EXISTS (SELECT 1 FROM alerts WHERE workspace_id = ?2 AND asin = ?3 AND marketplace = ?4
                         AND condition_type = ?5 AND threshold IS ?6 AND connection_id IS ?10)`,
    )
    .bind(
      id,
      userId,
      alert.asin,
      alert.marketplace,
      alert.conditionType,
      ruleThreshold(alert.conditionType, alert.threshold),
      flag(alert.email_enabled),
      flag(alert.in_app_enabled),
      activeLimit,
      alert.connectionId ?? null,
    )
    .run();
  return inserted.meta.changes > 0 ? findAlert(db, userId, id) : null;
}

/**
 * Applies a patch to one of the user's alerts. With `activeLimit` set (an un-pause), the
 * update only happens while the user is under it. Null when nothing was updated.
 */
export async function updateAlert(
  db: D1Database,
  userId: string,
  id: string,
  patch: AlertPatch,
  activeLimit: number | null,
): Promise<AlertView | null> {
  const [row] = await drizzle(db)
    .update(alerts)
    .set({
      // Only what the patch names changes; the rest keeps its value.
      ...(patch.threshold != null && { threshold: patch.threshold }),
      ...(patch.email_enabled !== undefined && { emailEnabled: patch.email_enabled }),
      ...(patch.in_app_enabled !== undefined && { inAppEnabled: patch.in_app_enabled }),
      // The user pausing or resuming it takes over from any pause the plan made.
      ...(patch.paused !== undefined && { paused: patch.paused, pausedReason: null }),
      updatedAt: new Date().toISOString(),
    })
    .where(and(ownAlert(userId, id), underActiveLimit(userId, activeLimit)))
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
