import { app } from "./app";
import type { Bindings } from "./env";

export { NotificationRetry } from "./notifications/notification-retry";
export { RateLimiter } from "./ratelimit/rate-limiter";

export default {
  fetch: app.fetch,
  async scheduled(controller) {
    // The 02:00 snapshot and the 02:30 alert check arrive with the rank-history work.
    console.log(`cron ${controller.cron} fired at ${new Date(controller.scheduledTime).toISOString()}`);
  },
} satisfies ExportedHandler<Bindings>;
