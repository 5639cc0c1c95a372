import type { Bindings } from "../../env";

/** The single NotificationRetry object that keeps the retry alarm of alert deliveries and report emails. */
export const NOTIFICATION_RETRY_NAME = "notification-retry";

/**
 * Arms the NotificationRetry alarm at `atMs` (an earlier one already set stays). A failure is
 * logged, not thrown: what is waiting stays in D1, and the next nightly run arms the alarm again.
 */
export async function armRetryAlarm(env: Bindings, atMs: number, what: string): Promise<void> {
  try {
    await env.NOTIFICATION_RETRY.getByName(NOTIFICATION_RETRY_NAME).schedule(atMs);
  } catch (error) {
    console.error(`could not arm the retry alarm for ${what}; the next nightly run picks them up`, error);
  }
}
