import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import { ALERT_CONDITIONS } from "../contract/alerts";
import { LOOKUP_MARKETPLACES } from "../contract/marketplaces";
import type { NotificationList, NotificationView, UnreadCount } from "../contract/notifications";
import { notificationQuerySchema } from "../contract/notifications-query";
import type { Page } from "../contract/pagination";
import { NOTIFICATION_PAGE_SIZE } from "../contract/notifications";
import { listNotifications, markAllRead, markRead, NOTIFICATION_ORDER, unreadCount } from "../notifications/notification-store";
import { commonErrors, KEY_ONLY, notFound, ok } from "../openapi/responses";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { BAD_CURSOR, paginate, positionOf } from "../shared/paginate";
import { cursorRefusal } from "../validation";

const isoTime = z.string().openapi({ format: "date-time", example: "2026-11-24T04:00:00.000Z" });
const notificationSchema: z.ZodType<NotificationView> = z
  .object({
    id: z.string(),
    alertId: z.string().nullable(),
    asin: z.string().openapi({ example: "B08N5WRWNW" }),
    marketplace: z.enum(LOOKUP_MARKETPLACES),
    conditionType: z.enum(ALERT_CONDITIONS),
    message: z.string(),
    source: z.enum(["live", "mock"]).nullable().openapi({
      description: "The data the alert fired on: live (Amazon's) or mock (labelled sample data; the message says so too). Null for firings before it was kept.",
    }),
    day: z.string().openapi({ format: "date", example: "2026-11-24" }),
    createdAt: isoTime,
    readAt: isoTime.nullable(),
  })
  .openapi("Notification");
const unreadCountSchema: z.ZodType<UnreadCount> = z.object({ unread: z.number().int() }).openapi("UnreadCount");
const notificationListSchema: z.ZodType<NotificationList & Page> = z
  .object({
    notifications: z.array(notificationSchema),
    unread: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` to get the next page; null on the last page." }),
  })
  .openapi("NotificationList");

const common = { tags: ["Alerts"], security: KEY_ONLY, middleware: [requireAccount] };

const routes = {
  list: createRoute({
    ...common, method: "get", path: "/", operationId: "listNotifications", summary: "Alert notifications, newest first (at most 50)",
    request: { query: notificationQuerySchema },
    responses: { 200: ok("One page of notifications and the unread count.", notificationListSchema), ...commonErrors },
  }),
  unreadCount: createRoute({
    ...common, method: "get", path: "/unread-count", operationId: "unreadCount", summary: "How many notifications are unread",
    responses: { 200: ok("The unread count.", unreadCountSchema), ...commonErrors },
  }),
  readAll: createRoute({
    ...common, method: "post", path: "/read-all", operationId: "markAllNotificationsRead", summary: "Mark every notification read",
    responses: { 200: ok("Nothing is unread now.", unreadCountSchema), ...commonErrors },
  }),
  read: createRoute({
    ...common, method: "post", path: "/{id}/read", operationId: "markNotificationRead", summary: "Mark one notification read (the first read time is kept)",
    request: { params: z.object({ id: z.string().openapi({ description: "The notification's id." }) }) },
    responses: { 200: ok("The notification.", z.object({ notification: notificationSchema })), 404: notFound("notification"), ...commonErrors },
  }),
};

/** /api/notifications and /api/v1/notifications: the in-app notifications alerts send. */
export const notificationRoutes = createRouter()
  .openapi(routes.list, async (c) => {
    const { workspace } = currentAccount(c);
    const query = c.req.valid("query");
    const after = query.cursor === undefined ? null : positionOf(query.cursor);
    // A key of another length is not one of this list's positions.
    if (query.cursor !== undefined && after?.length !== NOTIFICATION_ORDER.by.length) throw cursorRefusal(BAD_CURSOR);
    // A page is at most 50; one more row is read to know whether another page follows.
    const size = Math.min(query.limit ?? NOTIFICATION_PAGE_SIZE, NOTIFICATION_PAGE_SIZE);
    const [notifications, unread] = await Promise.all([
      listNotifications(c.env.DB, workspace.id, query.unread === "true", { after, count: size + 1 }),
      unreadCount(c.env.DB, workspace.id),
    ]);
    const page = paginate(notifications, NOTIFICATION_ORDER, { limit: size });
    if (!page.ok) throw cursorRefusal(page.detail);
    c.header("Cache-Control", "private, no-store");
    return c.json({ notifications: page.items, unread, next_cursor: page.next_cursor } satisfies NotificationList & Page, 200);
  })
  .openapi(routes.unreadCount, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json({ unread: await unreadCount(c.env.DB, currentAccount(c).workspace.id) } satisfies UnreadCount, 200);
  })
  .openapi(routes.readAll, async (c) => {
    await markAllRead(c.env.DB, currentAccount(c).workspace.id, new Date().toISOString());
    return c.json({ unread: 0 } satisfies UnreadCount, 200);
  })
  .openapi(routes.read, async (c) => {
    const notification = await markRead(c.env.DB, currentAccount(c).workspace.id, c.req.valid("param").id, new Date().toISOString());
    if (!notification) throw new ApiError(404, "not_found", "No such notification.");
    return c.json({ notification }, 200);
  });
