import type { AlertList, AlertView } from "@contract/alerts";
import type { NotificationList, NotificationView } from "@contract/notifications";

/** One alert as GET /api/alerts lists it. */
export function alertView(overrides: Partial<AlertView> = {}): AlertView {
  return {
    id: "alert-1",
    asin: "B08N5WRWNW",
    conditionType: "rank_above",
    threshold: 500,
    marketplace: "US",
    email_enabled: true,
    in_app_enabled: true,
    last_triggered: null,
    paused: false,
    paused_reason: null,
    last_result: null,
    last_result_source: null,
    last_checked_day: null,
    created_at: "2026-11-20T09:00:00.000Z",
    ...overrides,
  };
}

export function alertList(alerts: AlertView[], limits: Partial<Pick<AlertList, "active" | "activeLimit">> = {}): AlertList {
  return { alerts, active: alerts.filter((alert) => !alert.paused).length, activeLimit: 5, ...limits };
}

export function notificationView(overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: "note-1",
    alertId: "alert-1",
    asin: "B08N5WRWNW",
    marketplace: "US",
    conditionType: "rank_above",
    message: "B08N5WRWNW (US): rank #812 is worse than your threshold #500",
    source: "live",
    day: "2026-11-23",
    createdAt: "2026-11-23T02:30:05.000Z",
    readAt: null,
    ...overrides,
  };
}

export function notificationList(notifications: NotificationView[]): NotificationList {
  return { notifications, unread: notifications.filter((item) => item.readAt === null).length };
}
