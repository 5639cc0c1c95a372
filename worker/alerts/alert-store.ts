import type { AlertCondition, AlertPatch, AlertView, NewAlert } from "../contract/alerts";
import type { Marketplace } from "../contract/marketplaces";

/**
 * The D1 side of the Alerts API. Every statement is keyed by the signed-in user's id, so no
 * call can read or change another user's alerts. The active-alert cap is also a guard inside
 * the writing statement, so two requests at once cannot both take the last free place.
 */
interface AlertRow {
  id: string;
  asin: string;
  marketplace: string;
  condition_type: string;
  threshold: number | null;
  email_enabled: number;
  in_app_enabled: number;
  paused: number;
  last_triggered: string | null;
  last_result: string | null;
  last_checked_day: string | null;
  created_at: string;
}

function toView(row: AlertRow): AlertView {
  return {
    id: row.id,
    asin: row.asin,
    conditionType: row.condition_type as AlertCondition,
    threshold: row.threshold,
    marketplace: row.marketplace as Marketplace,
    email_enabled: row.email_enabled === 1,
    in_app_enabled: row.in_app_enabled === 1,
    last_triggered: row.last_triggered,
    paused: row.paused === 1,
    last_result: row.last_result as AlertView["last_result"],
    last_checked_day: row.last_checked_day,
    created_at: row.created_at,
  };
}

const flag = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);

/** SQL: the user (parameter ?2) has fewer active alerts than the limit parameter (NULL: no cap). */
const underActiveLimit = (limitParam: string) =>
  `(${limitParam} IS NULL OR (SELECT count(*) FROM alerts WHERE user_id = ?2 AND paused = 0) < ${limitParam})`;

export async function listAlerts(db: D1Database, userId: string): Promise<AlertView[]> {
  const { results } = await db
    .prepare("SELECT * FROM alerts WHERE user_id = ? ORDER BY created_at, id")
    .bind(userId)
    .all<AlertRow>();
  return results.map(toView);
}

export async function findAlert(db: D1Database, userId: string, id: string): Promise<AlertView | null> {
  const row = await db.prepare("SELECT * FROM alerts WHERE id = ? AND user_id = ?").bind(id, userId).first<AlertRow>();
  return row ? toView(row) : null;
}

export async function countActiveAlerts(db: D1Database, userId: string): Promise<number> {
  const row = await db
    .prepare("SELECT count(*) AS active FROM alerts WHERE user_id = ? AND paused = 0")
    .bind(userId)
    .first<{ active: number }>();
  return row?.active ?? 0;
}

/** Creates an active alert; null when the user already has `activeLimit` active alerts. */
export async function createAlert(
  db: D1Database,
  userId: string,
  alert: NewAlert,
  activeLimit: number | null,
): Promise<AlertView | null> {
  const row = await db
    .prepare(
      `INSERT INTO alerts (id, user_id, asin, marketplace, condition_type, threshold, email_enabled, in_app_enabled)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE ${underActiveLimit("?9")}
       RETURNING *`,
    )
    .bind(
      crypto.randomUUID(),
      userId,
      alert.asin,
      alert.marketplace,
      alert.conditionType,
      alert.conditionType === "buybox_lost" ? null : (alert.threshold ?? null),
      flag(alert.email_enabled),
      flag(alert.in_app_enabled),
      activeLimit,
    )
    .first<AlertRow>();
  return row ? toView(row) : null;
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
  const row = await db
    .prepare(
      `UPDATE alerts SET
         threshold = coalesce(?3, threshold),
         email_enabled = coalesce(?4, email_enabled),
         in_app_enabled = coalesce(?5, in_app_enabled),
         paused = coalesce(?6, paused),
         updated_at = ?7
       WHERE id = ?1 AND user_id = ?2 AND ${underActiveLimit("?8")}
       RETURNING *`,
    )
    .bind(
      id,
      userId,
      patch.threshold ?? null,
      flag(patch.email_enabled),
      flag(patch.in_app_enabled),
      flag(patch.paused),
      new Date().toISOString(),
      activeLimit,
    )
    .first<AlertRow>();
  return row ? toView(row) : null;
}

/** Deletes one of the user's alerts; false when it has none with that id. Its notifications stay. */
export async function deleteAlert(db: D1Database, userId: string, id: string): Promise<boolean> {
  const result = await db.prepare("DELETE FROM alerts WHERE id = ? AND user_id = ?").bind(id, userId).run();
  return result.meta.changes > 0;
}
