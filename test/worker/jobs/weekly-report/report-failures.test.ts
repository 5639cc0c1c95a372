import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as dashboardService from "../../../../worker/dashboard/dashboard-service";
import { sendReports } from "../../../../worker/jobs/weekly-report/weekly-report";
import { buildServices } from "../../../../worker/services";
import { insertUser, insertWatchlist, resetHistoryTables } from "../nightly-run/support";
import { channelEnv, fakeEmailBinding } from "../../notifications/support";

beforeEach(async () => {
  // Each test's report readers only: an earlier test's readers (and its failing read) would be in its runs.
  vi.restoreAllMocks();
  await env.DB.prepare("DELETE FROM user_settings").run();
  await resetHistoryTables();
  await env.DB.prepare("DELETE FROM user_refresh").run();
  await env.DB.prepare("DELETE FROM report_recipients").run();
  await env.DB.prepare("DELETE FROM report_sends").run();
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

/** trackedRows failing for `workspaceId` while `failing.on` is true, as a D1 error would. */
function failingReportOf(workspaceId: string): { on: boolean } {
  const failing = { on: true };
  const realRows = dashboardService.trackedRows;
  vi.spyOn(dashboardService, "trackedRows").mockImplementation(async (services, id, ...rest) => {
    if (failing.on && id === workspaceId) throw new Error("D1_ERROR: reading the report failed");
    return realRows(services, id, ...rest);
  });
  return failing;
}

const SATURDAY = Date.UTC(2026, 10, 21, 2, 30);
const MONDAY = Date.UTC(2026, 10, 23, 2, 30);

describe("a report whose content could not be read is not lost for its period", () => {
  it("a run a minute later (its first retry) sends it, once; a third run sends nothing", async () => {
    const broken = await dailyReader("broken@example.com");
    const failing = failingReportOf(broken);
    const email = fakeEmailBinding();
    const services = buildServices(channelEnv({ ALERT_EMAIL: email.binding }));

    expect(await sendReports(services, SATURDAY)).toEqual({ daily: { sent: 0, failed: 1 }, weekly: null });
    failing.on = false;
    expect(await sendReports(services, SATURDAY + 60_000)).toEqual({ daily: { sent: 1, failed: 0 }, weekly: null });
    expect(await sendReports(services, SATURDAY + 120_000)).toEqual({ daily: { sent: 0, failed: 0 }, weekly: null });

    expect(email.sent.map((message) => message.to)).toEqual(["broken@example.com"]);
  });

  it("the weekly report, to the member and to an address the workspace chose, is sent by the next run", async () => {
    const broken = await insertUser({ isDemo: true });
    await insertWatchlist(broken, [{ marketplace: "US", asin: "BREPORT001" }]);
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, weekly_report, alert_email) VALUES (?, 1, 'member@example.com')").bind(broken).run();
    await env.DB.prepare(
      "INSERT INTO report_recipients (workspace_id, email, token_hash, confirmed_at) VALUES (?, 'client@example.com', ?, '2026-11-01T00:00:00.000Z')",
    ).bind(broken, crypto.randomUUID()).run();
    const failing = failingReportOf(broken);
    const email = fakeEmailBinding();
    const services = buildServices(channelEnv({ ALERT_EMAIL: email.binding }));

    expect((await sendReports(services, MONDAY))?.weekly).toEqual({ sent: 0, failed: 2 });
    failing.on = false;
    expect((await sendReports(services, MONDAY + 60_000))?.weekly).toEqual({ sent: 2, failed: 0 });
    expect((await sendReports(services, MONDAY + 120_000))?.weekly).toEqual({ sent: 0, failed: 0 });

    expect(email.sent.map((message) => message.to).sort()).toEqual(["client@example.com", "member@example.com"]);
  });
});
