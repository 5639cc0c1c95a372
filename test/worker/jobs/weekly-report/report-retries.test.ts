import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { INTERRUPTED_SEND, retryDueReports } from "../../../../worker/jobs/weekly-report/report-retry";
import { REPORTS_PER_INVOCATION, sendReports } from "../../../../worker/jobs/weekly-report/weekly-report";
import * as reportStore from "../../../../worker/dashboard/report-store";
import { loadChannelSettings } from "../../../../worker/notifications/channel-settings";
import { buildServices } from "../../../../worker/services";
import { readAccountRows } from "../../../../worker/account-lifecycle/account-export-store";
import { insertUser, insertWatchlist, resetHistoryTables } from "../nightly-run/support";
import { channelEnv, fakeEmailBinding, fakeRetryNamespace, MINUTE } from "../../notifications/support";

beforeEach(async () => {
  vi.restoreAllMocks();
  for (const table of ["user_settings", "user_refresh", "report_recipients", "report_sends", "job_runs"]) await env.DB.prepare(`DELETE FROM ${table}`).run();
  await resetHistoryTables();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

const SATURDAY = Date.UTC(2026, 10, 21, 2, 30);
const MONDAY = Date.UTC(2026, 10, 23, 2, 30);

async function reader(email: string, kind: "daily" | "weekly" = "daily"): Promise<string> {
  const id = await insertUser({ isDemo: true });
  await insertWatchlist(id, [{ marketplace: "US", asin: "BREPORT001" }]);
  await env.DB.prepare(`INSERT INTO user_settings (workspace_id, ${kind}_report, alert_email) VALUES (?, 1, ?)`).bind(id, email).run();
  return id;
}

interface SendRow {
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
}

const sendRow = (workspaceId: string, recipient = "") =>
  env.DB.prepare("SELECT status, attempts, next_attempt_at, last_error FROM report_sends WHERE workspace_id = ? AND recipient = ?")
    .bind(workspaceId, recipient)
    .first<SendRow>();

function setup(failures: number) {
  const email = fakeEmailBinding(failures);
  const retry = fakeRetryNamespace();
  const bindings = channelEnv({ ALERT_EMAIL: email.binding, NOTIFICATION_RETRY: retry.namespace });
  return { email, retry, bindings, services: buildServices(bindings) };
}

describe("a report email whose send failed", () => {
  it("is retried a minute later by the retry alarm and goes out once; the rest of the day sends nothing more", async () => {
    const id = await reader("agency@example.com");
    const { email, retry, services } = setup(1);

    expect(await sendReports(services, SATURDAY)).toEqual({ daily: { sent: 0, failed: 1 }, weekly: null });
    expect(await sendRow(id)).toMatchObject({ status: "pending", attempts: 1, last_error: "the email service failed (the service said: email sending is unavailable)", next_attempt_at: new Date(SATURDAY + MINUTE).toISOString() });
    // The alarm is armed at the retry.
    expect(retry.scheduled).toContain(SATURDAY + MINUTE);

    // Not before its time: a pass 30 s later leaves it.
    expect(await retryDueReports(services, SATURDAY + 30_000)).toMatchObject({ sent: 0, failed: 0, nextAttemptAtMs: SATURDAY + MINUTE });
    expect(await retryDueReports(services, SATURDAY + MINUTE)).toMatchObject({ sent: 1, failed: 0, nextAttemptAtMs: null });
    expect(await sendRow(id)).toMatchObject({ status: "sent", attempts: 2 });

    // The cron repeating, and later alarms, send nothing twice.
    expect(await sendReports(services, SATURDAY + 2 * MINUTE)).toEqual({ daily: { sent: 0, failed: 0 }, weekly: null });
    expect(await retryDueReports(services, SATURDAY + 10 * MINUTE)).toMatchObject({ sent: 0 });
    expect(email.sent.map((message) => message.to)).toEqual(["agency@example.com"]);
    expect(email.sent[0]!.subject).toBe("RankLayer daily report, 2026-11-21");
  });

  it("fails at once, never retried, when Email Service refuses the address for good; Settings names it", async () => {
    const id = await reader("bounced@example.com");
    const email = fakeEmailBinding(0, { "bounced@example.com": "E_RECIPIENT_SUPPRESSED" });
    const bindings = channelEnv({ ALERT_EMAIL: email.binding, NOTIFICATION_RETRY: fakeRetryNamespace().namespace });
    const services = buildServices(bindings);

    expect(await sendReports(services, SATURDAY)).toEqual({ daily: { sent: 0, failed: 1 }, weekly: null });
    const row = await sendRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, next_attempt_at: null });
    expect(row!.last_error).toContain("the email service no longer sends to bounced@example.com because an earlier email to it bounced");
    expect(row!.last_error).not.toContain("E_RECIPIENT_SUPPRESSED");
    // The address and the service's code are kept as data (for Settings, support and logs).
    expect(
      await env.DB.prepare("SELECT refused_address, refusal_code FROM report_sends WHERE workspace_id = ? AND recipient = ''").bind(id).first(),
    ).toEqual({ refused_address: "bounced@example.com", refusal_code: "E_RECIPIENT_SUPPRESSED" });
    for (const minutes of [1, 6, 36, 156]) expect(await retryDueReports(services, SATURDAY + minutes * MINUTE)).toMatchObject({ sent: 0, failed: 0, nextAttemptAtMs: null });
    expect(email.attempts).toHaveLength(1);

    vi.useFakeTimers({ now: SATURDAY, toFake: ["Date"] });
    try {
      expect((await loadChannelSettings(services, id, true)).reportProblems).toEqual([
        { kind: "daily", recipient: null, period: "2026-11-21", status: "failed", detail: row!.last_error, refusedForGood: true },
      ]);
      // Another address saved: the refusal was of the old one, so Settings no longer asks for a working one.
      await env.DB.prepare("UPDATE user_settings SET alert_email = 'fixed@example.com' WHERE workspace_id = ?").bind(id).run();
      expect((await loadChannelSettings(services, id, true)).reportProblems).toEqual([]);
      // Saved back to the refused address, the refusal applies again.
      await env.DB.prepare("UPDATE user_settings SET alert_email = 'bounced@example.com' WHERE workspace_id = ?").bind(id).run();
      expect((await loadChannelSettings(services, id, true)).reportProblems).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits 1, 5, 30 and 120 minutes between attempts and, after the 5th, fails for good: Settings says so", async () => {
    const id = await reader("agency@example.com");
    const { email, services, bindings } = setup(99);

    await sendReports(services, SATURDAY);
    let at = SATURDAY;
    for (const wait of [1, 5, 30, 120]) {
      at += wait * MINUTE;
      expect(await retryDueReports(services, at - 1_000)).toMatchObject({ failed: 0 });
      expect(await retryDueReports(services, at)).toMatchObject({ failed: 1 });
    }
    expect(await sendRow(id)).toEqual({ status: "failed", attempts: 5, next_attempt_at: null, last_error: "the email service failed (the service said: email sending is unavailable)" });
    expect(await retryDueReports(services, at + 600 * MINUTE)).toMatchObject({ failed: 0, nextAttemptAtMs: null });
    expect(email.sent).toEqual([]);

    vi.useFakeTimers({ now: at, toFake: ["Date"] });
    try {
      expect((await loadChannelSettings(buildServices(bindings), id, true)).reportProblems).toEqual([
        { kind: "daily", recipient: null, period: "2026-11-21", status: "failed", detail: "the email service failed (the service said: email sending is unavailable)", refusedForGood: false },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a failed report stops being warned about once it no longer applies: the report switched off, the address removed", async () => {
    const own = await reader("agency@example.com");
    const chosen = await insertUser({ isDemo: true });
    for (const [id, kind, recipient] of [[own, "daily", ""], [own, "weekly", ""], [chosen, "weekly", "client@example.com"]] as const) {
      await env.DB.prepare("INSERT INTO report_sends (workspace_id, kind, period, recipient, status, attempts, last_error) VALUES (?, ?, '2026-11-23', ?, 'failed', 5, 'bounced')")
        .bind(id, kind, recipient)
        .run();
    }
    await env.DB.prepare("UPDATE user_settings SET weekly_report = 1 WHERE workspace_id = ?").bind(own).run();
    await env.DB.prepare(
      "INSERT INTO report_recipients (workspace_id, email, token_hash, confirmed_at) VALUES (?, 'client@example.com', ?, '2026-11-01T00:00:00.000Z')",
    ).bind(chosen, crypto.randomUUID()).run();
    const { services } = setup(0);
    const problems = async (id: string) => (await loadChannelSettings(services, id, true)).reportProblems.map((problem) => `${problem.kind} ${problem.recipient}`);
    vi.useFakeTimers({ now: MONDAY + 60 * MINUTE, toFake: ["Date"] });
    try {
      expect(await problems(own)).toEqual(["daily null", "weekly null"]);
      expect(await problems(chosen)).toEqual(["weekly client@example.com"]);

      await env.DB.prepare("UPDATE user_settings SET daily_report = 0 WHERE workspace_id = ?").bind(own).run();
      expect(await problems(own)).toEqual(["weekly null"]);
      await env.DB.prepare("UPDATE user_settings SET alert_email = NULL WHERE workspace_id = ?").bind(own).run();
      expect(await problems(own)).toEqual([]);
      await env.DB.prepare("DELETE FROM report_recipients WHERE workspace_id = ?").bind(chosen).run();
      expect(await problems(chosen)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a weekly report to an address the workspace chose is retried too, and the next week's that went out clears the warning", async () => {
    const id = await insertUser({ isDemo: true });
    await insertWatchlist(id, [{ marketplace: "US", asin: "BREPORT001" }]);
    await env.DB.prepare(
      "INSERT INTO report_recipients (workspace_id, email, token_hash, confirmed_at) VALUES (?, 'client@example.com', ?, '2026-11-01T00:00:00.000Z')",
    ).bind(id, crypto.randomUUID()).run();
    const { email, services } = setup(1);

    expect((await sendReports(services, MONDAY))?.weekly).toEqual({ sent: 0, failed: 1 });
    expect(await sendRow(id, "client@example.com")).toMatchObject({ status: "pending", attempts: 1 });
    expect(await retryDueReports(services, MONDAY + MINUTE)).toMatchObject({ sent: 1 });
    expect(email.sent.map((message) => message.to)).toEqual(["client@example.com"]);
    // The account export reads the last Monday sent from the outbox.
    expect((await readAccountRows(env.DB, services.config, id)).reportRecipients).toEqual([expect.objectContaining({ email: "client@example.com", lastSentMonday: "2026-11-23" })]);
  });
});

describe("a report run that died or overlapped", () => {
  it("a send handed to the binding by a run that died is never sent again: it is failed as of unknown outcome", async () => {
    const id = await reader("agency@example.com");
    const { email, services } = setup(0);
    // The run marked it sending, then died before writing the outcome.
    await env.DB.prepare(
      "INSERT INTO report_sends (workspace_id, kind, period, recipient, status, attempts, next_attempt_at) VALUES (?, 'daily', '2026-11-21', '', 'sending', 1, ?)",
    ).bind(id, new Date(SATURDAY + 15 * MINUTE).toISOString()).run();

    expect(await sendReports(services, SATURDAY + MINUTE)).toEqual({ daily: { sent: 0, failed: 0 }, weekly: null });
    expect(await retryDueReports(services, SATURDAY + 14 * MINUTE)).toMatchObject({ closed: 0 });
    expect(await retryDueReports(services, SATURDAY + 15 * MINUTE)).toMatchObject({ closed: 1, nextAttemptAtMs: null });
    expect(await sendRow(id)).toMatchObject({ status: "failed", last_error: INTERRUPTED_SEND });
    expect(email.sent).toEqual([]);
  });

  it("an attempt claimed by a run that died before sending is tried again when its lease runs out", async () => {
    const id = await reader("agency@example.com");
    const { email, services } = setup(0);
    await env.DB.prepare(
      "INSERT INTO report_sends (workspace_id, kind, period, recipient, status, attempts, next_attempt_at) VALUES (?, 'daily', '2026-11-21', '', 'pending', 1, ?)",
    ).bind(id, new Date(SATURDAY + 15 * MINUTE).toISOString()).run();

    expect(await retryDueReports(services, SATURDAY + 15 * MINUTE)).toMatchObject({ sent: 1 });
    expect(await sendRow(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(email.sent.map((message) => message.to)).toEqual(["agency@example.com"]);
  });

  it("a run killed among its sends leaves the retry alarm armed: it sends the reports the run never reached, and not the one it was sending", async () => {
    const first = await reader("first@example.com");
    const second = await reader("second@example.com");
    const email = fakeEmailBinding();
    const retry = fakeRetryNamespace();
    // The run hangs in its first send until the runtime ends it (CPU or time limit): nothing after it runs.
    const frozen = { send: () => new Promise<never>(() => {}) } as unknown as SendEmail;
    void sendReports(buildServices(channelEnv({ ALERT_EMAIL: frozen, NOTIFICATION_RETRY: retry.namespace })), SATURDAY);
    await vi.waitFor(() => expect(retry.scheduled).toContain(SATURDAY + 15 * MINUTE));

    const services = buildServices(channelEnv({ ALERT_EMAIL: email.binding, NOTIFICATION_RETRY: retry.namespace }));
    // Past the lease of the send it hung in (taken a few real milliseconds into the run).
    const summary = await retryDueReports(services, SATURDAY + 16 * MINUTE);
    expect(summary).toMatchObject({ sent: 1, closed: 1 });
    const [hung, reached] = [await sendRow(first), await sendRow(second)];
    // Which of the two the run took first is its order; the other one is sent now.
    expect([hung, reached].map((row) => row?.status).sort()).toEqual(["failed", "sent"]);
    expect([hung, reached].find((row) => row?.status === "failed")?.last_error).toBe(INTERRUPTED_SEND);
    expect(email.sent).toHaveLength(1);
  });

  it("two runs at once send one report", async () => {
    await reader("agency@example.com");
    const { email, services } = setup(0);

    const [one, two] = await Promise.all([sendReports(services, SATURDAY), sendReports(services, SATURDAY)]);
    expect(one!.daily.sent + two!.daily.sent).toBe(1);
    expect(email.sent).toHaveLength(1);
  });

  it("a report switched off before its retry is cancelled, not sent", async () => {
    const id = await reader("agency@example.com");
    const { email, services } = setup(1);
    await sendReports(services, SATURDAY);
    await env.DB.prepare("UPDATE user_settings SET daily_report = 0 WHERE workspace_id = ?").bind(id).run();

    expect(await retryDueReports(services, SATURDAY + MINUTE)).toMatchObject({ sent: 0, cancelled: 1, nextAttemptAtMs: null });
    expect(await sendRow(id)).toMatchObject({ status: "cancelled" });
    expect(email.sent).toEqual([]);
  });

  it("a retry that only comes after the next report was due is not sent: the day's report fails, saying why", async () => {
    const id = await reader("agency@example.com");
    const { email, services } = setup(1);
    await sendReports(services, SATURDAY);

    // The alarm was lost; the next pass runs the next day.
    expect(await retryDueReports(services, SATURDAY + 22 * 60 * MINUTE)).toMatchObject({ sent: 0, closed: 1 });
    expect(await sendRow(id)).toMatchObject({ status: "failed", last_error: "Not sent before the next daily report was due: the email service failed (the service said: email sending is unavailable)" });
    expect(email.sent).toEqual([]);
  });
});

describe("a week whose Monday run never came (the machine off, the cron missed)", () => {
  it("the next run of the week sends the weekly report, once; a week whose Monday run came sends nothing later", async () => {
    await reader("weekly@example.com", "weekly");
    const { email, services } = setup(0);
    const TUESDAY = MONDAY + 24 * 60 * MINUTE;

    expect((await sendReports(services, TUESDAY))?.weekly).toEqual({ sent: 1, failed: 0 });
    expect((await sendReports(services, TUESDAY + 24 * 60 * MINUTE))?.weekly).toBeNull();
    expect(email.sent.map((message) => message.subject)).toEqual(["RankLayer weekly report, 2026-11-16 to 2026-11-22"]);

    // The next week's Monday run comes: its Tuesday sends no weekly report.
    const NEXT_MONDAY = MONDAY + 7 * 24 * 60 * MINUTE;
    expect((await sendReports(services, NEXT_MONDAY))?.weekly).toEqual({ sent: 1, failed: 0 });
    expect((await sendReports(services, NEXT_MONDAY + 24 * 60 * MINUTE))?.weekly).toBeNull();
    expect(email.sent).toHaveLength(2);
  });
});

describe("a retry pass whose one period fails on D1", () => {
  it("still sends the other period's reports, then fails, so the alarm backs off rather than coming straight back", async () => {
    const daily = await reader("daily@example.com", "daily");
    const weekly = await reader("weekly@example.com", "weekly");
    const { email, services } = setup(0);
    for (const [id, kind, period] of [[daily, "daily", "2026-11-23"], [weekly, "weekly", "2026-11-23"]] as const) {
      await env.DB.prepare("INSERT INTO report_sends (workspace_id, kind, period, recipient, status, attempts, next_attempt_at, last_error) VALUES (?, ?, ?, '', 'pending', 1, ?, 'E')")
        .bind(id, kind, period, new Date(MONDAY).toISOString())
        .run();
    }
    const realRecipients = reportStore.reportRecipients;
    vi.spyOn(reportStore, "reportRecipients").mockImplementation(async (db, kind) => {
      if (kind === "weekly") throw new Error("D1_ERROR: Network connection lost.");
      return realRecipients(db, kind);
    });

    await expect(retryDueReports(services, MONDAY + MINUTE)).rejects.toThrow("D1_ERROR");
    expect(email.sent.map((message) => message.to)).toEqual(["daily@example.com"]);
    expect(await sendRow(weekly)).toMatchObject({ status: "pending", attempts: 1 });
  });
});

describe("more reports than one invocation sends (its 1,000 D1 queries)", () => {
  it("the run sends REPORTS_PER_INVOCATION and leaves the rest due now to the alarm, which sends them, each once", async () => {
    const count = REPORTS_PER_INVOCATION + 5;
    for (let i = 0; i < count; i++) await reader(`reader${i}@example.com`);
    const { email, retry, services } = setup(0);

    expect((await sendReports(services, SATURDAY))?.daily).toEqual({ sent: REPORTS_PER_INVOCATION, failed: 0 });
    // The alarm comes straight back for the rest.
    expect(Math.min(...retry.scheduled)).toBe(SATURDAY);
    expect(await retryDueReports(services, SATURDAY + 1_000)).toMatchObject({ sent: 5, nextAttemptAtMs: null });
    expect(await sendReports(services, SATURDAY + 2_000)).toEqual({ daily: { sent: 0, failed: 0 }, weekly: null });
    expect(new Set(email.sent.map((message) => message.to)).size).toBe(count);
    expect(email.sent).toHaveLength(count);
  });
});
