import type { Services } from "../../services";
import { checkAlertsAndNotify } from "../alert-check/nightly-check";
import { runBillingSweep } from "../billing-sweep/billing-sweep";
import { startNightlyRun } from "../nightly-run/start";
import { runRetention } from "../retention/retention";
import { sendReports } from "../weekly-report/weekly-report";

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
    // A deferred check means the snapshot run still goes: its end sends the daily report.
    const reports = await sendReports(services, scheduledTime, undefined, { daily: !check.deferred });
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
export const CRON_JOBS: Record<string, Job> = {
  "0 2 * * *": nightlyRun,
  "30 2 * * *": alertCheckThenRetention,
};
