import * as z from "./zod-jitless";
import { pageQueryShape } from "./pagination";

/** GET /api/notifications: unread only or all, one page at a time. (contract/notifications.ts stays zod-free for the header.) */
export const notificationQuerySchema = z.object({
  ...pageQueryShape,
  unread: z
    .enum(["true", "false"], { error: "unread must be true or false" })
    .optional()
    .meta({ description: "`true` for unread notifications only.", example: "true" }),
});
