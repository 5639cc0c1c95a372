import { alertCheckTimeAfterRun, checkAlertsAndNotify } from "../alert-check/nightly-check";
import type { Services } from "../../services";

/**
 * Called once when a day's nightly run is done. A run that ends after 02:30 found the cron's
 * alert check deferred, so it runs the check itself; an earlier one leaves it to the cron.
 */
export async function onRunFinished(services: Services, day: string): Promise<void> {
  console.log(`snapshot ${day}: run finished`);
  const checkTimeMs = alertCheckTimeAfterRun(day, Date.now());
  if (checkTimeMs === null) return;
  console.log("alert check", JSON.stringify((await checkAlertsAndNotify(services, checkTimeMs)).check));
}
