import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { buildServices } from "../../../../worker/services";
import { ALERT_CHECK_MAX_WAIT_MS, alertWaitDeadline, checkTimeAt, mayWaitForRun } from "../../../../worker/jobs/alert-check/alert-wait";
import { runAlertCheck } from "../../../../worker/jobs/alert-check/alert-check";
import { CHECK_TIME, clearAlertTables, seedAlert, seedRank, seedNightlyRun, seedUser, storedAlert, TODAY } from "../../support/alert-seed";

beforeEach(async () => {
  await clearAlertTables();
});

describe("the alert check's bounded wait for the nightly run", () => {
  it("waits until 03:30 UTC at the latest", () => {
    expect(ALERT_CHECK_MAX_WAIT_MS).toBe(3_600_000);
    expect(new Date(alertWaitDeadline(Date.parse("2026-11-22T02:30:00Z"))).toISOString()).toBe("2026-11-22T03:30:00.000Z");
    expect(mayWaitForRun(Date.parse("2026-11-22T03:29:59Z"))).toBe(true);
    expect(mayWaitForRun(Date.parse("2026-11-22T03:30:00Z"))).toBe(false);
    // An alarm days late still checks its own day.
    expect(new Date(checkTimeAt(Date.parse("2026-11-22T02:30:00Z"), Date.parse("2026-11-25T01:00:00Z"))).toISOString()).toBe("2026-11-22T23:59:59.999Z");
  });

  it("past the bound, checks what is snapshotted while the run still goes: snapshotted alerts fire, the others are 'no data' for the run to re-check", async () => {
    const userId = await seedUser();
    await seedRank("B08N5WRWNW", 0, 812);
    const snapshotted = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    const pending = await seedAlert({ userId, asin: "B0NOTYET01", conditionType: "rank_above", threshold: 500 });
    await seedNightlyRun("running");

    expect(await runAlertCheck(buildServices(env), CHECK_TIME)).toMatchObject({ deferred: true, checked: 0 });
    const late = alertWaitDeadline(CHECK_TIME) + 1;
    expect(await runAlertCheck(buildServices(env), late)).toMatchObject({ deferred: false, checked: 2, fired: 1, noData: 1 });
    expect(await storedAlert(snapshotted)).toMatchObject({ last_result: "fired", last_checked_day: TODAY });
    expect(await storedAlert(pending)).toMatchObject({ last_result: "no_data" });
  });
});
