import type { AlertCondition } from "./alerts";
import type { Marketplace } from "./marketplaces";

/** The most notifications one page answers, whatever `limit` asks (the bell reads one page). */
export const NOTIFICATION_PAGE_SIZE = 50;

/** In-app notifications: one per alert firing. Zod-free: the header reads the count. */
export interface NotificationView {
  id: string;
  alertId: string | null;
  asin: string;
  marketplace: Marketplace;
  conditionType: AlertCondition;
  message: string;
  /** The data it fired on: live (Amazon's) or mock (labelled in the message too); null for firings before it was kept. */
  source: "live" | "mock" | null;
  /** The UTC day the alert fired for. */
  day: string;
  createdAt: string;
  readAt: string | null;
}

/** GET /api/notifications (newest first) and GET /api/notifications/unread-count. */
export interface NotificationList {
  notifications: NotificationView[];
  unread: number;
}
export interface UnreadCount {
  unread: number;
}
