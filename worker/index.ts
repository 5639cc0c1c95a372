import { runAlertCheck } from "./alerts/alert-check";
import { app } from "./app";
import type { Bindings } from "./env";
import { runRetention } from "./jobs/retention";
import { deliverPending } from "./notifications/deliver";

export { NotificationRetry } from "./notifications/notification-retry";
export { RateLimiter } from "./ratelimit/rate-limiter";

/** The 02:30 UTC cron: the alert check and its emails and webhooks, then retention (which runs even if they failed). */
const ALERT_CHECK_CRON = "30 2 * * *";

export default {
  fetch: app.fetch,
  async scheduled(controller, env) {
    // The 02:00 snapshot arrives with the rank-history work.
    console.log(`cron ${controller.cron} fired at ${new Date(controller.scheduledTime).toISOString()}`);
    if (controller.cron !== ALERT_CHECK_CRON) return;
    try {
      console.log("alert check", JSON.stringify(await runAlertCheck(env, controller.scheduledTime)));
      console.log("deliveries", JSON.stringify(await deliverPending(env, controller.scheduledTime)));
    } finally {
      console.log("retention", JSON.stringify(await runRetention(env, controller.scheduledTime)));
    }
  },
} satisfies ExportedHandler<Bindings>;
