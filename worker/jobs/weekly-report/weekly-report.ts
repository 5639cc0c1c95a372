import { trackedRows } from "../../dashboard/dashboard-service";
import { alertsFiredAfter, alertsFiredBetween, reportRecipients } from "../../dashboard/report-store";
import { unsubscribeToken, unsubscribeUrl } from "../../dashboard/unsubscribe-token";
import { sellerDayRowsOf } from "../../history/history-store";
import { isReportDay, reportEmail, sellerChanges } from "../../notifications/weekly-report";
import type { EmailSender } from "../../upstreams/email/sender";
import { classifyEmailFailure, type EmailFailure, refusalOf } from "../../upstreams/email/email-errors";
import type { Services } from "../../services";
import { reportBrandingOf } from "../../branding/report-branding";
import { confirmedRecipients } from "../../branding/recipient-store";
import { recipientUnsubscribeToken, recipientUnsubscribeUrl } from "../../branding/recipient-unsubscribe";
import { findConnection } from "../../connections/connection-store";
import { connectionAlertsFiredBetween } from "./connection-report-store";
import { dailyPeriod, lastMonday, periodOf, type ReportPeriod, weeklyPeriod } from "./report-period";
import { armRetryAlarm } from "../delivery/retry-alarm";
import { MAX_ATTEMPTS, retryDelayMs } from "../delivery/retry-schedule";
import {
  claimReportSend,
  closeReportSend,
  dueReportSends,
  finishReportSent,
  markReportSending,
  markWeekOpened,
  nextReportAttemptAtMs,
  openReportSends,
  type ReportSendKey,
  reportSentAt,
  retryReportSendLater,
  sendKeyOf,
  weekOpened,
} from "./report-send-store";

/** This run's sends: `failed` counts failed attempts, each retried later in its period until its last. */
export type Outcome = { sent: number; failed: number };

/**
 * Reports one invocation sends: each costs about a dozen D1 queries (its claim and outcome, its
 * workspace's rows, alerts and branding), and an invocation may make 1,000 in all, the alert check's
 * and the deliveries' included. The NotificationRetry alarm sends the rest, as many an alarm.
 */
export const REPORTS_PER_INVOCATION = 20;

/** How long an attempt that was claimed (or handed to the binding) may take before its run counts as dead. */
const ATTEMPT_LEASE_MS = 15 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One recipient of one period's report, and what its email needs besides the report itself. */
export interface ReportRecipient {
  key: ReportSendKey;
  email: string;
  /** A chosen address may be for one seller connection (a client's report). */
  connectionId: string | null;
  /** An address the workspace chose (not a member's own setting): its email says why it gets it. */
  chosen: boolean;
  unsubscribe: () => Promise<string>;
}

/**
 * The 02:30 run's report emails: the daily report every day (this morning's snapshot against
 * yesterday's) and, on Mondays, the weekly one (Monday to Sunday before). Each goes to the users
 * who switched it on, once per period even when the run repeats (report_sends); a failed attempt
 * is retried within the period by the NotificationRetry alarm (retryDueReports). Null when no
 * email binding. `daily: false` holds the daily report back while the day's snapshot run is still
 * going (its alert check deferred): the run sends it when it finishes (run-finished.ts).
 * `clockMs` is the time now, when `nowMs` is the time the reports are of (a check that began earlier).
 */
export async function sendReports(
  services: Services,
  nowMs: number,
  sender?: EmailSender,
  options: { daily: boolean; clockMs?: number } = { daily: true },
): Promise<{ daily: Outcome; weekly: Outcome | null } | null> {
  if (!services.config.alertEmail) return null;
  const clockMs = options.clockMs ?? nowMs;
  const daily = (options.daily ? await sendReport(services, dailyPeriod(nowMs), clockMs, sender) : null) ?? { sent: 0, failed: 0 };
  const weekly = isReportDay(nowMs) ? await sendReport(services, weeklyPeriod(nowMs), clockMs, sender) : await sendMissedWeek(services, nowMs, clockMs, sender);
  await armReportRetry(services, clockMs);
  return { daily, weekly };
}

/**
 * The daily report of an earlier day whose check never finished before the next day's began: sent
 * late, its subject naming the day it covers, with the firings that day's check recorded.
 */
export async function sendLateDailyReport(services: Services, checkTimeMs: number, clockMs: number): Promise<Outcome | null> {
  const outcome = await sendReport(services, dailyPeriod(checkTimeMs), clockMs);
  await armReportRetry(services, clockMs);
  return outcome;
}

/** Arms the retry alarm at the earliest open send, if any (a failed attempt of this run, or an older one). */
async function armReportRetry(services: Services, clockMs: number): Promise<void> {
  const next = await nextReportAttemptAtMs(services.env.DB, iso(clockMs));
  if (next !== null) await armRetryAlarm(services.env, next, "report emails");
}

/**
 * The week's report when no run came on its Monday (the machine off, the cron missed): the next run
 * of the week sends it. Null when none was due (its Monday's run came), or nobody gets it.
 */
async function sendMissedWeek(services: Services, nowMs: number, clockMs: number, sender?: EmailSender): Promise<Outcome | null> {
  const monday = lastMonday(nowMs);
  if (await weekOpened(services.env.DB, monday)) return null;
  const outcome = await sendReport(services, periodOf("weekly", monday), clockMs, sender);
  return outcome && outcome.sent + outcome.failed > 0 ? outcome : null;
}

async function sendReport(services: Services, period: ReportPeriod, clockMs: number, sender?: EmailSender): Promise<Outcome | null> {
  if (!services.config.alertEmail || !(sender ?? services.sources.alertEmail())) return null;
  const { DB } = services.env;
  const recipients = await reportRecipientsOf(services, period);
  if (recipients.length > 0) {
    // Opening a period twice changes nothing: a send that went out, failed or waits for its retry stays so.
    await openReportSends(DB, period.kind, period.period, recipients.map(({ key }) => key));
    // Armed before the sends: a run killed among them (building many reports is where a CPU limit
    // strikes) reaches no later line, and the alarm then sends what the run did not.
    await armRetryAlarm(services.env, clockMs + ATTEMPT_LEASE_MS, "report emails");
  }
  if (period.kind === "weekly") await markWeekOpened(DB, period.period, iso(clockMs));
  // This invocation sends the first that are due; the NotificationRetry alarm the rest, as many an alarm (armReportRetry).
  const due = new Set((await dueReportSends(DB, iso(clockMs), REPORTS_PER_INVOCATION, period)).map(sendKeyOf));
  return sendToRecipients(services, period, recipients.filter(({ key }) => due.has(sendKeyOf(key))), clockMs, sender);
}

/** Who gets the period's report now: members' own reports (the settings switch), then, weekly, the addresses each workspace chose and confirmed. */
export async function reportRecipientsOf(services: Services, period: ReportPeriod): Promise<ReportRecipient[]> {
  const { env } = services;
  const origin = new URL(services.config.alertsPageUrl).origin;
  const recipients: ReportRecipient[] = [];
  for (const member of await reportRecipients(env.DB, period.kind)) {
    recipients.push({
      key: { workspaceId: member.userId, kind: period.kind, period: period.period, recipient: "" },
      email: member.email,
      connectionId: null,
      chosen: false,
      unsubscribe: async () => unsubscribeUrl(origin, member.userId, await unsubscribeToken(services, member.userId), period.kind),
    });
  }
  if (period.kind !== "weekly") return recipients;
  for (const chosen of await confirmedRecipients(env.DB)) {
    recipients.push({
      key: { workspaceId: chosen.workspaceId, kind: "weekly", period: period.period, recipient: chosen.email },
      email: chosen.email,
      connectionId: chosen.connectionId,
      chosen: true,
      unsubscribe: async () =>
        recipientUnsubscribeUrl(origin, chosen.workspaceId, chosen.email, await recipientUnsubscribeToken(services, chosen.workspaceId, chosen.email)),
    });
  }
  return recipients;
}

/**
 * Sends the period's report to each recipient whose send is due: each attempt is claimed first (so
 * two runs never send one), then built, marked as sending and handed to the binding. A failed
 * build or send is retried later in the period (1, 5, 30 and 120 minutes), and after the 5th
 * attempt it is failed for good, which Settings shows.
 */
export async function sendToRecipients(services: Services, period: ReportPeriod, recipients: ReportRecipient[], clockMs: number, sender?: EmailSender): Promise<Outcome> {
  const { env } = services;
  const email = services.config.alertEmail;
  const send = sender ?? services.sources.alertEmail();
  if (!email || !send) return { sent: 0, failed: 0 };
  const origin = new URL(services.config.alertsPageUrl).origin;
  const dashboard = new URL("/seller-central", origin).href;
  let sent = 0;
  let failed = 0;
  // A lease runs from when its attempt is taken: a run with many reports takes minutes to reach the last.
  const began = Date.now();
  const leaseIso = () => iso(clockMs + (Date.now() - began) + ATTEMPT_LEASE_MS);
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
  for (const recipient of recipients) {
    const { key } = recipient;
    const attempt = await claimReportSend(env.DB, key, iso(clockMs), leaseIso(), MAX_ATTEMPTS);
    if (attempt === null) continue;
    // Nothing went out: the attempt is retried later in the period, or, after the last, failed for good.
    // A refusal for good (the address suppressed or not allowed, the message invalid) is not retried.
    const failedAttempt = async (what: string, error: unknown, emailFailure?: EmailFailure) => {
      // An email failure in the classifier's words (no service codes); a build failure in its own.
      const reason = emailFailure ? emailFailure.detail : reasonOf(error);
      console.error(`${period.kind} report ${what}`, key.workspaceId, emailFailure?.code ?? "", reason);
      failed += 1;
      const wait = emailFailure?.permanent ? null : retryDelayMs(attempt);
      await (wait === null
        ? closeReportSend(env.DB, key, "failed", reason, emailFailure ? refusalOf(emailFailure) : null)
        : retryReportSendLater(env.DB, key, attempt, reason, iso(clockMs + wait))
      ).catch((writeError) => console.error(`${period.kind} report attempt not recorded`, key.workspaceId, writeError));
    };
    // Reading the report is inside a try too: one workspace's failure never costs the others theirs.
    let message: Parameters<EmailSender["send"]>[0];
    try {
      const { data, branding } = await contentOf(key.workspaceId, recipient.connectionId);
      const links = {
        dashboard,
        unsubscribe: await recipient.unsubscribe(),
        ...(recipient.chosen && { reason: `You get this email because ${branding.name ?? "a RankLayer workspace"} chose this address and you confirmed it.` }),
      };
      message = reportEmail(period.kind, data, recipient.email, email.from, links, branding);
    } catch (error) {
      await failedAttempt("could not be built", error);
      continue;
    }
    if (!(await markReportSending(env.DB, key, attempt, leaseIso()))) continue;
    try {
      await send.send(message);
    } catch (error) {
      // The binding refused it: nothing was accepted for delivery, so it is tried again unless no retry can pass.
      await failedAttempt("email failed", error, classifyEmailFailure(error, recipient.email));
      continue;
    }
    sent += 1;
    // Should this write fail, the row stays "sending" and is closed as of unknown outcome, never sent twice.
    await finishReportSent(env.DB, key, iso(clockMs)).catch((error) => console.error(`${period.kind} report sent but not recorded`, key.workspaceId, error));
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
    : [...(await lateFirings(env.DB, period, workspaceId)), ...(await alertsFiredBetween(env.DB, workspaceId, period.alertsFrom, period.toDay))];
  const branding = await brandingOf(workspaceId);
  return { data: { fromDay: period.fromDay, toDay: period.toDay, rows, alertsFired, ...changes, ...(scope && { client: scope }) }, branding };
}

/**
 * The firings of the day before a daily report recorded after that day's report went out: a
 * later check's (the snapshot run's, finishing after the wait's bound, re-checks the alerts that
 * had no data). No report would list them otherwise: the next one lists its own day.
 */
async function lateFirings(db: D1Database, period: ReportPeriod, workspaceId: string) {
  if (period.kind !== "daily") return [];
  const sentAt = await reportSentAt(db, { workspaceId, kind: "daily", period: period.fromDay, recipient: "" });
  return sentAt ? alertsFiredAfter(db, workspaceId, period.fromDay, sentAt) : [];
}

/** The seller account a client's report is about, by the name the workspace gave it. */
async function connectionScope(db: D1Database, workspaceId: string, connectionId: string): Promise<string> {
  return (await findConnection(db, workspaceId, connectionId))?.name ?? "Seller account";
}
