import { app } from "./app";
import type { Bindings } from "./env";
import { buildServices, type Services } from "./services";
import { checkAlertsAndNotify } from "./jobs/alert-check/nightly-check";
import { runRetention } from "./jobs/retention/retention";
import { runBillingSweep } from "./jobs/billing-sweep/billing-sweep";
import { startNightlyRun } from "./jobs/nightly-run/start";
import { sendReports } from "./jobs/weekly-report/weekly-report";

// Durable Object classes: wrangler.toml binds them by these names.
export { AlertCheckRunner } from "./jobs/alert-check/alert-check-runner";
export { NotificationRetry } from "./jobs/delivery/notification-retry";
export { SnapshotRunner } from "./jobs/nightly-run/snapshot-runner";
export { RateLimiter } from "./ratelimit/rate-limiter";
export { UpstreamBudget } from "./upstreams/budget/upstream-budget";

type Job = (services: Services, scheduledTime: number) => Promise<void>;

/** The 02:00 nightly run (rank points of every tracked ASIN): starts (or nudges) the day's run; its Durable Object carries it on. */
const nightlyRun: Job = async (services, scheduledTime) => {
  console.log("snapshot run", JSON.stringify(await startNightlyRun(services, scheduledTime)));
};

/** The 02:30 alert check and its emails and webhooks, the billing sweep, then retention, which runs even if they failed. */
const alertCheckThenRetention: Job = async (services, scheduledTime) => {
  try {
    const { check, deliveries } = await checkAlertsAndNotify(services, scheduledTime);
    console.log("alert check", JSON.stringify(check));
    console.log("deliveries", JSON.stringify(deliveries));
    // The daily report every day, the weekly one on Mondays (null without an email binding);
    // logged when a weekly run was due or a daily report went out (quiet days log nothing).
    const reports = await sendReports(services, scheduledTime);
    if (reports && (reports.weekly || reports.daily.sent + reports.daily.failed > 0)) console.log("reports", JSON.stringify(reports));
  } finally {
    try {
      const sweep = await runBillingSweep(services.env.DB, services.sources.billing(), services.config.stripe, scheduledTime);
      if (sweep) console.log("billing sweep", JSON.stringify(sweep));
    } finally {
      console.log("retention", JSON.stringify(await runRetention(services, scheduledTime)));
    }
  }
};

/** Cron expression (wrangler.toml [triggers]) → the job it runs. */
const JOBS: Record<string, Job> = {
  "0 2 * * *": nightlyRun,
  "30 2 * * *": alertCheckThenRetention,
};

export default {
  fetch: app.fetch,
  async scheduled(controller, env) {
    console.log(`cron ${controller.cron} fired at ${new Date(controller.scheduledTime).toISOString()}`);
    // One set of services per cron run, as per request.
    await JOBS[controller.cron]?.(buildServices(env), controller.scheduledTime);
  },
} satisfies ExportedHandler<Bindings>;
