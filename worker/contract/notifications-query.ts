import * as z from "zod/mini";
import { pageQueryShape } from "./pagination";

/** GET /api/notifications: unread only or all, one page at a time. (contract/notifications.ts stays zod-free for the header.) */
export const notificationQuerySchema = z.object({
  ...pageQueryShape,
  unread: z.optional(z.enum(["true", "false"], { error: "unread must be true or false" })),
});
