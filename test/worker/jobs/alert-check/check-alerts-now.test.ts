import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { checkAlertsNow, runAlertCheck } from "../../../../worker/jobs/alert-check/alert-check";
import { buildServices } from "../../../../worker/services";
import { CHECK_TIME, clearAlertTables, eventsOf, seedAlert, seedRank, seedUser, storedAlert, TODAY } from "../../support/alert-seed";

/** Some alerts checked at once (the demo's sample alerts), as the nightly check would check them today. */
beforeEach(clearAlertTables);

describe("checkAlertsNow", () => {
  it("checks only the named alerts of the named workspace, and the nightly check does not fire them again today", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    await seedRank("B08N5WRWNW", 0, 812);
    const named = await seedAlert({ userId: owner, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 100 });
    const quiet = await seedAlert({ userId: owner, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 5_000 });
    const unnamed = await seedAlert({ userId: owner, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 200 });
    const othersAlert = await seedAlert({ userId: other, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 300 });

    const summary = await checkAlertsNow(buildServices(env), CHECK_TIME, owner, [named, quiet, othersAlert]);

    expect(summary).toMatchObject({ day: TODAY, checked: 2, fired: 1, ok: 1, noData: 0 });
    expect(await storedAlert(named)).toMatchObject({ last_result: "fired", last_checked_day: TODAY });
    expect(await storedAlert(quiet)).toMatchObject({ last_result: "ok", last_checked_day: TODAY });
    expect(await eventsOf(named)).toHaveLength(1);
    // Another workspace's alert is not reached by naming it, nor is an alert left unnamed.
    expect(await storedAlert(othersAlert)).toMatchObject({ last_result: null, last_checked_day: null });
    expect(await storedAlert(unnamed)).toMatchObject({ last_result: null, last_checked_day: null });

    // Tonight's pass checks the others; the one checked already today fires nothing twice.
    expect(await runAlertCheck(buildServices(env), CHECK_TIME + 1000)).toMatchObject({ checked: 2, fired: 2 });
    expect(await eventsOf(named)).toHaveLength(1);
  });
});
