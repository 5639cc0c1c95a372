import { createScheduledController, env, runDurableObjectAlarm } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { insertUser, insertWatchlist, resetHistoryTables } from "./jobs/nightly-run/support";
import { channelEnv, fakeEmailBinding } from "./notifications/support";
import { CHECK_TIME, clearAlertTables, seedAlert, seedNightlyRun, seedRank, seedUser, TODAY } from "./support/alert-seed";
import { ALERT_CHECK_RUNNER_NAME } from "../../worker/jobs/alert-check/nightly-check";
import { JOB_RUNS_QUERY } from "./support/failing-d1";

beforeEach(async () => {
  await clearAlertTables();
  await resetHistoryTables();
  await env.DB.prepare("DELETE FROM user_refresh").run();
});

describe("the 02:30 cron and the report emails", () => {
  it("sends the daily report on any day, after the alert check, and logs it", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const id = await insertUser({ isDemo: true });
    await insertWatchlist(id, [{ marketplace: "US", asin: "BCRON00001" }]);
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, daily_report, alert_email) VALUES (?, 1, ?)").bind(id, "daily@example.com").run();
    await seedNightlyRun("done", "2026-11-21");
    const email = fakeEmailBinding();
    // A Saturday: no weekly report is due.
    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: Date.UTC(2026, 10, 21, 2, 30) }), channelEnv({ ALERT_EMAIL: email.binding }));
    expect(email.sent.map((message) => message.subject)).toEqual(["RankLayer daily report, 2026-11-21"]);
    const labels = log.mock.calls.map(([first]) => first);
    expect(labels.indexOf("reports")).toBeGreaterThan(labels.indexOf("alert check"));
    expect(JSON.parse(String(log.mock.calls.find(([first]) => first === "reports")?.[1]))).toEqual({ daily: { sent: 1, failed: 0 }, weekly: null });
  });

  it("holds the daily report back while the day's check is not complete (a failed step), and the AlertCheckRunner sends it with the firing once it is", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const userId = await seedUser();
    await seedRank("BCRON00002", 0, 900);
    await seedAlert({ userId, asin: "BCRON00002", conditionType: "rank_above", threshold: 500 });
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, daily_report, alert_email) VALUES (?, 1, ?)").bind(userId, "daily@example.com").run();
    await seedNightlyRun("done");
    const lastDailyReport = () =>
      env.DB.prepare("SELECT max(period) AS day FROM report_sends WHERE workspace_id = ? AND kind = 'daily' AND status = 'sent'").bind(userId).first<string | null>("day");
    const email = fakeEmailBinding();

    // D1 fails the check's first statement: the check goes to the runner, and the report waits.
    await expect(
      worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: CHECK_TIME }), channelEnv({ ALERT_EMAIL: email.binding, DB: failingFirstPrepare(env.DB) })),
    ).rejects.toThrow("D1 is down");
    expect(email.sent.filter((message) => message.subject?.startsWith("RankLayer daily report"))).toEqual([]);
    expect(await lastDailyReport()).toBeNull();

    // The runner completes the check, then sends the report it held, the firing in it.
    expect(await runDurableObjectAlarm(env.ALERT_CHECK_RUNNER.getByName(ALERT_CHECK_RUNNER_NAME))).toBe(true);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM alert_events WHERE workspace_id = ?").bind(userId).first("n")).toBe(1);
    expect(await lastDailyReport()).toBe(TODAY);
  });

  it("a day's check still unfinished when the next day's 02:30 check begins: that day's daily report is still sent, late, under its own day", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const userId = await seedUser();
    await seedRank("BCRON00003", 0, 900);
    await seedAlert({ userId, asin: "BCRON00003", conditionType: "rank_above", threshold: 500 });
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, daily_report, alert_email) VALUES (?, 1, ?)").bind(userId, "daily@example.com").run();
    await seedNightlyRun("done");
    await seedNightlyRun("done", "2026-11-23");
    const email = fakeEmailBinding();
    const runner = env.ALERT_CHECK_RUNNER.getByName(ALERT_CHECK_RUNNER_NAME);

    // The 22nd's check fails and is handed to the runner; its alarm never gets to finish it before the 23rd's cron.
    await expect(
      worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: CHECK_TIME }), channelEnv({ ALERT_EMAIL: email.binding, DB: failingFirstPrepare(env.DB) })),
    ).rejects.toThrow("D1 is down");
    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: CHECK_TIME + 86_400_000 }), channelEnv({ ALERT_EMAIL: email.binding }));
    expect(email.sent.map((message) => message.subject)).toContain("RankLayer daily report, 2026-11-23");

    // The runner sends the report the 22nd's check held back, rather than dropping it with the check.
    expect(await runDurableObjectAlarm(runner)).toBe(true);
    const sends = await env.DB.prepare("SELECT period, status FROM report_sends WHERE workspace_id = ? AND kind = 'daily' ORDER BY period").bind(userId).all();
    expect(sends.results).toEqual([
      { period: TODAY, status: "sent" },
      { period: "2026-11-23", status: "sent" },
    ]);
    expect(await runDurableObjectAlarm(runner)).toBe(false);
  });
});

/** The database, with the check's first statement failing (D1 down for a moment). */
function failingFirstPrepare(db: D1Database): D1Database {
  let failed = false;
  return new Proxy(db, {
    get(target, name) {
      if (name === "prepare" && !failed) {
        return (query: string) => {
          // The run's look at the day's snapshot run goes through: the check's first query fails.
          if (JOB_RUNS_QUERY.test(query)) return target.prepare(query);
          failed = true;
          throw new Error("D1 is down");
        };
      }
      const value = Reflect.get(target, name) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
