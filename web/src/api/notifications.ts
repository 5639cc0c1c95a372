import type { NotificationList, NotificationView } from "@contract/notifications";
import { responseData } from "./response-data";
import { api } from "./client";

// In-app notifications, for the notifications page. The header's unread count is unread-count.ts,
// which ships in the first-load JS.

/** Newest first, at most 50. */
export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return responseData(api.api.notifications.$get({ query: {} }, { init: { signal } }));
}

export async function markNotificationRead(id: string): Promise<NotificationView> {
  return (await responseData(api.api.notifications[":id"].read.$post({ param: { id } }))).notification;
}

/** Resolves to the unread count afterwards (0). */
export async function markAllNotificationsRead(): Promise<number> {
  return (await responseData(api.api.notifications["read-all"].$post())).unread;
}
