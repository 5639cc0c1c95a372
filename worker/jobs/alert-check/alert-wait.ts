/**
 * How long the 02:30 alert check waits for the nightly run. It waits while the run is going,
 * but never past 03:30 UTC (an hour after the cron, 90 minutes into the run: 54,000 tracked
 * ASINs at Amazon's default 1 request/s): then it checks what has been snapshotted, alerts
 * without today's data are "no data", and the run re-checks those when it finishes. A paused,
 * broken or huge region therefore delays the other regions' alerts by at most an hour.
 */
export const ALERT_CHECK_MAX_WAIT_MS = 60 * 60_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last moment the check of `checkTimeMs`'s day waits for the run. */
export function alertWaitDeadline(checkTimeMs: number): number {
  return Date.parse(`${dayOf(checkTimeMs)}T02:30:00.000Z`) + ALERT_CHECK_MAX_WAIT_MS;
}

/** Whether a check at `nowMs` may still wait for a running snapshot. */
export function mayWaitForRun(nowMs: number): boolean {
  return nowMs < alertWaitDeadline(nowMs);
}

/** The check time an alarm at `nowMs` uses for the check begun at `checkTimeMs`: now, held inside that day. */
export function checkTimeAt(checkTimeMs: number, nowMs: number): number {
  return Math.min(Math.max(checkTimeMs, nowMs), Date.parse(`${dayOf(checkTimeMs)}T23:59:59.999Z`));
}
