import type { NotificationList, NotificationView } from "../../../worker/contract/notifications";
import { ApiError } from "./api-error";
import { api } from "./client";

// In-app notifications (issue 5). Zod-free: the header's unread badge ships in the first-load JS.
// apiFetch has already thrown for any non-2xx; the `ok` checks narrow hc's unions.

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const response = await api.api.notifications["unread-count"].$get(undefined, { init: { signal } });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return (await response.json()).unread;
}

/** Newest first, at most 50. */
export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationList> {
  const response = await api.api.notifications.$get({ query: {} }, { init: { signal } });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

export async function markNotificationRead(id: string): Promise<NotificationView> {
  const response = await api.api.notifications[":id"].read.$post({ param: { id } });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return (await response.json()).notification;
}

/** Resolves to the unread count afterwards (0). */
export async function markAllNotificationsRead(): Promise<number> {
  const response = await api.api.notifications["read-all"].$post();
  if (!response.ok) throw new ApiError(response.status, undefined);
  return (await response.json()).unread;
}
