import { and, desc, eq, gte, inArray, isNotNull, or } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { alertEvents, notificationDeliveries as d, reportRecipients, reportSends } from "../db/schema";
import type { ChannelDeliveryProblem } from "../contract/channels";
import { addDays, utcDay } from "../contract/time";
import type { ReportSendState } from "./report-health";

const CHANNELS = ["email", "webhook"] as const;

/** A channel's problem, with the address the email service refused for good (null: any other failure, or a row before migration 0141). */
export type DeliveryProblemRow = Omit<ChannelDeliveryProblem, "refusedForGood"> & { refusedAddress: string | null };

/**
 * Whether a workspace's alert emails and webhooks are getting through: for each channel, the
 * latest firing that was tried, when it failed for good or is waiting for a retry after a
 * failure. A later firing that went out clears it. Without this a seller whose receiver is down
 * (or refuses every POST) would never learn that their alerts stopped arriving.
 */
export async function deliveryProblems(db: D1Database, workspaceId: string): Promise<DeliveryProblemRow[]> {
  const orm = drizzle(db);
  const tried = or(inArray(d.status, ["sent", "failed"]), and(eq(d.status, "pending"), isNotNull(d.lastError)));
  const latest = await Promise.all(
    CHANNELS.map(async (channel) => {
      const [row] = await orm
        .select({ status: d.status, lastError: d.lastError, refusedAddress: d.refusedAddress, firedAt: alertEvents.createdAt })
        .from(alertEvents)
        .innerJoin(d, and(eq(d.eventId, alertEvents.id), eq(d.channel, channel)))
        .where(and(eq(alertEvents.workspaceId, workspaceId), tried))
        .orderBy(desc(alertEvents.createdAt))
        .limit(1);
      if (!row || row.status === "sent") return null;
      const problem: DeliveryProblemRow = {
        channel,
        status: row.status === "failed" ? "failed" : "retrying",
        detail: row.lastError ?? "unknown error",
        firedAt: row.firedAt,
        refusedAddress: row.refusedAddress,
      };
      return problem;
    }),
  );
  return latest.filter((problem) => problem !== null);
}

/** How far back Settings looks for report emails that did not get through: two weekly reports. */
const REPORT_PROBLEM_DAYS = 14;

/**
 * What says whether a workspace's report emails are getting through (report-health.ts): its recent
 * sends, newest period first, and the addresses it chose and were confirmed.
 */
export async function recentReportSends(db: D1Database, workspaceId: string, nowMs: number): Promise<{ sends: ReportSendState[]; chosen: Set<string> }> {
  const orm = drizzle(db);
  const [rows, chosen] = await Promise.all([
    orm
      .select({ kind: reportSends.kind, period: reportSends.period, recipient: reportSends.recipient, status: reportSends.status, lastError: reportSends.lastError, refusedAddress: reportSends.refusedAddress })
      .from(reportSends)
      .where(and(eq(reportSends.workspaceId, workspaceId), gte(reportSends.period, addDays(utcDay(nowMs), -REPORT_PROBLEM_DAYS))))
      .orderBy(desc(reportSends.period)),
    orm
      .select({ email: reportRecipients.email })
      .from(reportRecipients)
      .where(and(eq(reportRecipients.workspaceId, workspaceId), isNotNull(reportRecipients.confirmedAt))),
  ]);
  return { sends: rows as ReportSendState[], chosen: new Set(chosen.map((row) => row.email)) };
}
