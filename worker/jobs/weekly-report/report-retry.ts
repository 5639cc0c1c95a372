import type { Services } from "../../services";
import type { EmailSender } from "../../upstreams/email/sender";
import { MAX_ATTEMPTS } from "../delivery/retry-schedule";
import { periodOf, retryEndMs } from "./report-period";
import { closeReportSend, type DueReportSend, dueReportSends, nextReportAttemptAtMs, sendKeyOf } from "./report-send-store";
import { REPORTS_PER_INVOCATION, reportRecipientsOf, sendToRecipients } from "./weekly-report";


/** Why a send handed to the binding has no outcome: its run died. It may have gone out, so it is never sent again. */
export const INTERRUPTED_SEND = "The send was interrupted, so whether it arrived is unknown; it is not sent again, to never send a report twice";

export interface ReportRetrySummary {
  sent: number;
  /** Attempts that failed in this pass (retried later, or failed for good after the last). */
  failed: number;
  /** Closed as failed without an attempt: interrupted, out of attempts, or past its period. */
  closed: number;
  /** Nobody wants them any more: the report switched off, the address removed or unconfirmed. */
  cancelled: number;
  /** When the next open send is due (ms since epoch), or null when none is open. */
  nextAttemptAtMs: number | null;
}

/**
 * One pass of the report emails' retries (the NotificationRetry alarm): every open send that is
 * due is tried again for the recipient as they are now, unless its period is over, its last
 * attempt is spent, or it was handed to the binding by a run that died (it may have gone out).
 */
export async function retryDueReports(services: Services, nowMs: number, sender?: EmailSender): Promise<ReportRetrySummary> {
  const { env } = services;
  const nowIso = new Date(nowMs).toISOString();
  const summary: ReportRetrySummary = { sent: 0, failed: 0, closed: 0, cancelled: 0, nextAttemptAtMs: null };
  const emailReady = Boolean(services.config.alertEmail && (sender ?? services.sources.alertEmail()));
  const periods = new Map<string, DueReportSend[]>();
  for (const row of await dueReportSends(env.DB, nowIso, REPORTS_PER_INVOCATION)) {
    const period = `${row.kind}\u0000${row.period}`;
    periods.set(period, [...(periods.get(period) ?? []), row]);
  }
  const errors: unknown[] = [];
  for (const rows of periods.values()) {
    // A database error on one period's sends leaves them open, and never costs the other periods theirs.
    await retryPeriod(services, rows, nowMs, summary, emailReady, sender).catch((error: unknown) => errors.push(error));
  }
  // Still due, they would bring the alarm straight back: the pass fails, and the alarm backs off (alarm-retry.ts).
  if (errors.length > 0) throw errors[0];
  summary.nextAttemptAtMs = await nextReportAttemptAtMs(env.DB, nowIso);
  return summary;
}

/** The due sends of one report period: closed when nothing is left to try, else tried again. */
async function retryPeriod(services: Services, rows: DueReportSend[], nowMs: number, summary: ReportRetrySummary, emailReady: boolean, sender?: EmailSender) {
  const { env } = services;
  const { kind, period } = rows[0]!;
  const close = async (row: DueReportSend, reason: string) => {
    await closeReportSend(env.DB, row, "failed", reason);
    summary.closed += 1;
  };
  const tryAgain: DueReportSend[] = [];
  for (const row of rows) {
    if (row.status === "sending") await close(row, INTERRUPTED_SEND);
    else if (!emailReady) await close(row, "Email is not set up on this server (ALERT_EMAIL binding and ALERT_EMAIL_FROM)");
    else if (nowMs >= retryEndMs(kind, period)) await close(row, `Not sent before the next ${kind} report was due: ${row.lastError ?? "the retries did not run"}`);
    else if (row.attempts >= MAX_ATTEMPTS) await close(row, row.lastError ?? "The final attempt did not finish");
    else tryAgain.push(row);
  }
  if (tryAgain.length === 0) return;
  const reportPeriod = periodOf(kind, period);
  const wanted = new Set(tryAgain.map(sendKeyOf));
  const recipients = (await reportRecipientsOf(services, reportPeriod)).filter((recipient) => wanted.has(sendKeyOf(recipient.key)));
  const stillWanted = new Set(recipients.map((recipient) => sendKeyOf(recipient.key)));
  for (const row of tryAgain.filter((row) => !stillWanted.has(sendKeyOf(row)))) {
    await closeReportSend(env.DB, row, "cancelled", `The ${kind} report was switched off, or its address removed, before it could be sent again`);
    summary.cancelled += 1;
  }
  const outcome = await sendToRecipients(services, reportPeriod, recipients, nowMs, sender);
  summary.sent += outcome.sent;
  summary.failed += outcome.failed;
}
