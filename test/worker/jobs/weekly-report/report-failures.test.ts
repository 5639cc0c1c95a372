import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as dashboardService from "../../../../worker/dashboard/dashboard-service";
import { sendReports } from "../../../../worker/jobs/weekly-report/weekly-report";
import { buildServices } from "../../../../worker/services";
import { insertUser, insertWatchlist, resetHistoryTables } from "../nightly-run/support";
import { channelEnv, fakeEmailBinding } from "../../notifications/support";

beforeEach(async () => {
  await resetHistoryTables();
  await env.DB.prepare("DELETE FROM user_refresh").run();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

async function dailyReader(email: string): Promise<string> {
  const id = await insertUser({ isDemo: true });
  await insertWatchlist(id, [{ marketplace: "US", asin: "BREPORT001" }]);
  await env.DB.prepare("INSERT INTO user_settings (workspace_id, daily_report, alert_email) VALUES (?, 1, ?)").bind(id, email).run();
  return id;
}

describe("report emails when one workspace's report cannot be read", () => {
  it("the other workspaces still get theirs, and the failure is counted", async () => {
    const broken = await dailyReader("broken@example.com");
    await dailyReader("fine@example.com");
    const realRows = dashboardService.trackedRows;
    vi.spyOn(dashboardService, "trackedRows").mockImplementation(async (services, workspaceId, ...rest) => {
      if (workspaceId === broken) throw new Error("D1_ERROR: reading the report failed");
      return realRows(services, workspaceId, ...rest);
    });
    const email = fakeEmailBinding();

    const outcome = await sendReports(buildServices(channelEnv({ ALERT_EMAIL: email.binding })), Date.UTC(2026, 10, 21, 2, 30));

    expect(email.sent.map((message) => message.to)).toEqual(["fine@example.com"]);
    expect(outcome).toEqual({ daily: { sent: 1, failed: 1 }, weekly: null });
  });
});
