import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alertEvents } from "../db/schema";
import type { AlertCondition } from "../contract/alerts";
import type { Marketplace } from "../contract/marketplaces";
import { NOTIFICATION_PAGE_SIZE, type NotificationView } from "../contract/notifications";
import type { ListOrder } from "../shared/paginate";

/**
 * In-app notifications are the alert_events rows whose in-app channel was on. Every
 * statement is keyed by the signed-in user's id: no call reaches another user's rows.
 */
const e = alertEvents;
const COLUMNS = {
  id: e.id,
  alertId: e.alertId,
  asin: e.asin,
  marketplace: e.marketplace,
  conditionType: e.conditionType,
  message: e.message,
  source: e.source,
  day: e.day,
  createdAt: e.createdAt,
  readAt: e.readAt,
};

type EventRow = Omit<NotificationView, "marketplace" | "conditionType"> & { marketplace: string; conditionType: string };

function toView(row: EventRow): NotificationView {
  return { ...row, marketplace: row.marketplace as Marketplace, conditionType: row.conditionType as AlertCondition };
}

/** The user's in-app notifications (the alert_events whose in-app channel was on). */
const ownInApp = (userId: string) => and(eq(e.workspaceId, userId), eq(e.inApp, true));
const unread = isNull(e.readAt);

/** The order of listNotifications, as a page cursor reads it: keep the two in step. */
export const NOTIFICATION_ORDER: ListOrder<NotificationView> = { by: ["createdAt", "day", "id"], descending: true };

/**
 * The user's in-app notifications (all, or only the unread ones), newest first: at most `count`,
 * after the position `after` (a sort key of NOTIFICATION_ORDER) when given. Paged here, in SQL,
 * because a user's notifications grow every day without a plan's bound.
 */
export async function listNotifications(
  db: D1Database,
  userId: string,
  unreadOnly: boolean,
  page: { after: readonly string[] | null; count: number } = { after: null, count: NOTIFICATION_PAGE_SIZE },
): Promise<NotificationView[]> {
  const [createdAt, day, id] = page.after ?? [];
  const afterPosition = page.after ? sql`(${e.createdAt}, ${e.day}, ${e.id}) < (${createdAt}, ${day}, ${id})` : undefined;
  const rows = await drizzle(db)
    .select(COLUMNS)
    .from(e)
    .where(and(ownInApp(userId), unreadOnly ? unread : undefined, afterPosition))
    .orderBy(desc(e.createdAt), desc(e.day), desc(e.id))
    .limit(page.count);
  return rows.map(toView);
}

export async function unreadCount(db: D1Database, userId: string): Promise<number> {
  return drizzle(db).$count(e, and(ownInApp(userId), unread));
}

/** Marks one of the user's notifications read (keeping the first read time); null when it has none with that id. */
export async function markRead(db: D1Database, userId: string, id: string, nowIso: string): Promise<NotificationView | null> {
  const [row] = await drizzle(db)
    .update(e)
    .set({ readAt: sql`coalesce(${e.readAt}, ${nowIso})` })
    .where(and(eq(e.id, id), ownInApp(userId)))
    .returning(COLUMNS);
  return row ? toView(row) : null;
}

export async function markAllRead(db: D1Database, userId: string, nowIso: string): Promise<void> {
  await drizzle(db).update(e).set({ readAt: nowIso }).where(and(ownInApp(userId), unread));
}
