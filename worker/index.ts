import { app } from "./app";
import type { Bindings } from "./env";
import { buildServices } from "./services";
import { isApiPath, siteNotFound } from "./site/not-found";

// Durable Object classes: wrangler.toml binds them by these names. The job runners load their
// jobs on their first alarm, as the cron handler does: a fetch never needs them.
export { AlertCheckRunner } from "./jobs/alert-check/alert-check-runner";
export { NotificationRetry } from "./jobs/notification-retry/notification-retry";
export { SnapshotRunner } from "./jobs/nightly-run/snapshot-runner";
export { RateLimiter } from "./ratelimit/rate-limiter";
export { UpstreamBudget } from "./upstreams/budget/upstream-budget";

export default {
  // Any other path reaching the Worker named no file in dist/ (or is /404): the site's 404.
  fetch: (request, env, ctx) => (isApiPath(new URL(request.url).pathname) ? app.fetch(request, env, ctx) : siteNotFound(request, env.ASSETS)),
  async scheduled(controller, env) {
    console.log(`cron ${controller.cron} fired at ${new Date(controller.scheduledTime).toISOString()}`);
    const { CRON_JOBS } = await import("./jobs/cron/cron-jobs");
    // One set of services per cron run, as per request.
    await CRON_JOBS[controller.cron]?.(buildServices(env), controller.scheduledTime);
  },
} satisfies ExportedHandler<Bindings>;
