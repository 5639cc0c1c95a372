import { Hono } from "hono";
import { currentAccount, requireAccount } from "../auth/session-middleware";
import type { AppEnv } from "../env";
import { listNotifications, markAllRead, markRead, unreadCount } from "../notifications/notification-store";
import type { NotificationList, UnreadCount } from "../contract/notifications";
import type { Page } from "../contract/pagination";
import { notificationQuerySchema } from "../contract/notifications-query";
import { paginate } from "../shared/paginate";
import { cursorError, zodValidator } from "../validation";

export const notificationRoutes = new Hono<AppEnv>()
  .get("/", requireAccount, zodValidator("query", notificationQuerySchema), async (c) => {
    const { user } = currentAccount(c);
    const query = c.req.valid("query");
    const [notifications, unread] = await Promise.all([
      listNotifications(c.env.DB, user.id, query.unread === "true"),
      unreadCount(c.env.DB, user.id),
    ]);
    const page = paginate(notifications, (notification) => notification.id, query);
    if (!page.ok) return c.json(cursorError(page.detail), 422);
    c.header("Cache-Control", "private, no-store");
    return c.json({ notifications: page.items, unread, next_cursor: page.next_cursor } satisfies NotificationList & Page, 200);
  })
  .get("/unread-count", requireAccount, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json({ unread: await unreadCount(c.env.DB, currentAccount(c).user.id) } satisfies UnreadCount, 200);
  })
  .post("/read-all", requireAccount, async (c) => {
    await markAllRead(c.env.DB, currentAccount(c).user.id, new Date().toISOString());
    return c.json({ unread: 0 } satisfies UnreadCount, 200);
  })
  .post("/:id/read", requireAccount, async (c) => {
    const notification = await markRead(c.env.DB, currentAccount(c).user.id, c.req.param("id"), new Date().toISOString());
    return notification ? c.json({ notification }, 200) : c.json({ detail: "No such notification." }, 404);
  });
