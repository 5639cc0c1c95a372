import { createScheduledController, env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import type { Bindings } from "../../worker/env";
import { ensureNightlyRun, findNightlyRun, finishNightlyRun } from "../../worker/jobs/nightly-run-store";
import { onRunFinished } from "../../worker/jobs/nightly-run/run-finished";
import { buildServices } from "../../worker/services";
import { insertUser, insertWatchlist, resetHistoryTables } from "./jobs/nightly-run/support";
import { channelEnv, fakeEmailBinding } from "./notifications/support";
import { clearAlertTables, seedNightlyRun } from "./support/alert-seed";

const firstArgs = (log: { mock: { calls: unknown[][] } }) => log.mock.calls.map(([first]) => first);
const loggedJson = (log: { mock: { calls: unknown[][] } }, label: string) =>
  JSON.parse(String(log.mock.calls.find(([first]) => first === label)?.[1]));

beforeEach(clearAlertTables);

describe("cron triggers", () => {
  it("starts the day's snapshot run at 02:00, and nothing else", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await worker.scheduled(createScheduledController({ cron: "0 2 * * *", scheduledTime: Date.UTC(2026, 10, 22, 2, 0) }), env);
    expect(firstArgs(log).slice(0, 2)).toEqual(["cron 0 2 * * * fired at 2026-11-22T02:00:00.000Z", "snapshot run"]);
    expect(loggedJson(log, "snapshot run")).toEqual({ day: "2026-11-22", status: "running" });
    expect(firstArgs(log)).not.toContain("alert check");
    expect(firstArgs(log)).not.toContain("retention");
  });

  it("runs the alert check, its deliveries and then retention at 02:30", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await seedNightlyRun("done", "2026-11-21");
    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: Date.UTC(2026, 10, 21, 2, 30) }), env);
    expect(firstArgs(log)).toEqual(["cron 30 2 * * * fired at 2026-11-21T02:30:00.000Z", "alert check", "deliveries", "retention"]);
    expect(loggedJson(log, "alert check")).toMatchObject({ day: "2026-11-21", deferred: false, complete: true });
    expect(loggedJson(log, "deliveries")).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
    expect(loggedJson(log, "retention")).toMatchObject({ cutoff: "2026-10-22T02:30:00.000Z" });
  });
});

describe("a day whose 02:00 run never began (that invocation failed, or never came)", () => {
  it("the 02:30 run starts it and its check waits for it, rather than checking yesterday's data and leaving the day without a snapshot", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const day = "2026-11-20";
    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: Date.UTC(2026, 10, 20, 2, 30) }), env);

    expect(loggedJson(log, "alert check")).toMatchObject({ day, deferred: true });
    // The run goes on in the SnapshotRunner's alarm, and checks the alerts when it is done.
    await vi.waitFor(async () => expect(await findNightlyRun(env.DB, day)).toMatchObject({ status: "done" }), { timeout: 5000 });
  });
});

describe("the daily report and a snapshot run still going at 02:30", () => {
  beforeEach(async () => {
    await resetHistoryTables();
    await env.DB.prepare("DELETE FROM user_refresh").run();
  });

  it("waits for the run: it goes out once, when the run finishes, not at 02:30 without this morning's snapshot", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const id = await insertUser({ isDemo: true });
    await insertWatchlist(id, [{ marketplace: "US", asin: "BLATE00001" }]);
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, daily_report, alert_email) VALUES (?, 1, ?)").bind(id, "daily@example.com").run();
    const day = "2026-11-21";
    await ensureNightlyRun(env.DB, day, "2026-11-21T02:00:00.000Z");
    const email = fakeEmailBinding();
    // The run is the test's to finish: the cron's nudge reaches no real SnapshotRunner.
    const runner = { idFromName: () => "snapshot", get: () => ({ start: async () => {} }) } as unknown as Bindings["SNAPSHOT_RUNNER"];
    const bindings = channelEnv({ ALERT_EMAIL: email.binding, SNAPSHOT_RUNNER: runner });

    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: Date.UTC(2026, 10, 21, 2, 30) }), bindings);
    // The check was deferred: a report now would say nothing of this morning's snapshot or today's alerts.
    expect(email.sent).toEqual([]);

    await finishNightlyRun(env.DB, day, "2026-11-21T04:10:00.000Z");
    await onRunFinished(buildServices(bindings), day);
    expect(email.sent.map((message) => message.subject)).toEqual(["RankLayer daily report, 2026-11-21"]);
  });
});
