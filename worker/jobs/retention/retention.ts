import type { Bindings } from "../../env";

/**
 * The nightly retention run (after the 02:30 alert check). The privacy page promises that
 * lookup logs and rate-limit data are kept for up to 30 days:
 * - lookup_log rows older than 30 days are deleted here, in bounded chunks so one huge
 *   backlog never becomes one huge statement;
 * - rate-limit counters live in one RateLimiter Durable Object per client, which a cron
 *   cannot enumerate, so each erases its own storage with an alarm 30 days after the
 *   client's last counted request (worker/ratelimit/rate-limiter.ts).
 * Alert events and deliveries are the user's own notifications; the spec sets no limit on them.
 */
export const LOOKUP_LOG_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const DELETE_CHUNK = 5_000;

export interface RetentionSummary {
  /** Rows created before this moment were deleted. */
  cutoff: string;
  lookupLogDeleted: number;
}

export async function runRetention(env: Bindings, nowMs: number, chunk = DELETE_CHUNK): Promise<RetentionSummary> {
  const cutoff = new Date(nowMs - LOOKUP_LOG_RETENTION_DAYS * DAY_MS).toISOString();
  const deleteChunk = env.DB.prepare(
    "DELETE FROM lookup_log WHERE id IN (SELECT id FROM lookup_log WHERE created_at < ? ORDER BY id LIMIT ?)",
  ).bind(cutoff, chunk);
  let lookupLogDeleted = 0;
  for (;;) {
    const { meta } = await deleteChunk.run();
    lookupLogDeleted += meta.changes;
    if (meta.changes < chunk) return { cutoff, lookupLogDeleted };
  }
}
