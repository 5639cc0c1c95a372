import { trackedRows } from "../../dashboard/dashboard-service";
import { claimWeeklyReport } from "../../dashboard/refresh-store";
import { alertsFiredBetween, weeklyReportRecipients } from "../../dashboard/report-store";
import { unsubscribeToken, unsubscribeUrl } from "../../dashboard/unsubscribe-token";
import { sellerDayRowsOf } from "../../history/history-store";
import { isReportDay, reportWeek, sellerChanges, weeklyReportEmail } from "../../notifications/weekly-report";
import type { EmailSender } from "../../upstreams/email/sender";
import type { Services } from "../../services";

/**
 * Mondays in the 02:30 run: one weekly report email per opted-in user (the week before, Monday
 * to Sunday), each at most once per week even when the run repeats. Off when no email binding.
 */
export async function sendWeeklyReports(services: Services, nowMs: number, sender?: EmailSender): Promise<{ sent: number; failed: number } | null> {
  const { env } = services;
  if (!isReportDay(nowMs)) return null;
  const email = services.config.alertEmail;
  const send = sender ?? services.sources.alertEmail();
  if (!email || !send) return null;
  const week = reportWeek(nowMs);
  const origin = new URL(services.config.alertsPageUrl).origin;
  let sent = 0;
  let failed = 0;
  for (const recipient of await weeklyReportRecipients(env.DB)) {
    if (!(await claimWeeklyReport(env.DB, recipient.userId, week.monday))) continue;
    // The week ends on Sunday: the rows' 7-day window is read as of that day's end.
    const endOfWeek = Date.parse(`${week.toDay}T23:59:59Z`);
    const rows = await trackedRows(services, recipient.userId, {}, 7, endOfWeek);
    const changes = sellerChanges(await sellerDayRowsOf(env.DB, recipient.userId, week.fromDay, week.toDay));
    const alertsFired = await alertsFiredBetween(env.DB, recipient.userId, week.fromDay, week.toDay);
    const links = { dashboard: new URL("/seller-central", origin).href, unsubscribe: unsubscribeUrl(origin, recipient.userId, await unsubscribeToken(services, recipient.userId)) };
    try {
      await send.send(weeklyReportEmail({ fromDay: week.fromDay, toDay: week.toDay, rows, alertsFired, ...changes }, recipient.email, email.from, links));
      sent += 1;
    } catch (error) {
      // A failed send is logged; the claim stays, so a rerun never sends the week twice.
      console.error("weekly report email failed", recipient.userId, error instanceof Error ? error.message : error);
      failed += 1;
    }
  }
  return { sent, failed };
}
