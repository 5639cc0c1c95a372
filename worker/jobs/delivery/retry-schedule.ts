/**
 * When a failed email or webhook is tried again: after 1, 5, 30 and 120 minutes, and not
 * after the fifth attempt, when the delivery is marked failed.
 */
export const MAX_ATTEMPTS = 5;
const MINUTE_MS = 60_000;
export const RETRY_DELAYS_MS = [1, 5, 30, 120].map((minutes) => minutes * MINUTE_MS);

/** The wait after `attemptsMade` attempts all failed, or null when there is no further attempt. */
export function retryDelayMs(attemptsMade: number): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1 || attemptsMade >= MAX_ATTEMPTS) return null;
  return RETRY_DELAYS_MS[attemptsMade - 1] ?? null;
}
