import type { ComponentStatus } from "../contract/status-components";
import { readRecentLookups as readRecentLookupsOf, type RecentLookups } from "../lookup/lookup-log-store";

export type { RecentLookups };

/** Look-back for upstream failures, and how many make the source "failing". */
export const FAILURE_WINDOW_MINUTES = 5;
export const FAILURE_THRESHOLD = 3;

/**
 * The product source's state: mock without credentials; failing when recent upstream
 * failures reach the threshold and outnumber live answers; operational otherwise.
 */
export function productSourceStatus(
  configured: boolean,
  recent: RecentLookups,
): { status: ComponentStatus; detail: string } {
  if (!configured) {
    return { status: "mock", detail: "No Creators API credentials are set, so lookups show labelled mock data." };
  }
  if (recent.failures >= FAILURE_THRESHOLD && recent.failures > recent.liveSuccesses) {
    return {
      status: "failing",
      detail: `${recent.failures} lookups failed upstream in the last ${FAILURE_WINDOW_MINUTES} minutes; cached data under 24 hours old is still served.`,
    };
  }
  return { status: "operational", detail: "Live Amazon data, cached for up to 24 hours." };
}

/** Upstream failures and live answers within the failure window. */
export function readRecentLookups(db: D1Database): Promise<RecentLookups> {
  return readRecentLookupsOf(db, FAILURE_WINDOW_MINUTES);
}
