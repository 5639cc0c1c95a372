import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { alertWaitDeadline } from "../../../../worker/jobs/alert-check/alert-wait";
import { ALERT_CHECK_RUNNER_NAME, alertCheckTimeAfterRun, checkAlertsAndNotify } from "../../../../worker/jobs/alert-check/nightly-check";
import { CHECK_TIME, clearAlertTables, count, seedAlert, seedRank, seedNightlyRun, seedUser, storedAlert, TODAY } from "../../support/alert-seed";
import { buildServices } from "../../../../worker/services";

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
