import * as z from "./zod-jitless";
import { NOTIFICATION_PAGE_SIZE } from "./notifications";
import { PAGE_LIMIT_MAX, pageQueryShape } from "./pagination";

/** GET /api/notifications: unread only or all, one page at a time. (contract/notifications.ts stays zod-free for the header.) */
export const notificationQuerySchema = z.object({
  ...pageQueryShape,
  // The same validator as every list's, but a page never holds more than NOTIFICATION_PAGE_SIZE: said so, not "the whole list".
  limit: pageQueryShape.limit.meta({
    type: "integer",
    minimum: 1,
    maximum: PAGE_LIMIT_MAX,
    description: `Items per page, 1–${PAGE_LIMIT_MAX}, of which at most ${NOTIFICATION_PAGE_SIZE} are answered; without it, ${NOTIFICATION_PAGE_SIZE}. Follow \`next_cursor\` for the rest.`,
    example: NOTIFICATION_PAGE_SIZE,
  }),
  unread: z
    .enum(["true", "false"], { error: "unread must be true or false" })
    .optional()
    .meta({ description: "`true` for unread notifications only.", example: "true" }),
});
