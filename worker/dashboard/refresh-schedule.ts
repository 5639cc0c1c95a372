import type { Plan } from "../contract/plans";
import { HOUR_MS } from "../contract/time";
import { planHasExtraRefreshes } from "../billing/entitlements";

/** Settings → Data Refresh. */
export type RefreshFrequency = "hourly" | "six_hours" | "daily" | "manual";

/** The nightly run's hour (UTC): every plan's daily snapshot, never an extra refresh. */
export const NIGHTLY_HOUR = 2;

/** Hourly and 6-hourly refreshes are Pro features; on Free they fall back to the daily run. */
export function effectiveFrequency(frequency: RefreshFrequency, plan: Plan): RefreshFrequency {
  return (frequency === "hourly" || frequency === "six_hours") && !planHasExtraRefreshes(plan) ? "daily" : frequency;
}

/**
 * Whether an extra refresh is due for `frequency` at UTC `hour`: hourly in every hour but the
 * nightly one; every 6 hours at 08, 14 and 20 (with 02, the nightly run, four a day); daily
 * and manual never.
 */
export function isExtraRefreshHour(frequency: RefreshFrequency, hour: number): boolean {
  if (hour === NIGHTLY_HOUR) return false;
  if (frequency === "hourly") return true;
  if (frequency === "six_hours") return (hour - NIGHTLY_HOUR) % 6 === 0;
  return false;
}

/** The top of the next UTC hour after `nowMs`: when the next extra refresh alarm fires. */
export function nextHourAt(nowMs: number): number {
  return Math.floor(nowMs / HOUR_MS) * HOUR_MS + HOUR_MS;
}

/**
 * getItems calls one extra refresh of `asinCount` ASINs takes (10 per call), capped at the
 * nightly run's per-invocation budget: ASINs beyond it keep their daily point only.
 */
export function extraRefreshCalls(asinCount: number, maxCallsPerInvocation: number): number {
  return Math.min(Math.ceil(asinCount / 10), maxCallsPerInvocation);
}
