import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { runAlertCheck } from "../../../../worker/jobs/alert-check/alert-check";
import { findAlert, listAlerts } from "../../../../worker/alerts/alert-store";
import { buildServices } from "../../../../worker/services";
import { CHECK_TIME, clearAlertTables, dayAt, seedAlert, seedSeller, seedUser } from "../../support/alert-seed";
import { seedPoint } from "../../support/history-shards";

/**
 * Every result of the nightly check keeps the source of the data it was judged on, not only a
 * firing: an "ok" or "no data" read from the labelled mock (a store without credentials, a demo's
 * sample seller) must never read as a live result.
 */
beforeEach(clearAlertTables);

const sourceOf = async (id: string) =>
  (await env.DB.prepare("SELECT last_result, last_result_source FROM alerts WHERE id = ?").bind(id).first<{ last_result: string; last_result_source: string | null }>())!;

describe("the source of an alert's last result", () => {
  it("is kept for ok and no_data as for a firing: mock for the mock's data, live for Amazon's, null when no data was read", async () => {
    const userId = await seedUser();
    const liveOk = await seedAlert({ userId, asin: "B0LRSLIVE1", conditionType: "rank_above", threshold: 500 });
    const mockOk = await seedAlert({ userId, asin: "B0LRSMOCK1", conditionType: "rank_above", threshold: 500 });
    const mockFired = await seedAlert({ userId, asin: "B0LRSMOCK2", conditionType: "rank_above", threshold: 500 });
    // Today's point is the mock's, but there is nothing earlier to compare with: no data, on mock data.
    const mockNoData = await seedAlert({ userId, asin: "B0LRSMOCK3", conditionType: "rank_drop", threshold: 20 });
    const nothing = await seedAlert({ userId, asin: "B0LRSNONE1", conditionType: "rank_above", threshold: 500 });
    // The demo's mock seller API (seedSeller writes source 'mock').
    const stockOk = await seedAlert({ userId, asin: "B0LRSMOCK4", conditionType: "low_stock", threshold: 10 });
    await seedPoint({ asin: "B0LRSLIVE1", day: dayAt(0), rank: 100, source: "live" });
    await seedPoint({ asin: "B0LRSMOCK1", day: dayAt(0), rank: 100, source: "mock" });
    await seedPoint({ asin: "B0LRSMOCK2", day: dayAt(0), rank: 900, source: "mock" });
    await seedPoint({ asin: "B0LRSMOCK3", day: dayAt(0), rank: 900, source: "mock" });
    await seedSeller(userId, "B0LRSMOCK4", 0, 50, true);

    expect(await runAlertCheck(buildServices(env), CHECK_TIME)).toMatchObject({ checked: 6, fired: 1, ok: 3, noData: 2 });

    expect(await sourceOf(liveOk)).toEqual({ last_result: "ok", last_result_source: "live" });
    expect(await sourceOf(mockOk)).toEqual({ last_result: "ok", last_result_source: "mock" });
    expect(await sourceOf(mockFired)).toEqual({ last_result: "fired", last_result_source: "mock" });
    expect(await sourceOf(mockNoData)).toEqual({ last_result: "no_data", last_result_source: "mock" });
    expect(await sourceOf(nothing)).toEqual({ last_result: "no_data", last_result_source: null });
    expect(await sourceOf(stockOk)).toEqual({ last_result: "ok", last_result_source: "mock" });
  });

  it("is in the alert as the API answers it, beside the result", async () => {
    const userId = await seedUser();
    const mockOk = await seedAlert({ userId, asin: "B0LRSMOCK5", conditionType: "rank_above", threshold: 500 });
    const unchecked = await seedAlert({ userId, asin: "B0LRSNONE2", conditionType: "rank_above", threshold: 500, paused: true });
    await seedPoint({ asin: "B0LRSMOCK5", day: dayAt(0), rank: 100, source: "mock" });
    await runAlertCheck(buildServices(env), CHECK_TIME);

    expect(await findAlert(env.DB, userId, mockOk)).toMatchObject({ last_result: "ok", last_result_source: "mock" });
    const listed = new Map((await listAlerts(env.DB, userId)).map((alert) => [alert.id, alert]));
    expect(listed.get(mockOk)).toMatchObject({ last_result: "ok", last_result_source: "mock" });
    expect(listed.get(unchecked)).toMatchObject({ last_result: null, last_result_source: null });
  });

  it("follows the data when a later check reads live data: a mock result never stays on a live one", async () => {
    const userId = await seedUser();
    const alert = await seedAlert({ userId, asin: "B0LRSSWAP1", conditionType: "rank_above", threshold: 500 });
    await seedPoint({ asin: "B0LRSSWAP1", day: dayAt(-1), rank: 100, source: "mock" });
    await runAlertCheck(buildServices(env), CHECK_TIME - 86_400_000);
    expect(await sourceOf(alert)).toEqual({ last_result: "ok", last_result_source: "mock" });

    await seedPoint({ asin: "B0LRSSWAP1", day: dayAt(0), rank: 100, source: "live" });
    await runAlertCheck(buildServices(env), CHECK_TIME);
    expect(await sourceOf(alert)).toEqual({ last_result: "ok", last_result_source: "live" });
  });
});
