import type { Services } from "../../services";
import { checkAlertsAndNotify } from "../alert-check/nightly-check";
import { runBillingSweep, sweepBudgetMs } from "../billing-sweep/billing-sweep";
import { startNightlyRun, startNightlyRunFrom } from "../nightly-run/start";
import { findNightlyRun } from "../nightly-run-store";
import { utcDay } from "../../contract/time";
import { runRetention } from "../retention/retention";
import { sendReports } from "../weekly-report/weekly-report";

type Job = (services: Services, scheduledTime: number) => Promise<void>;

/** The 02:00 nightly run (rank points of every tracked ASIN): starts (or nudges) the day's run; its Durable Object carries it on. */
const nightlyRun: Job = async (services, scheduledTime) => {
  console.log("snapshot run", JSON.stringify(await startNightlyRun(services, scheduledTime)));
};

/** The 02:30 alert check and its emails and webhooks, the reports, the billing sweep, then retention, which runs even if they failed. */
const alertCheckThenRetention: Job = async (services, scheduledTime) => {
  const startedMs = Date.now();
  // The daily report lists the day's firings, so it waits for the day's whole check: one held
  // back (the snapshot run still going, more alerts than one invocation checks, or a failed step)
  // is sent by whatever completes the check (the AlertCheckRunner, or the run's end).
  let checked = false;
  try {
    // A day whose 02:00 run never began (that invocation failed or never came) would have no
    // snapshot at all, and its alerts and reports only yesterday's data: it begins now, and the
    // check waits for it as for any run. A run whose alarm chain died (its retries spent on a D1
    // outage) is armed again; a done run is left alone.
    // The run as found (or started) here: the check does not read it again.
    const nightlyRun = await resumeNightlyRun(services, scheduledTime).catch((error: unknown) => {
      console.error("snapshot run not started by the 02:30 run", error);
      return undefined;
    });
    const { check, deliveries } = await checkAlertsAndNotify(services, scheduledTime, { nightlyRun });
    console.log("alert check", JSON.stringify(check));
    console.log("deliveries", JSON.stringify(deliveries));
    checked = check.complete;
  } finally {
    try {
      // The weekly report (Mondays) covers the week before, so it never waits for today's check.
      // The outbox's leases and retries run on the clock, not the cron's scheduled time: the check may have taken minutes.
      const reports = await sendReports(services, scheduledTime, undefined, { daily: checked, clockMs: Date.now() });
      if (reports && (reports.weekly || reports.daily.sent + reports.daily.failed > 0)) console.log("reports", JSON.stringify(reports));
    } finally {
      await billingSweepThenRetention(services, scheduledTime, startedMs);
    }
  }
};

/** The day's run, started when missing or armed again when running: whether it is done or running now. */
async function resumeNightlyRun(services: Services, scheduledTime: number): Promise<"done" | "running"> {
  const day = utcDay(scheduledTime);
  const run = await findNightlyRun(services.env.DB, day);
  if (!run) console.warn("snapshot run missing at 02:30: starting it now");
  return (await startNightlyRunFrom(services, day, run, scheduledTime)).status;
}

async function billingSweepThenRetention(services: Services, scheduledTime: number, startedMs: number): Promise<void> {
  try {
    const budgetMs = sweepBudgetMs(startedMs, Date.now());
    const sweep = await runBillingSweep(services.env.DB, services.sources.billing(), services.config.stripe, scheduledTime, undefined, undefined, budgetMs);
    if (sweep) console.log("billing sweep", JSON.stringify(sweep));
  } finally {
    console.log("retention", JSON.stringify(await runRetention(services, scheduledTime)));
  }
}

/** Cron expression (wrangler.toml [triggers]) → the job it runs. */
export const CRON_JOBS: Record<string, Job> = {
  "0 2 * * *": nightlyRun,
  "30 2 * * *": alertCheckThenRetention,
};
