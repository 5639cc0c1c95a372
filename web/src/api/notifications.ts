import type { NotificationList, NotificationView, UnreadCount } from "../../../worker/schemas/notifications";
import { getJson, sendJson } from "./json-request";

// In-app notifications (issue 5). Zod-free: the header's unread badge ships in the first-load JS.

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await getJson<UnreadCount>("/api/notifications/unread-count", {}, signal)).unread;
}

/** Newest first, at most 50. */
export function fetchNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return getJson<NotificationList>("/api/notifications", {}, signal);
}

export async function markNotificationRead(id: string): Promise<NotificationView> {
  const response = await sendJson("POST", `/api/notifications/${encodeURIComponent(id)}/read`);
  return ((await response.json()) as { notification: NotificationView }).notification;
}

/** Resolves to the unread count afterwards (0). */
export async function markAllNotificationsRead(): Promise<number> {
  const response = await sendJson("POST", "/api/notifications/read-all");
  return ((await response.json()) as UnreadCount).unread;
}
