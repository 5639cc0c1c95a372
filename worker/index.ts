import { checkAlertsAndNotify } from "./alerts/nightly-check";
import { app } from "./app";
import type { Bindings } from "./env";
import { startSnapshotRun } from "./history/snapshot-run";
import { runRetention } from "./jobs/retention";

export { AlertCheckRunner } from "./alerts/alert-check-runner";
export { SnapshotRunner } from "./history/snapshot-runner";
export { NotificationRetry } from "./notifications/notification-retry";
export { RateLimiter } from "./ratelimit/rate-limiter";

const SNAPSHOT_CRON = "0 2 * * *";
const ALERT_CHECK_CRON = "30 2 * * *";

export default {
  fetch: app.fetch,
  async scheduled(controller, env) {
    console.log(`cron ${controller.cron} fired at ${new Date(controller.scheduledTime).toISOString()}`);
    if (controller.cron === SNAPSHOT_CRON) {
      console.log("snapshot run", JSON.stringify(await startSnapshotRun(env, controller.scheduledTime)));
    } else if (controller.cron === ALERT_CHECK_CRON) {
      // The alert check and its emails and webhooks, then retention, which runs even if they failed.
      try {
        const { check, deliveries } = await checkAlertsAndNotify(env, controller.scheduledTime);
        console.log("alert check", JSON.stringify(check));
        console.log("deliveries", JSON.stringify(deliveries));
      } finally {
        console.log("retention", JSON.stringify(await runRetention(env, controller.scheduledTime)));
      }
    }
  },
} satisfies ExportedHandler<Bindings>;
