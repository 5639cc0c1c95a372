import { and, asc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { jobRuns, reportSends } from "../../db/schema";
import type { ReportKind } from "../../notifications/weekly-report";
import { deleteInChunks } from "../../shared/delete-in-chunks";
import type { EmailRefusal } from "../../upstreams/email/email-errors";

/** The D1 side of the report emails' outbox (report_sends, migration 0135). */

/** One report of one period to one recipient: '' is the workspace's own report, else a chosen address. */
export interface ReportSendKey {
  workspaceId: string;
  kind: ReportKind;
  period: string;
  recipient: string;
}

/** A row the retry pass found due: pending past its next attempt, or sending past its lease. */
export interface DueReportSend extends ReportSendKey {
  status: "pending" | "sending";
  attempts: number;
  lastError: string | null;
}

/** One text per key, to match rows against recipients. */
export const sendKeyOf = (key: ReportSendKey) => [key.workspaceId, key.kind, key.period, key.recipient].join("\u0000");

const r = reportSends;
const is = (key: ReportSendKey) =>
  and(eq(r.workspaceId, key.workspaceId), eq(r.kind, key.kind), eq(r.period, key.period), eq(r.recipient, key.recipient));
const due = (nowIso: string) => or(isNull(r.nextAttemptAt), lte(r.nextAttemptAt, nowIso));

/** Recipients one statement opens, as one JSON parameter: a statement per recipient would spend the invocation's 1,000 D1 queries. */
const KEYS_PER_INSERT = 1_000;

/** Opens the period's send to each recipient that has none yet; a period already opened (sent, failed, retrying) is left as it is. */
export async function openReportSends(db: D1Database, kind: string, period: string, recipients: { workspaceId: string; recipient: string }[]): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < recipients.length; i += KEYS_PER_INSERT) {
    const keys = JSON.stringify(recipients.slice(i, i + KEYS_PER_INSERT).map((key) => [key.workspaceId, key.recipient]));
    // WHERE true: SQLite's upsert after a SELECT needs it to parse.
    statements.push(
      db
        .prepare(
          `INSERT INTO report_sends (workspace_id, kind, period, recipient)
           SELECT json_extract(value, '$[0]'), ?1, ?2, json_extract(value, '$[1]') FROM json_each(?3) WHERE true
           ON CONFLICT DO NOTHING`,
        )
        .bind(kind, period, keys),
    );
  }
  if (statements.length > 0) await db.batch(statements);
}

/**
 * Takes the next attempt of a pending send that is due and has attempts left: counts it and
 * moves next_attempt_at to `leaseIso`, so a run that dies before it sends leaves it to be tried
 * then. One statement, so two runs at once never both take it. The attempt's number, or null.
 */
export async function claimReportSend(db: D1Database, key: ReportSendKey, nowIso: string, leaseIso: string, maxAttempts: number): Promise<number | null> {
  const [row] = await drizzle(db)
    .update(r)
    .set({ attempts: sql`${r.attempts} + 1`, nextAttemptAt: leaseIso })
    .where(and(is(key), eq(r.status, "pending"), lt(r.attempts, maxAttempts), due(nowIso)))
    .returning({ attempts: r.attempts });
  return row?.attempts ?? null;
}

/**
 * Marks the claimed attempt as handed to the email binding, just before it is: from here a run
 * that dies leaves an outcome nobody knows, and such a send is never made again (it may have gone
 * out). False when the attempt is no longer this run's.
 */
export async function markReportSending(db: D1Database, key: ReportSendKey, attempt: number, leaseIso: string): Promise<boolean> {
  const rows = await drizzle(db)
    .update(r)
    .set({ status: "sending", nextAttemptAt: leaseIso })
    .where(and(is(key), eq(r.status, "pending"), eq(r.attempts, attempt)))
    .returning({ attempts: r.attempts });
  return rows.length > 0;
}

/** The send went out: the row is its only record (Settings, the account export and the next daily report's late firings read it). */
export async function finishReportSent(db: D1Database, key: ReportSendKey, nowIso: string): Promise<void> {
  await drizzle(db).update(r).set({ status: "sent", sentAt: nowIso, nextAttemptAt: null, lastError: null }).where(and(is(key), eq(r.status, "sending")));
}

/** When the send of `key` went out, or null when it has not (or was recorded before sends had times). */
export async function reportSentAt(db: D1Database, key: ReportSendKey): Promise<string | null> {
  const [row] = await drizzle(db).select({ sentAt: r.sentAt }).from(r).where(and(is(key), eq(r.status, "sent"))).limit(1);
  return row?.sentAt ?? null;
}

/** The attempt failed, nothing went out: pending again from `nextIso` with the reason, if the attempt is still this run's. */
export async function retryReportSendLater(db: D1Database, key: ReportSendKey, attempt: number, reason: string, nextIso: string): Promise<void> {
  await drizzle(db)
    .update(r)
    .set({ status: "pending", lastError: reason, nextAttemptAt: nextIso })
    .where(and(is(key), inArray(r.status, ["pending", "sending"]), eq(r.attempts, attempt)));
}

/**
 * Closes an open send for good: failed (shown in Settings) or cancelled (nobody wants it any more).
 * `refusal`: the email service refused it for good, to this address with this code (email-errors.ts).
 */
export async function closeReportSend(
  db: D1Database,
  key: ReportSendKey,
  status: "failed" | "cancelled",
  reason: string,
  refusal: EmailRefusal | null = null,
): Promise<void> {
  await drizzle(db)
    .update(r)
    .set({ status, lastError: reason, nextAttemptAt: null, refusedAddress: refusal?.refusedAddress ?? null, refusalCode: refusal?.refusalCode ?? null })
    .where(and(is(key), inArray(r.status, ["pending", "sending"])));
}

/** Up to `limit` open sends due at `nowIso` (pending ones at their next attempt, sending ones past their lease), of one period when `of` says, oldest period first. */
export async function dueReportSends(db: D1Database, nowIso: string, limit: number, of?: { kind: string; period: string }): Promise<DueReportSend[]> {
  const rows = await drizzle(db)
    .select({ workspaceId: r.workspaceId, kind: r.kind, period: r.period, recipient: r.recipient, status: r.status, attempts: r.attempts, lastError: r.lastError })
    .from(r)
    .where(and(inArray(r.status, ["pending", "sending"]), due(nowIso), of && and(eq(r.kind, of.kind), eq(r.period, of.period))))
    .orderBy(asc(r.period), asc(r.workspaceId))
    .limit(limit);
  return rows as DueReportSend[];
}

/** When the next open send is due (a pending one without a time is due now), or null when none is open. */
export async function nextReportAttemptAtMs(db: D1Database, nowIso: string): Promise<number | null> {
  const [row] = await drizzle(db)
    .select({ next: sql<string | null>`min(coalesce(${r.nextAttemptAt}, ${nowIso}))` })
    .from(r)
    .where(inArray(r.status, ["pending", "sending"]));
  return row?.next ? Date.parse(row.next) : null;
}

/** Deletes the closed sends of periods before `day`, `chunk` rows a statement; how many went. Open ones stay for the retry pass to close. */
export async function deleteReportSendsBefore(db: D1Database, day: string, chunk: number): Promise<number> {
  const orm = drizzle(db);
  const old = orm
    .select({ rowid: sql`rowid` })
    .from(r)
    .where(and(lt(r.period, day), notInArray(r.status, ["pending", "sending"])))
    .limit(chunk);
  return deleteInChunks(chunk, async () => (await orm.delete(r).where(sql`rowid in ${old}`).run()).meta.changes);
}

/** job_runs' name for the weekly report's run of a Monday: its row says the week's sends were opened. */
const WEEKLY_REPORT_JOB = "weekly_report";
const week = (monday: string) => and(eq(jobRuns.job, WEEKLY_REPORT_JOB), eq(jobRuns.day, monday));

/** Notes that the weekly report of `monday` was opened for its recipients (the Monday run came). */
export async function markWeekOpened(db: D1Database, monday: string, nowIso: string): Promise<void> {
  await drizzle(db)
    .insert(jobRuns)
    .values({ job: WEEKLY_REPORT_JOB, day: monday, status: "done", phase: "opened", startedAt: nowIso, updatedAt: nowIso, finishedAt: nowIso })
    .onConflictDoNothing();
}

/** Whether the weekly report of `monday` was opened: false when no run came that Monday. */
export async function weekOpened(db: D1Database, monday: string): Promise<boolean> {
  const [row] = await drizzle(db).select({ day: jobRuns.day }).from(jobRuns).where(week(monday)).limit(1);
  return row !== undefined;
}
