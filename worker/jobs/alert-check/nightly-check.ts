import { deliverPending, type DeliverySummary } from "../delivery/deliver";
import { alertWaitDeadline } from "./alert-wait";
import { type AlertCheckOptions, type AlertCheckSummary, runAlertCheck } from "./alert-check";
import type { Services } from "../../services";

export interface NightlyCheckResult {
  check: AlertCheckSummary;
  deliveries: DeliverySummary;
}

/** One step: check the next alerts of the day of `checkTimeMs`, then send what fired. */
export async function alertCheckStep(services: Services, checkTimeMs: number, options?: AlertCheckOptions): Promise<NightlyCheckResult> {
  const check = await runAlertCheck(services, checkTimeMs, options);
  const deliveries = await deliverPending(services, Date.now());
  return { check, deliveries };
}

/**
 * The nightly alert check (the 02:30 cron, or the snapshot run finishing after 02:30). A day
 * with more active alerts than one invocation may check goes on in the AlertCheckRunner's
 * alarm chain until every alert is checked. A step that throws (D1 failing, say) still hands
 * the check to the runner before the error goes up, so the night's check is retried rather than
 * left to the next night.
 */
export async function checkAlertsAndNotify(services: Services, checkTimeMs: number, options?: AlertCheckOptions): Promise<NightlyCheckResult> {
  const runner = services.env.ALERT_CHECK_RUNNER.getByName(ALERT_CHECK_RUNNER_NAME);
  // Armed before the check: an invocation killed mid-check (its CPU or time limit, a deploy) reaches
  // no catch, and without this the day's remaining alerts, and its daily report, would wait for nobody.
  await runner
    .resume(checkTimeMs, Date.now() + ALERT_CHECK_WATCHDOG_MS)
    .catch((armError: unknown) => console.error("alert check: arming the watchdog failed", armError));
  let result: NightlyCheckResult;
  try {
    result = await alertCheckStep(services, checkTimeMs, options);
  } catch (error) {
    await runner.resume(checkTimeMs).catch((armError: unknown) => console.error("alert check: arming the retry failed", armError));
    throw error;
  }
  // Deferred: waiting for the run, but not past the bound, when the check runs on what is snapshotted.
  // Incomplete: the runner goes on now. Complete: the watchdog is not needed.
  const next = result.check.deferred ? alertWaitDeadline(checkTimeMs) : result.check.complete ? null : Date.now();
  await runner.settle(checkTimeMs, next);
  return result;
}

/** How long the runner waits for the invocation that began a check before it carries on itself: a cron's longest run. */
const ALERT_CHECK_WATCHDOG_MS = 15 * 60_000;

export const ALERT_CHECK_RUNNER_NAME = "alert-check";

/**
 * When a snapshot run that finished at `nowMs` should check the day's alerts: not before the
 * 02:30 cron (which checks them itself once the run is done), and still on `day` when the run
 * ran past midnight. Null when the cron has not come yet.
 */
export function alertCheckTimeAfterRun(day: string, nowMs: number): number | null {
  const cronTime = Date.parse(`${day}T02:30:00.000Z`);
  if (nowMs < cronTime) return null;
  return Math.min(nowMs, Date.parse(`${day}T23:59:59.999Z`));
}
