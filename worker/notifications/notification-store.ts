import type { AlertCondition } from "../contract/alerts";
import type { Marketplace } from "../contract/marketplaces";
import type { NotificationView } from "../contract/notifications";

/**
 * In-app notifications are the alert_events rows whose in-app channel was on. Every
 * statement is keyed by the signed-in user's id: no call reaches another user's rows.
 */
export const NOTIFICATION_PAGE_SIZE = 50;

interface EventRow {
  id: string;
  alert_id: string | null;
  asin: string;
  marketplace: string;
  condition_type: string;
  message: string;
  day: string;
  created_at: string;
  read_at: string | null;
}

function toView(row: EventRow): NotificationView {
  return {
    id: row.id,
    alertId: row.alert_id,
    asin: row.asin,
    marketplace: row.marketplace as Marketplace,
    conditionType: row.condition_type as AlertCondition,
    message: row.message,
    day: row.day,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

const COLUMNS = "id, alert_id, asin, marketplace, condition_type, message, day, created_at, read_at";

/** The user's newest in-app notifications (all, or only the unread ones). */
export async function listNotifications(db: D1Database, userId: string, unreadOnly: boolean): Promise<NotificationView[]> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM alert_events
       WHERE user_id = ? AND in_app = 1 ${unreadOnly ? "AND read_at IS NULL" : ""}
       ORDER BY created_at DESC, day DESC, id DESC LIMIT ?`,
    )
    .bind(userId, NOTIFICATION_PAGE_SIZE)
    .all<EventRow>();
  return results.map(toView);
}

export async function unreadCount(db: D1Database, userId: string): Promise<number> {
  const row = await db
    .prepare("SELECT count(*) AS unread FROM alert_events WHERE user_id = ? AND in_app = 1 AND read_at IS NULL")
    .bind(userId)
    .first<{ unread: number }>();
  return row?.unread ?? 0;
}

/** Marks one of the user's notifications read (keeping the first read time); null when it has none with that id. */
export async function markRead(db: D1Database, userId: string, id: string, nowIso: string): Promise<NotificationView | null> {
  const row = await db
    .prepare(
      `UPDATE alert_events SET read_at = coalesce(read_at, ?3) WHERE id = ?1 AND user_id = ?2 AND in_app = 1 RETURNING ${COLUMNS}`,
    )
    .bind(id, userId, nowIso)
    .first<EventRow>();
  return row ? toView(row) : null;
}

export async function markAllRead(db: D1Database, userId: string, nowIso: string): Promise<void> {
  await db
    .prepare("UPDATE alert_events SET read_at = ? WHERE user_id = ? AND in_app = 1 AND read_at IS NULL")
    .bind(nowIso, userId)
    .run();
}
