import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { alertWaitDeadline } from "../../../../worker/jobs/alert-check/alert-wait";
import * as nightlyCheck from "../../../../worker/jobs/alert-check/nightly-check";
import { ALERT_CHECK_RUNNER_NAME, alertCheckStep, alertCheckTimeAfterRun, checkAlertsAndNotify } from "../../../../worker/jobs/alert-check/nightly-check";
import { CHECK_TIME, clearAlertTables, count, seedAlert, seedRank, seedNightlyRun, seedUser, storedAlert, TODAY } from "../../support/alert-seed";
import { buildServices } from "../../../../worker/services";
import { failFirstPrepare } from "../../support/failing-d1";

const runner = () => env.ALERT_CHECK_RUNNER.getByName(ALERT_CHECK_RUNNER_NAME);
const alarmAt = () => runInDurableObject(runner(), (_instance, state) => state.storage.getAlarm());

beforeEach(async () => {
  await clearAlertTables();
  await runInDurableObject(runner(), async (_instance, state) => {
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
  });
});

async function seedFiringAlerts(n: number): Promise<string[]> {
  const userId = await seedUser();
  await seedRank("B08N5WRWNW", 0, 812);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 + i }));
  return ids;
}

describe("checkAlertsAndNotify", () => {
  it("checks every alert of the day in one go when it can, and arms nothing", async () => {
    const ids = await seedFiringAlerts(3);
    const { check } = await checkAlertsAndNotify(buildServices(env), CHECK_TIME);
    expect(check).toMatchObject({ day: TODAY, checked: 3, fired: 3, complete: true });
    for (const id of ids) expect(await storedAlert(id)).toMatchObject({ last_result: "fired", last_checked_day: TODAY });
    expect(await alarmAt()).toBeNull();
  });

  it("hands a day it could not finish to the AlertCheckRunner, whose alarms check the rest exactly once", async () => {
    const ids = await seedFiringAlerts(3);
    // One alert per invocation stands in for a day with more alerts than one invocation may check.
    const { check } = await checkAlertsAndNotify(buildServices(env), CHECK_TIME, { pageSize: 1, maxPages: 1 });
    expect(check).toMatchObject({ checked: 1, fired: 1, complete: false });
    expect(await alarmAt()).not.toBeNull();

    expect(await runDurableObjectAlarm(runner())).toBe(true);
    for (const id of ids) expect(await storedAlert(id)).toMatchObject({ last_result: "fired", last_checked_day: TODAY });
    expect(await count("alert_events")).toBe(3);
    // Done: the chain stops, and a stray alarm changes nothing.
    expect(await alarmAt()).toBeNull();
    await runner().resume(CHECK_TIME);
    expect(await runDurableObjectAlarm(runner())).toBe(true);
    expect(await count("alert_events")).toBe(3);
  });

  it("leaves the alerts to the snapshot run while it is running", async () => {
    await seedFiringAlerts(1);
    await seedNightlyRun("running");
    const { check } = await checkAlertsAndNotify(buildServices(env), CHECK_TIME);
    expect(check).toMatchObject({ deferred: true, checked: 0 });
    // Not for ever: the runner is armed for the wait's bound (alert-wait.ts), no earlier.
    expect(await alarmAt()).toBeGreaterThanOrEqual(alertWaitDeadline(CHECK_TIME));
    expect(await count("alert_events")).toBe(0);
  });
});

/** One alert that finds no data, sorting before one that fires (ids in check order). */
async function noDataBeforeFiring() {
  const userId = await seedUser();
  await seedRank("B08N5WRWNW", 0, 812);
  const noData = await seedAlert({ id: `a-nodata-${userId}`, userId, asin: "B0NODATA01", conditionType: "rank_above", threshold: 500 });
  const firing = await seedAlert({ id: `b-firing-${userId}`, userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
  return { noData, firing };
}

describe("a night with more no-data alerts than one step checks", () => {
  it("each step of the pass moves past the alerts that found no data, so the later alerts are checked and the pass ends", async () => {
    const { noData, firing } = await noDataBeforeFiring();
    // One alert per step stands in for 20,000: the steps of the pass begun at CHECK_TIME, as the runner takes them.
    const steps = [];
    for (let step = 0; step < 3; step++) {
      steps.push((await alertCheckStep(buildServices(env), CHECK_TIME + step * 1000, { pageSize: 1, maxPages: 1, passStartMs: CHECK_TIME })).check);
    }
    expect(steps).toEqual([
      expect.objectContaining({ checked: 1, noData: 1, fired: 0, complete: false }),
      expect.objectContaining({ checked: 1, noData: 0, fired: 1, complete: false }),
      expect.objectContaining({ checked: 0, complete: true }),
    ]);
    expect(await storedAlert(noData)).toMatchObject({ last_result: "no_data", last_checked_day: TODAY });
    expect(await storedAlert(firing)).toMatchObject({ last_result: "fired", last_checked_day: TODAY });
  });

  it("the AlertCheckRunner's steps skip the no-data alerts their own check already checked", async () => {
    await noDataBeforeFiring();
    const { check } = await checkAlertsAndNotify(buildServices(env), CHECK_TIME, { pageSize: 1, maxPages: 1 });
    expect(check).toMatchObject({ checked: 1, noData: 1, complete: false });

    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await runDurableObjectAlarm(runner())).toBe(true);
    const continued = log.mock.calls.find(([label]) => label === "alert check (continued)");
    expect(JSON.parse(String(continued?.[1]))).toMatchObject({ checked: 1, fired: 1, noData: 0, complete: true });
    expect(await alarmAt()).toBeNull();
  });

  it("a later check (the snapshot run's, when it finishes) checks the no-data alerts again", async () => {
    const { noData } = await noDataBeforeFiring();
    await checkAlertsAndNotify(buildServices(env), CHECK_TIME);
    await seedRank("B0NODATA01", 0, 900);
    const later = CHECK_TIME + 2 * 60 * 60_000;
    expect((await checkAlertsAndNotify(buildServices(env), later)).check).toMatchObject({ checked: 1, fired: 1 });
    expect(await storedAlert(noData)).toMatchObject({ last_result: "fired" });
  });
});

describe("a check that fails", () => {
  it("is handed to the AlertCheckRunner before the error goes up, and its alarm checks the day's alerts", async () => {
    const ids = await seedFiringAlerts(2);
    const failing = buildServices({ ...env, DB: { prepare: failFirstPrepare(env.DB) } as unknown as D1Database });
    await expect(checkAlertsAndNotify(failing, CHECK_TIME)).rejects.toThrow("D1 is down");
    expect(await alarmAt()).not.toBeNull();

    expect(await runDurableObjectAlarm(runner())).toBe(true);
    for (const id of ids) expect(await storedAlert(id)).toMatchObject({ last_result: "fired", last_checked_day: TODAY });
    expect(await alarmAt()).toBeNull();
  });

  it("a retry that comes while the day's snapshot run still goes waits for it, up to the bound, rather than dropping the check", async () => {
    // A check time still ahead (tomorrow 02:30), so the retry's step really is inside the wait.
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const checkTime = Date.parse(`${day}T02:30:00.000Z`);
    await seedNightlyRun("running", day);
    await runner().resume(checkTime);

    await runDurableObjectAlarm(runner());
    await vi.waitFor(async () => expect(await alarmAt()).toBe(alertWaitDeadline(checkTime)));
  });
});

describe("alertCheckTimeAfterRun", () => {
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ["a run done before the 02:30 cron leaves the check to it", "2026-11-22T02:20:00.000Z", null],
    ["a run done exactly at 02:30 checks then", "2026-11-22T02:30:00.000Z", "2026-11-22T02:30:00.000Z"],
    ["a run done after 02:30 checks when it is done", "2026-11-22T04:47:10.000Z", "2026-11-22T04:47:10.000Z"],
    ["a run that crossed midnight still checks its own day", "2026-11-23T00:10:00.000Z", "2026-11-22T23:59:59.999Z"],
  ])("%s", (_case, finishedAt, expected) => {
    expect(alertCheckTimeAfterRun("2026-11-22", at(finishedAt))).toBe(expected === null ? null : at(expected));
  });
});

/** A database whose every call never answers: the invocation using it is as good as killed. */
function frozenD1(): D1Database {
  const never = () => new Promise<never>(() => {});
  const statement: Record<string, unknown> = { all: never, raw: never, first: never, run: never };
  statement.bind = () => statement;
  return { prepare: () => statement, batch: never } as unknown as D1Database;
}

describe("an invocation killed mid-check", () => {
  it("leaves the AlertCheckRunner armed before it began: the runner checks the day's alerts, once", async () => {
    const ids = await seedFiringAlerts(2);
    // The CPU or time limit ends the invocation inside the check: no catch, no finally runs.
    void checkAlertsAndNotify(buildServices({ ...env, DB: frozenD1() }), CHECK_TIME);
    await vi.waitFor(async () => expect(await alarmAt()).not.toBeNull());

    expect(await runDurableObjectAlarm(runner())).toBe(true);
    for (const id of ids) expect(await storedAlert(id)).toMatchObject({ last_result: "fired", last_checked_day: TODAY });
    expect(await count("alert_events")).toBe(2);
    expect(await alarmAt()).toBeNull();
  });
});

describe("a runner step that throws (D1 down longer than the runtime's alarm retries)", () => {
  it("arms the runner again after a backoff instead of throwing; the next step checks the day's alerts", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const ids = await seedFiringAlerts(2);
    await runner().resume(CHECK_TIME);
    const step = vi.spyOn(nightlyCheck, "alertCheckStep").mockRejectedValueOnce(new Error("D1_ERROR: Network connection lost."));

    const before = Date.now();
    expect(await runDurableObjectAlarm(runner())).toBe(true);
    expect(await alarmAt()).toBeGreaterThanOrEqual(before + 30_000);

    expect(await runDurableObjectAlarm(runner())).toBe(true);
    expect(step).toHaveBeenCalledTimes(2);
    for (const id of ids) expect(await storedAlert(id)).toMatchObject({ last_result: "fired", last_checked_day: TODAY });
    expect(await alarmAt()).toBeNull();
  });
});
