import type { Bindings } from "../../env";
import { deleteApiKeyUsageBefore } from "../../api-keys/api-key-store";
import { usageWindowStart } from "../../api-keys/usage";
import { deleteLookupLogBefore } from "../../lookup/lookup-log-store";

/**
 * The nightly retention run (after the 02:30 alert check). The privacy page promises that
 * lookup logs and rate-limit data are kept for up to 30 days:
 * - lookup_log rows older than 30 days are deleted here, in bounded chunks so one huge
 *   backlog never becomes one huge statement;
 * - rate-limit counters live in one RateLimiter Durable Object per client, which a cron
 *   cannot enumerate, so each erases its own storage with an alarm 30 days after the
 *   client's last counted request (see RateLimiter).
 * - API key usage counts older than the 7 days Settings shows are deleted too.
 * Alert events and deliveries are the user's own notifications, kept as long as the account.
 */
export const LOOKUP_LOG_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const DELETE_CHUNK = 5_000;

export interface RetentionSummary {
  /** Rows created before this moment were deleted. */
  cutoff: string;
  lookupLogDeleted: number;
  apiKeyUsageDeleted: number;
}

export async function runRetention(env: Bindings, nowMs: number, chunk = DELETE_CHUNK): Promise<RetentionSummary> {
  const cutoff = new Date(nowMs - LOOKUP_LOG_RETENTION_DAYS * DAY_MS).toISOString();
  return {
    cutoff,
    lookupLogDeleted: await deleteLookupLogBefore(env.DB, cutoff, chunk),
    apiKeyUsageDeleted: await deleteApiKeyUsageBefore(env.DB, usageWindowStart(nowMs)),
  };
}
