import { app } from "./app";
import type { Bindings } from "./env";
import { startSnapshotRun } from "./history/snapshot-run";

export { RateLimiter } from "./ratelimit/rate-limiter";
export { SnapshotRunner } from "./history/snapshot-runner";

export default {
  fetch: app.fetch,
  async scheduled(controller, env) {
    console.log(`cron ${controller.cron} fired at ${new Date(controller.scheduledTime).toISOString()}`);
    if (controller.cron === "0 2 * * *") await startSnapshotRun(env, controller.scheduledTime);
  },
} satisfies ExportedHandler<Bindings>;
