import { alertCheckTimeAfterRun, checkAlertsAndNotify } from "../alert-check/nightly-check";
import { sendReports } from "../weekly-report/weekly-report";
import type { Services } from "../../services";
import { workspacesWithClients } from "../../connections/connection-store";
import { warmPortfolioRollup } from "../../dashboard/portfolio-service";

/** How long the run's end may spend keeping agencies' portfolio roll-ups; the rest are computed by their first view. */
export const PORTFOLIO_WARM_BUDGET_MS = 30_000;

/**
 * Called once when a day's nightly run is done. A run that ends after 02:30 found the cron's
 * alert check deferred, so it runs the check itself, then sends the report emails the cron held
 * back (the daily one compares this morning's snapshot); an earlier one leaves both to the cron.
 * Then, whatever those did, it keeps the agencies' portfolio roll-ups: the day's seller rows are written.
 */
export async function onRunFinished(services: Services, day: string): Promise<void> {
  console.log(`snapshot ${day}: run finished`);
  try {
    await deferredAlertCheck(services, day);
  } finally {
    await warmPortfolioRollups(services.env.DB, Date.now()).catch((error) => console.error("portfolio roll-ups not kept:", error));
  }
}

async function deferredAlertCheck(services: Services, day: string): Promise<void> {
  const checkTimeMs = alertCheckTimeAfterRun(day, Date.now());
  if (checkTimeMs === null) return;
  let checked = false;
  try {
    const { check } = await checkAlertsAndNotify(services, checkTimeMs);
    console.log("alert check", JSON.stringify(check));
    checked = check.complete;
  } finally {
    // Once per period per recipient (report_sends), so a report the cron already sent is not sent again;
    // the daily one only on a complete check (else the AlertCheckRunner sends it when it completes).
    const reports = await sendReports(services, checkTimeMs, undefined, { daily: checked, clockMs: Date.now() });
    if (reports) console.log("reports", JSON.stringify(reports));
  }
}

/**
 * Keeps the 30-day portfolio roll-up of each workspace with several seller connections (the seller
 * rows no longer change until the next run), most connections first, within the time budget. A
 * failure is logged and skipped: the view computes what is missing.
 */
export async function warmPortfolioRollups(db: D1Database, nowMs: number, budgetMs = PORTFOLIO_WARM_BUDGET_MS): Promise<{ kept: number; left: number }> {
  const workspaces = await workspacesWithClients(db);
  const deadline = Date.now() + budgetMs;
  let kept = 0;
  for (const workspaceId of workspaces) {
    if (Date.now() >= deadline) break;
    try {
      await warmPortfolioRollup(db, workspaceId, nowMs);
      kept += 1;
    } catch (error) {
      console.error("portfolio roll-up of", workspaceId, "not kept:", error);
    }
  }
  const result = { kept, left: workspaces.length - kept };
  if (workspaces.length) console.log("portfolio roll-ups", JSON.stringify(result));
  return result;
}
