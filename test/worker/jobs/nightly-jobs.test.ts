import { createScheduledController, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { runAlertCheck } from "../../../worker/jobs/alert-check/alert-check";
import { ALERT_CHECK_RUNNER_NAME } from "../../../worker/jobs/alert-check/nightly-check";
import { findNightlyRun } from "../../../worker/jobs/nightly-run-store";
import { nightlyRunner } from "../../../worker/jobs/nightly-run/start";
import { recordDayPoint } from "../../../worker/history/rank-points-store";
import worker from "../../../worker/index";
import { runRetention } from "../../../worker/jobs/retention/retention";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import type { AlertList, AlertView } from "../../../worker/contract/alerts";
import type { NotificationList } from "../../../worker/contract/notifications";
import {
  CHECK_TIME,
  clearAlertTables,
  count,
  DAY_MS,
  deliveriesOf,
  eventsOf,
  seedAlert,
  seedRank,
  seedNightlyRun,
  seedUser,
  storedAlert,
  TODAY,
} from "../support/alert-seed";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { historyPoints, seedPoint } from "../support/history-shards";
import { buildServices } from "../../../worker/services";
import { utcDay } from "../../../worker/contract/time";
import { failFirstPrepare, JOB_RUNS_QUERY } from "../support/failing-d1";
import { recordingD1 } from "../support/recording-d1";

/** A read of a snapshot run's whole row (findNightlyRun), not the weekly report's look at its own. */
const SNAPSHOT_RUN_READ = /^select "job", "day", "status".* from "job_runs"/;

beforeEach(async () => {
  await clearAlertTables();
  await env.DB.exec("DELETE FROM lookup_log");
  // A fresh snapshot runner: test files share one Worker isolate, and another file's run may have left an alarm set.
  await runInDurableObject(nightlyRunner(env), async (_instance, state) => {
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
  });
  vi.spyOn(console, "log").mockImplementation(() => {});
});

/** Fires the 02:30 cron the way Cloudflare does. */
const alertCron = (scheduledTime = CHECK_TIME) =>
  worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime }), env);

describe("the 02:30 cron: alert check", () => {
  // The day's 02:00 run is done: the check runs at once (a missing run is started, and waited for).
  beforeEach(() => seedNightlyRun("done"));

  it("a demo user's alert fires on that day's mock snapshot and shows in the app", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    const product = mockProduct("B08N5WRWNW", "US");
    const threshold = Math.max(1, (product.rank ?? 2) - 1);
    const created = await browser.json("/api/alerts", "POST", { asin: "B08N5WRWNW", conditionType: "rank_above", threshold, marketplace: "US" });
    const { alert } = await created.json<{ alert: AlertView }>();
    await recordDayPoint(buildServices(env).history, { product, source: "mock", capturedAt: new Date(CHECK_TIME - 25 * 60 * 1000).toISOString() });

    await alertCron();

    const { notifications, unread } = await (await browser.request("/api/notifications")).json<NotificationList>();
    expect(unread).toBe(1);
    expect(notifications).toEqual([
      expect.objectContaining({
        alertId: alert.id,
        day: TODAY,
        message: `B08N5WRWNW (US): rank #${product.rank?.toLocaleString("en-US")} is worse than your threshold #${threshold.toLocaleString("en-US")} (mock data)`,
      }),
    ]);
    const { alerts } = await (await browser.request("/api/alerts")).json<AlertList>();
    expect(alerts).toEqual([
      { ...alert, last_triggered: new Date(CHECK_TIME).toISOString(), last_result: "fired", last_result_source: "mock", last_checked_day: TODAY },
    ]);
  });

  it("run twice, it makes one event and one set of deliveries", async () => {
    const userId = await seedUser({ webhookUrl: "https://hooks.example.com/rl" });
    const alertId = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    await seedRank("B08N5WRWNW", 0, 812);

    await alertCron();
    await alertCron(CHECK_TIME + 10 * 60 * 1000);

    expect(await eventsOf(alertId)).toEqual([expect.objectContaining({ day: TODAY, message: "B08N5WRWNW (US): rank #812 is worse than your threshold #500" })]);
    // The cron's delivery pass handled each once: this user has no alert address and no webhook secret.
    expect(await deliveriesOf(alertId)).toEqual([
      { channel: "email", status: "not_configured", attempts: 0 },
      { channel: "webhook", status: "not_configured", attempts: 0 },
    ]);
    expect(await storedAlert(alertId)).toMatchObject({ last_result: "fired", last_triggered: new Date(CHECK_TIME).toISOString() });
  });

  it("resumes a run that stopped after its first page: every alert checked once, fired once", async () => {
    const userId = await seedUser();
    const asins = Array.from({ length: 230 }, (_, i) => `B${String(i).padStart(9, "0")}`);
    await env.DB.batch(
      asins.flatMap((asin) => [
        env.DB.prepare("INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold) VALUES (?, ?, ?, 'US', 'rank_above', 500)").bind(
          crypto.randomUUID(),
          userId,
          asin,
        ),
      ]),
    );
    for (const asin of asins) await seedPoint({ asin, day: TODAY, rank: 812, capturedAt: new Date(CHECK_TIME).toISOString() });

    // The interrupted run: one page of the default size, then the invocation ended.
    expect(await runAlertCheck(buildServices(env), CHECK_TIME, { maxPages: 1 })).toMatchObject({ checked: 100, fired: 100, complete: false });
    await alertCron();
    await alertCron();

    expect(await count("alert_events")).toBe(230);
    expect(await count("notification_deliveries")).toBe(230);
    const unchecked = await env.DB.prepare("SELECT count(*) AS n FROM alerts WHERE last_checked_day IS NOT ? OR last_result <> 'fired'")
      .bind(TODAY)
      .first<{ n: number }>();
    expect(unchecked?.n).toBe(0);
  });

  it("reads the day's snapshot run once: the check does not read again the run the 02:30 run found done", async () => {
    const recorded = recordingD1(env.DB);
    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: CHECK_TIME }), { ...env, DB: recorded.db });
    expect(recorded.queries.filter((query) => SNAPSHOT_RUN_READ.test(query))).toHaveLength(1);
  });

  it("runs retention even when the alert check fails, and leaves the check to the AlertCheckRunner to retry that night", async () => {
    await env.DB.prepare("INSERT INTO lookup_log (asin, marketplace, status, duration_ms, created_at) VALUES ('B000000001', 'US', 200, 1, ?)")
      .bind(new Date(CHECK_TIME - 40 * DAY_MS).toISOString())
      .run();
    const alertId = await seedAlert({ userId: await seedUser(), asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    await seedRank("B08N5WRWNW", 0, 812);
    // Retention only prepares statements; the check's first query is the one that fails.
    const failing = { ...env, DB: { prepare: failFirstPrepare(env.DB, JOB_RUNS_QUERY) } as unknown as D1Database };
    await expect(worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: CHECK_TIME }), failing)).rejects.toThrow(
      "D1 is down",
    );
    expect(await count("lookup_log")).toBe(0);

    const runner = env.ALERT_CHECK_RUNNER.getByName(ALERT_CHECK_RUNNER_NAME);
    expect(await runInDurableObject(runner, (_instance, state) => state.storage.getAlarm())).not.toBeNull();
    expect(await runDurableObjectAlarm(runner)).toBe(true);
    expect(await storedAlert(alertId)).toMatchObject({ last_result: "fired", last_checked_day: TODAY });
  });
});

describe("the 02:30 cron: a day whose 02:00 run never began", () => {
  it("starts the run on one read of its row, and the check waits for it without reading it again", async () => {
    await env.DB.prepare("DELETE FROM job_runs WHERE job = 'snapshot' AND day = ?").bind(TODAY).run();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const recorded = recordingD1(env.DB);
    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: CHECK_TIME }), { ...env, DB: recorded.db });
    expect(recorded.queries.filter((query) => SNAPSHOT_RUN_READ.test(query))).toHaveLength(1);
    expect(await findNightlyRun(env.DB, TODAY)).toMatchObject({ status: "running" });
  });
});

describe("the night end to end: 02:00 snapshots, then the 02:30 check", () => {
  it("snapshots the demo seller's alert ASIN with the mock source, then fires the alert once", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    const product = mockProduct("B0NIGHT001", "US");
    const threshold = Math.max(1, (product.rank ?? 2) - 1);
    await browser.json("/api/alerts", "POST", { asin: "B0NIGHT001", conditionType: "rank_above", threshold, marketplace: "US" });
    await browser.json("/api/alerts", "POST", { asin: "B0NIGHT001", conditionType: "low_stock", threshold: 1_000_000, marketplace: "US" });
    const now = Date.now();
    const day = utcDay(now);

    await worker.scheduled(createScheduledController({ cron: "0 2 * * *", scheduledTime: now }), env);
    // The run goes on in the SnapshotRunner's alarm: one product call and the demo seller's own data.
    await vi.waitFor(async () => expect(await findNightlyRun(env.DB, day)).toMatchObject({ status: "done" }), { timeout: 5000 });
    const [snapshot] = await historyPoints({ asin: "B0NIGHT001", day });
    expect({ source: snapshot?.source, rank: snapshot?.rank }).toEqual({ source: "mock", rank: product.rank });

    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: now }), env);
    await worker.scheduled(createScheduledController({ cron: "30 2 * * *", scheduledTime: now }), env);

    const { notifications } = await (await browser.request("/api/notifications")).json<NotificationList>();
    expect(notifications.map((n) => n.conditionType).sort()).toEqual(["low_stock", "rank_above"]);
    expect(notifications.find((n) => n.conditionType === "low_stock")?.message).toMatch(/^B0NIGHT001 \(US\): .* \(mock data\)$/);
    const { alerts } = await (await browser.request("/api/alerts")).json<AlertList>();
    expect(alerts.map((alert) => alert.last_result)).toEqual(["fired", "fired"]);
    for (const alert of alerts) expect(alert.last_triggered).not.toBeNull();
  });
});

describe("retention", () => {
  const at = (msBeforeCheck: number) => new Date(CHECK_TIME - msBeforeCheck).toISOString();

  it("the 02:30 cron deletes lookup logs older than 30 days and keeps the rest", async () => {
    const rows = [
      ["OLD0000001", at(31 * DAY_MS)],
      ["OLD0000002", at(30 * DAY_MS + 1)],
      ["EDGE000001", at(30 * DAY_MS)],
      ["NEW0000001", at(29 * DAY_MS)],
      ["NEW0000002", at(0)],
    ];
    const insert = env.DB.prepare("INSERT INTO lookup_log (asin, marketplace, status, source, duration_ms, created_at) VALUES (?, 'US', 200, 'mock', 1, ?)");
    await env.DB.batch(rows.map(([asin, createdAt]) => insert.bind(asin, createdAt)));

    await alertCron();
    const { results } = await env.DB.prepare("SELECT asin FROM lookup_log ORDER BY asin").all<{ asin: string }>();
    expect(results.map((row) => row.asin)).toEqual(["EDGE000001", "NEW0000001", "NEW0000002"]);
  });

  it("deletes a large backlog in chunks", async () => {
    const insert = env.DB.prepare("INSERT INTO lookup_log (asin, marketplace, status, duration_ms, created_at) VALUES ('B000000001', 'US', 200, 1, ?)");
    await env.DB.batch([
      ...Array.from({ length: 23 }, () => insert.bind(at(45 * DAY_MS))),
      ...Array.from({ length: 4 }, () => insert.bind(at(DAY_MS))),
    ]);
    expect(await runRetention(buildServices(env), CHECK_TIME, 5, { history: false })).toMatchObject({ cutoff: at(30 * DAY_MS), lookupLogDeleted: 23, apiKeyUsageDeleted: expect.any(Number) });
    expect(await count("lookup_log")).toBe(4);
  });

  it("each client's rate-limit counters erase themselves 30 days after its last request", async () => {
    const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`retention-${crypto.randomUUID()}`));
    const before = Date.now();
    await stub.take("counts", [{ name: "month", limit: 100, length: "month" }, { name: "minute", limit: 30, length: 60_000 }], "lease");
    await stub.take("window:contact", [{ name: "contact", limit: 5, length: 60 * 60 * 1000 }], "one");

    const stored = await runInDurableObject(stub, async (_instance, state) => ({
      alarm: await state.storage.getAlarm(),
      keys: [...(await state.storage.list()).keys()],
    }));
    expect(stored.keys.sort()).toEqual(["counts", "window:contact"]);
    expect(stored.alarm).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(stored.alarm).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    expect((await stub.take("counts", [{ name: "month", limit: 100, length: "month" }, { name: "minute", limit: 30, length: 60_000 }], "peek")).remaining).toBeLessThan(30);

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const after = await runInDurableObject(stub, async (_instance, state) => (await state.storage.list()).size);
    expect(after).toBe(0);
    // A client that comes back starts from empty counters.
    expect(await stub.take("counts", [{ name: "month", limit: 100, length: "month" }, { name: "minute", limit: 30, length: 60_000 }], "peek")).toMatchObject({ remaining: 30 });
  });
});
