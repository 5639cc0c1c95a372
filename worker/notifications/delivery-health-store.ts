import { and, desc, eq, gte, inArray, isNotNull, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alertEvents, notificationDeliveries as d, reportRecipients, reportSends, userSettings } from "../db/schema";
import type { ChannelDeliveryProblem, ReportDeliveryProblem } from "../contract/channels";
import { addDays, utcDay } from "../contract/time";
import { reportProblemsOf, type ReportSendState, stillApplying } from "./report-health";

const CHANNELS = ["email", "webhook"] as const;

/**
 * Whether a workspace's alert emails and webhooks are getting through: for each channel, the
 * latest firing that was tried, when it failed for good or is waiting for a retry after a
 * failure. A later firing that went out clears it. Without this a seller whose receiver is down
 * (or refuses every POST) would never learn that their alerts stopped arriving.
 */
export async function deliveryProblems(db: D1Database, workspaceId: string): Promise<ChannelDeliveryProblem[]> {
  const orm = drizzle(db);
  const tried = or(inArray(d.status, ["sent", "failed"]), and(eq(d.status, "pending"), isNotNull(d.lastError)));
  const latest = await Promise.all(
    CHANNELS.map(async (channel) => {
      const [row] = await orm
        .select({ status: d.status, lastError: d.lastError, firedAt: alertEvents.createdAt })
        .from(alertEvents)
        .innerJoin(d, and(eq(d.eventId, alertEvents.id), eq(d.channel, channel)))
        .where(and(eq(alertEvents.workspaceId, workspaceId), tried))
        .orderBy(desc(alertEvents.createdAt))
        .limit(1);
      if (!row || row.status === "sent") return null;
      const problem: ChannelDeliveryProblem = {
        channel,
        status: row.status === "failed" ? "failed" : "retrying",
        detail: row.lastError ?? "unknown error",
        firedAt: row.firedAt,
      };
      return problem;
    }),
  );
  return latest.filter((problem) => problem !== null);
}

/** How far back Settings looks for report emails that did not get through: two weekly reports. */
const REPORT_PROBLEM_DAYS = 14;

/** Whether a workspace's report emails are getting through: the latest send of each report to each recipient that did not (report-health.ts). */
export async function reportDeliveryProblems(db: D1Database, workspaceId: string, nowMs: number): Promise<ReportDeliveryProblem[]> {
  const orm = drizzle(db);
  const [rows, settings, chosen] = await Promise.all([
    orm
      .select({ kind: reportSends.kind, period: reportSends.period, recipient: reportSends.recipient, status: reportSends.status, lastError: reportSends.lastError })
      .from(reportSends)
      .where(and(eq(reportSends.workspaceId, workspaceId), gte(reportSends.period, addDays(utcDay(nowMs), -REPORT_PROBLEM_DAYS))))
      .orderBy(desc(reportSends.period)),
    orm
      .select({ daily: userSettings.dailyReport, weekly: userSettings.weeklyReport, alertEmail: userSettings.alertEmail })
      .from(userSettings)
      .where(eq(userSettings.workspaceId, workspaceId))
      .get(),
    orm
      .select({ email: reportRecipients.email })
      .from(reportRecipients)
      .where(and(eq(reportRecipients.workspaceId, workspaceId), isNotNull(reportRecipients.confirmedAt))),
  ]);
  // The workspace's own report goes to its alert email (dashboard/report-store.ts): none set, none sent.
  const ownOn = (on: boolean | undefined) => Boolean(on) && Boolean(settings?.alertEmail);
  return stillApplying(reportProblemsOf(rows as ReportSendState[]), {
    daily: ownOn(settings?.daily),
    weekly: ownOn(settings?.weekly),
    chosen: new Set(chosen.map((row) => row.email)),
  });
}
