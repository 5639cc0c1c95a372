import type { ComponentStatus } from "../contract/status-components";

/** Look-back for upstream failures, and how many make the source "failing". */
export const FAILURE_WINDOW_MINUTES = 5;
export const FAILURE_THRESHOLD = 3;

export interface RecentLookups {
  /** Lookups answered 503 because the upstream failed (lookup_log.status = 503). */
  failures: number;
  /** Lookups answered with live upstream data. */
  liveSuccesses: number;
}

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

/** Columns as in worker/db/schema.ts (lookup_log); created_at is ISO 8601 UTC, so it compares as text. */
const RECENT_LOOKUPS = `SELECT
    coalesce(sum(status = 503), 0) AS failures,
    coalesce(sum(source = 'live'), 0) AS liveSuccesses
  FROM lookup_log
  WHERE created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)`;

export async function readRecentLookups(db: D1Database): Promise<RecentLookups> {
  const row = await db.prepare(RECENT_LOOKUPS).bind(`-${FAILURE_WINDOW_MINUTES} minutes`).first<RecentLookups>();
  return { failures: row?.failures ?? 0, liveSuccesses: row?.liveSuccesses ?? 0 };
}
