import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { unsubscribeToken } from "../../../worker/dashboard/unsubscribe-token";
import { buildServices } from "../../../worker/services";
import { sendReports } from "../../../worker/jobs/weekly-report/weekly-report";
import { markWeekOpened } from "../../../worker/jobs/weekly-report/report-send-store";
import { reportCsv, reportDay } from "../../../worker/notifications/weekly-report";
import { RecordingEmailSender } from "../../../worker/upstreams/email/recording-sender";
import { insertUser, insertWatchlist, resetHistoryTables } from "../jobs/nightly-run/support";
import { channelEnv } from "../notifications/support";
import { seedPoint } from "../support/history-shards";
import { TestBrowser } from "../support/seller-browser";

const TUESDAY = Date.UTC(2026, 10, 24, 2, 30);
const MONDAY = Date.UTC(2026, 10, 23, 2, 30);

describe("daily report (pure)", () => {
  it("covers this morning's snapshot against yesterday's", () => {
    expect(reportDay(TUESDAY)).toEqual({ day: "2026-11-24", fromDay: "2026-11-23", toDay: "2026-11-24" });
  });

  it("has the weekly CSV's columns, its change named for the day", () => {
    const empty = { fromDay: "a", toDay: "b", rows: [], alertsFired: [], buyBoxChanges: [], stockChanges: [] };
    expect(reportCsv("daily", empty)).toBe(reportCsv("weekly", empty).replace("Rank change (week)", "Rank change (day)"));
  });
});

describe("the daily 02:30 report run", () => {
  beforeEach(async () => {
    await resetHistoryTables();
    await env.DB.prepare("DELETE FROM user_refresh").run();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  async function user(reports: { daily: boolean; weekly: boolean }, email: string | null) {
    const id = await insertUser({ isDemo: true });
    await insertWatchlist(id, [{ marketplace: "US", asin: "BDAILY0001" }]);
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, daily_report, weekly_report, alert_email) VALUES (?, ?, ?, ?)")
      .bind(id, reports.daily ? 1 : 0, reports.weekly ? 1 : 0, email)
      .run();
    return id;
  }

  it("sends one email a day to each user with the daily report on, this morning against yesterday, with the CSV and its own unsubscribe link", async () => {
    const opted = await user({ daily: true, weekly: false }, "daily@example.com");
    await user({ daily: false, weekly: true }, "weekly@example.com");
    await user({ daily: true, weekly: false }, null);
    for (const [day, rank] of [["2026-11-20", 5000], ["2026-11-23", 1000], ["2026-11-24", 750]] as const) {
      await seedPoint({ asin: "BDAILY0001", day, source: "mock", rank, capturedAt: `${day}T02:00:00.000Z` });
    }
    const sender = new RecordingEmailSender();
    const bindings = channelEnv();
    // The week's report went out on Monday: this Tuesday run sends only the daily one.
    await markWeekOpened(env.DB, "2026-11-23", new Date(MONDAY).toISOString());
    expect(await sendReports(buildServices(bindings), TUESDAY, sender)).toEqual({ daily: { sent: 1, failed: 0 }, weekly: null });
    expect(await sendReports(buildServices(bindings), TUESDAY, sender)).toEqual({ daily: { sent: 0, failed: 0 }, weekly: null });
    expect(sender.sent).toHaveLength(1);
    const [email] = sender.sent;
    expect(email!.to).toBe("daily@example.com");
    expect(email!.subject).toBe("RankLayer daily report, 2026-11-24");
    // Against yesterday's 1000, not the 5000 of four days ago.
    expect(email!.text).toContain("BDAILY0001 (US): #750 (250 places better, mock data)");
    expect(email!.text).toContain("because the daily report is on");
    expect(email!.attachments?.[0]).toMatchObject({ filename: "ranklayer-daily-2026-11-24.csv", type: "text/csv" });
    const link = `/api/reports/unsubscribe?user=${opted}&token=${await unsubscribeToken(buildServices(bindings), opted)}&report=daily`;
    expect(email!.text).toContain(link);
    expect(email!.headers?.["List-Unsubscribe"]).toContain(link);

    // The next day is a new report.
    expect((await sendReports(buildServices(bindings), TUESDAY + 86_400_000, sender))?.daily).toEqual({ sent: 1, failed: 0 });
  });

  it("the 02:30 run sends the daily report every day and the weekly one on Mondays only", async () => {
    await user({ daily: true, weekly: true }, "both@example.com");
    const sender = new RecordingEmailSender();
    const bindings = channelEnv();
    expect(await sendReports(buildServices(bindings), MONDAY, sender)).toEqual({ daily: { sent: 1, failed: 0 }, weekly: { sent: 1, failed: 0 } });
    expect(await sendReports(buildServices(bindings), TUESDAY, sender)).toEqual({ daily: { sent: 1, failed: 0 }, weekly: null });
    expect(sender.sent.map((email) => email.subject)).toEqual([
      "RankLayer daily report, 2026-11-23",
      "RankLayer weekly report, 2026-11-16 to 2026-11-22",
      "RankLayer daily report, 2026-11-24",
    ]);
  });

  it("lists a firing of yesterday recorded after yesterday's report went out (a later check's), once", async () => {
    const id = await user({ daily: true, weekly: false }, "daily@example.com");
    const firing = async (message: string, createdAt: string) => {
      const alertId = crypto.randomUUID();
      await env.DB.prepare("INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold) VALUES (?, ?, 'BDAILY0001', 'US', 'rank_above', 500)").bind(alertId, id).run();
      await env.DB.prepare(
        `INSERT INTO alert_events (id, workspace_id, alert_id, day, asin, marketplace, condition_type, threshold, message, in_app, created_at)
         VALUES (?, ?, ?, '2026-11-23', 'BDAILY0001', 'US', 'rank_above', 500, ?, 1, ?)`,
      ).bind(crypto.randomUUID(), id, alertId, message, createdAt).run();
    };
    const sender = new RecordingEmailSender();
    const bindings = channelEnv();
    await firing("BDAILY0001 (US): fired in the 02:30 check", "2026-11-23T02:30:01.000Z");
    await sendReports(buildServices(bindings), MONDAY + 60_000, sender);
    // The snapshot run finished after the wait's bound and its check found what had no data at 02:30.
    await firing("BDAILY0001 (US): fired when the run finished", "2026-11-23T05:00:00.000Z");
    await sendReports(buildServices(bindings), TUESDAY, sender);

    const [monday, tuesday] = sender.sent.map((email) => email.text ?? "");
    expect(monday).toContain("fired in the 02:30 check");
    expect(monday).not.toContain("fired when the run finished");
    expect(tuesday).toContain("2026-11-23 BDAILY0001 (US): fired when the run finished");
    expect(tuesday).not.toContain("fired in the 02:30 check");
  });

  it("the daily link turns only the daily report off", async () => {
    const opted = await user({ daily: true, weekly: true }, "both@example.com");
    const browser = new TestBrowser(channelEnv());
    const token = await unsubscribeToken(buildServices(browser.bindings), opted);
    expect((await browser.request(`/api/reports/unsubscribe?user=${opted}&token=${token}&report=monthly`)).status).toBe(422);
    expect(await (await browser.request(`/api/reports/unsubscribe?user=${opted}&token=${token}&report=daily`)).text()).toContain("Stop the daily report emails?");
    const res = await browser.request(`/api/reports/unsubscribe?user=${opted}&token=${token}&report=daily`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("no more daily report emails");
    const row = await env.DB.prepare("SELECT daily_report, weekly_report FROM user_settings WHERE workspace_id = ?").bind(opted).first();
    expect(row).toEqual({ daily_report: 0, weekly_report: 1 });
  });
});

describe("the daily report switch in /api/settings", () => {
  it("is saved and read back; a client that leaves it out keeps it as it was", async () => {
    const browser = new TestBrowser(channelEnv());
    await browser.signInDemo();
    const notifications = { emailAlerts: true, inAppAlerts: true, weeklyReport: false, rankDrops: true, buyBoxLoss: true };
    const dataRefresh = { frequency: "daily", marketplace: "US" };
    expect((await browser.json("/api/settings", "PUT", { notifications: { ...notifications, dailyReport: true }, dataRefresh })).status).toBe(200);
    expect((await browser.json("/api/settings", "PUT", { notifications, dataRefresh })).status).toBe(200);
    expect(((await (await browser.request("/api/settings")).json()) as { notifications: object }).notifications).toEqual({ ...notifications, dailyReport: true });
    const bad = await browser.json("/api/settings", "PUT", { notifications: { ...notifications, dailyReport: "yes" }, dataRefresh });
    expect(bad.status).toBe(422);
  });
});
