import { createScheduledController, env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { insertUser, insertWatchlist, resetHistoryTables } from "./jobs/nightly-run/support";
import { channelEnv, fakeEmailBinding } from "./notifications/support";
import { clearAlertTables } from "./support/alert-seed";

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
    const email = fakeEmailBinding();
    // A Saturday: no weekly report is due.
    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: Date.UTC(2026, 10, 21, 2, 30) }), channelEnv({ ALERT_EMAIL: email.binding }));
    expect(email.sent.map((message) => message.subject)).toEqual(["RankLayer daily report, 2026-11-21"]);
    const labels = log.mock.calls.map(([first]) => first);
    expect(labels.indexOf("reports")).toBeGreaterThan(labels.indexOf("alert check"));
    expect(JSON.parse(String(log.mock.calls.find(([first]) => first === "reports")?.[1]))).toEqual({ daily: { sent: 1, failed: 0 }, weekly: null });
  });
});
