import { alertCheckTimeAfterRun, checkAlertsAndNotify } from "../alert-check/nightly-check";
import { sendReports } from "../weekly-report/weekly-report";
import type { Services } from "../../services";

/**
 * Called once when a day's nightly run is done. A run that ends after 02:30 found the cron's
 * alert check deferred, so it runs the check itself, then sends the report emails the cron held
 * back (the daily one compares this morning's snapshot); an earlier one leaves both to the cron.
 */
export async function onRunFinished(services: Services, day: string): Promise<void> {
  console.log(`snapshot ${day}: run finished`);
  const checkTimeMs = alertCheckTimeAfterRun(day, Date.now());
  if (checkTimeMs === null) return;
  try {
    console.log("alert check", JSON.stringify((await checkAlertsAndNotify(services, checkTimeMs)).check));
  } finally {
    // Once per period per recipient (claimed), so a report the cron already sent is not sent again.
    const reports = await sendReports(services, checkTimeMs);
    if (reports) console.log("reports", JSON.stringify(reports));
  }
}
