import { trackedRows } from "../../dashboard/dashboard-service";
import { claimDailyReport, claimWeeklyReport, releaseDailyReport, releaseWeeklyReport } from "../../dashboard/refresh-store";
import { alertsFiredBetween, reportRecipients } from "../../dashboard/report-store";
import { unsubscribeToken, unsubscribeUrl } from "../../dashboard/unsubscribe-token";
import { sellerDayRowsOf } from "../../history/history-store";
import { isReportDay, reportDay, reportEmail, reportWeek, sellerChanges, type ReportKind } from "../../notifications/weekly-report";
import type { EmailSender } from "../../upstreams/email/sender";
import type { Services } from "../../services";
import { reportBrandingOf } from "../../branding/report-branding";
import { claimRecipientWeek, confirmedRecipients, releaseRecipientWeek } from "../../branding/recipient-store";
import { recipientUnsubscribeToken, recipientUnsubscribeUrl } from "../../branding/recipient-unsubscribe";
import { findConnection } from "../../connections/connection-store";
import { connectionAlertsFiredBetween } from "./connection-report-store";

type Outcome = { sent: number; failed: number };

/** What one run of one report covers: the days, the days its alerts come from, the rank window, and its once-only key. */
interface ReportPeriod {
  kind: ReportKind;
  fromDay: string;
  toDay: string;
  alertsFrom: string;
  /** Days of rank history the rows' change is over, read as of `toDay`'s end. */
  rankDays: number;
  /** Takes the user's send for this period; false when it was already sent. */
  claim: (db: D1Database, userId: string) => Promise<boolean>;
  /** Gives the user's claim back when nothing was sent: the next run tries again. */
  release: (db: D1Database, userId: string) => Promise<void>;
  /** The weekly report's Monday: addresses a workspace chose get it too, once a week. */
  monday?: string;
}

/**
 * The 02:30 run's report emails: the daily report every day (this morning's snapshot against
 * yesterday's) and, on Mondays, the weekly one (Monday to Sunday before). Each goes to the users
 * who switched it on, at most once per period even when the run repeats. Null when no email binding.
 * `daily: false` holds the daily report back while the day's snapshot run is still going (its
 * alert check deferred): the run sends it when it finishes (run-finished.ts).
 */
export async function sendReports(
  services: Services,
  nowMs: number,
  sender?: EmailSender,
  options: { daily: boolean } = { daily: true },
): Promise<{ daily: Outcome; weekly: Outcome | null } | null> {
  if (!services.config.alertEmail) return null;
  const daily = (options.daily ? await sendReport(services, dailyPeriod(nowMs), sender) : null) ?? { sent: 0, failed: 0 };
  const weekly = isReportDay(nowMs) ? await sendReport(services, weeklyPeriod(nowMs), sender) : null;
  return { daily, weekly };
}

/**
 * Mondays in the 02:30 run: one weekly report email per opted-in user (the week before, Monday
 * to Sunday), each at most once per week even when the run repeats. Off when no email binding.
 */
export async function sendWeeklyReports(services: Services, nowMs: number, sender?: EmailSender): Promise<Outcome | null> {
  if (!isReportDay(nowMs)) return null;
  return sendReport(services, weeklyPeriod(nowMs), sender);
}

/** Every day in the 02:30 run: one daily report email per opted-in user, at most once a day. */
export async function sendDailyReports(services: Services, nowMs: number, sender?: EmailSender): Promise<Outcome | null> {
  return sendReport(services, dailyPeriod(nowMs), sender);
}

function weeklyPeriod(nowMs: number): ReportPeriod {
  const week = reportWeek(nowMs);
  return {
    kind: "weekly",
    fromDay: week.fromDay,
    toDay: week.toDay,
    alertsFrom: week.fromDay,
    rankDays: 7,
    monday: week.monday,
    claim: (db, userId) => claimWeeklyReport(db, userId, week.monday),
    release: (db, userId) => releaseWeeklyReport(db, userId, week.monday),
  };
}

function dailyPeriod(nowMs: number): ReportPeriod {
  const day = reportDay(nowMs);
  // Alerts: today's check (it runs just before the reports); earlier days were in earlier reports.
  return {
    kind: "daily",
    fromDay: day.fromDay,
    toDay: day.toDay,
    alertsFrom: day.toDay,
    rankDays: 2,
    claim: (db, userId) => claimDailyReport(db, userId, day.day),
    release: (db, userId) => releaseDailyReport(db, userId, day.day),
  };
}

async function sendReport(services: Services, period: ReportPeriod, sender?: EmailSender): Promise<Outcome | null> {
  const { env } = services;
  const email = services.config.alertEmail;
  const send = sender ?? services.sources.alertEmail();
  if (!email || !send) return null;
  const origin = new URL(services.config.alertsPageUrl).origin;
  let sent = 0;
  let failed = 0;
  const dashboard = new URL("/seller-central", origin).href;
  // Members' own reports (the settings switch), then, weekly, the addresses each workspace chose and confirmed.
  // A chosen address may be for one seller connection (a client's report): `connectionId`.
  const sends: { workspaceId: string; email: string; connectionId?: string | null; chosen?: true; claim: () => Promise<boolean>; release: () => Promise<void>; unsubscribe: () => Promise<string> }[] = [];
  for (const recipient of await reportRecipients(env.DB, period.kind)) {
    sends.push({
      workspaceId: recipient.userId,
      email: recipient.email,
      claim: () => period.claim(env.DB, recipient.userId),
      release: () => period.release(env.DB, recipient.userId),
      unsubscribe: async () => unsubscribeUrl(origin, recipient.userId, await unsubscribeToken(services, recipient.userId), period.kind),
    });
  }
  const monday = period.monday;
  if (monday) {
    for (const chosen of await confirmedRecipients(env.DB)) {
      sends.push({
        ...chosen,
        chosen: true,
        claim: () => claimRecipientWeek(env.DB, chosen.workspaceId, chosen.email, monday),
        release: () => releaseRecipientWeek(env.DB, chosen.workspaceId, chosen.email, monday),
        unsubscribe: async () =>
          recipientUnsubscribeUrl(origin, chosen.workspaceId, chosen.email, await recipientUnsubscribeToken(services, chosen.workspaceId, chosen.email)),
      });
    }
  }
  // Recipients of one workspace (or one of its connections) get the same report: read it once per run.
  // Its branding is the workspace's, whichever connection a report is about: read once per workspace.
  const contents = new Map<string, Promise<ReportContent>>();
  const brandings = new Map<string, Promise<ReportBranding>>();
  const brandingOf = (workspaceId: string) => {
    if (!brandings.has(workspaceId)) brandings.set(workspaceId, reportBrandingOf(services.env, workspaceId, origin, { pngBytes: false }));
    return brandings.get(workspaceId)!;
  };
  const contentOf = (workspaceId: string, connectionId: string | null) => {
    const key = `${workspaceId}\u0000${connectionId ?? ""}`;
    if (!contents.has(key)) contents.set(key, readReportContent(services, period, workspaceId, connectionId, brandingOf));
    return contents.get(key)!;
  };
  for (const recipient of sends) {
    if (!(await recipient.claim())) continue;
    const { workspaceId } = recipient;
    // Reading the report is inside a try too: one workspace's failure never costs the others theirs.
    let message: Parameters<EmailSender["send"]>[0];
    try {
      const { data, branding } = await contentOf(workspaceId, recipient.connectionId ?? null);
      const links = {
        dashboard,
        unsubscribe: await recipient.unsubscribe(),
        ...(recipient.chosen && { reason: `You get this email because ${branding.name ?? "a RankLayer workspace"} chose this address and you confirmed it.` }),
      };
      message = reportEmail(period.kind, data, recipient.email, email.from, links, branding);
    } catch (error) {
      // Nothing went out: the claim goes back, so the next run builds and sends it.
      console.error(`${period.kind} report could not be built`, workspaceId, error instanceof Error ? error.message : error);
      failed += 1;
      await recipient.release().catch((releaseError) => console.error(`${period.kind} report claim not released`, workspaceId, releaseError));
      continue;
    }
    try {
      await send.send(message);
      sent += 1;
    } catch (error) {
      // A failed send may still have gone out: the claim stays, so a rerun never sends the period twice.
      console.error(`${period.kind} report email failed`, workspaceId, error instanceof Error ? error.message : error);
      failed += 1;
    }
  }
  return { sent, failed };
}

type ReportBranding = Awaited<ReturnType<typeof reportBrandingOf>>;
type ReportContent = { data: Parameters<typeof reportEmail>[1]; branding: ReportBranding };

/** What a workspace's report says (of one connection: a client's), and under whose name. */
async function readReportContent(
  services: Services,
  period: ReportPeriod,
  workspaceId: string,
  connectionId: string | null,
  brandingOf: (workspaceId: string) => Promise<ReportBranding>,
): Promise<ReportContent> {
  const { env } = services;
  const scope = connectionId ? await connectionScope(env.DB, workspaceId, connectionId) : null;
  const endOfPeriod = Date.parse(`${period.toDay}T23:59:59Z`);
  const rows = await trackedRows(services, workspaceId, connectionId ? { connection: connectionId } : {}, period.rankDays, endOfPeriod);
  const changes = sellerChanges(await sellerDayRowsOf(env.DB, workspaceId, period.fromDay, period.toDay, connectionId ?? undefined));
  const alertsFired = connectionId
    ? await connectionAlertsFiredBetween(env.DB, workspaceId, connectionId, period.alertsFrom, period.toDay)
    : await alertsFiredBetween(env.DB, workspaceId, period.alertsFrom, period.toDay);
  const branding = await brandingOf(workspaceId);
  return { data: { fromDay: period.fromDay, toDay: period.toDay, rows, alertsFired, ...changes, ...(scope && { client: scope }) }, branding };
}

/** The seller account a client's report is about, by the name the workspace gave it. */
async function connectionScope(db: D1Database, workspaceId: string, connectionId: string): Promise<string> {
  return (await findConnection(db, workspaceId, connectionId))?.name ?? "Seller account";
}
