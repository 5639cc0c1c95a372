import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { runAlertCheck } from "../../../../worker/jobs/alert-check/alert-check";
import {
  CHECK_TIME,
  clearAlertTables,
  count,
  DAY_MS,
  dayAt,
  deliveriesOf,
  eventsOf,
  seedAlert,
  seedRank,
  seedSeller,
  seedNightlyRun,
  seedUser,
  storedAlert,
  TODAY,
} from "../../support/alert-seed";
import { buildServices } from "../../../../worker/services";

beforeEach(clearAlertTables);

const CHECK_ISO = new Date(CHECK_TIME).toISOString();

describe("runAlertCheck", () => {
  it("fires, records the event and pending deliveries, and records ok and no_data", async () => {
    const userId = await seedUser({ webhookUrl: "https://hooks.example.com/rl" });
    const firing = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    const quiet = await seedAlert({ userId, asin: "B000000002", conditionType: "rank_above", threshold: 500 });
    const missing = await seedAlert({ userId, asin: "B000000003", conditionType: "rank_above", threshold: 500 });
    await seedRank("B08N5WRWNW", 0, 812);
    await seedRank("B000000002", 0, 500);
    await seedRank("B000000003", -1, 900); // yesterday only

    const summary = await runAlertCheck(buildServices(env), CHECK_TIME);
    expect(summary).toEqual({ day: TODAY, deferred: false, checked: 3, fired: 1, ok: 1, noData: 1, complete: true });

    expect(await eventsOf(firing)).toEqual([
      {
        id: expect.any(String),
        workspace_id: userId,
        day: TODAY,
        asin: "B08N5WRWNW",
        marketplace: "US",
        condition_type: "rank_above",
        threshold: 500,
        message: "B08N5WRWNW (US): rank #812 is worse than your threshold #500",
        in_app: 1,
        read_at: null,
      },
    ]);
    expect(await deliveriesOf(firing)).toEqual([
      { channel: "email", status: "pending", attempts: 0 },
      { channel: "webhook", status: "pending", attempts: 0 },
    ]);
    expect(await storedAlert(firing)).toMatchObject({ last_result: "fired", last_checked_day: TODAY, last_triggered: CHECK_ISO });
    expect(await storedAlert(quiet)).toMatchObject({ last_result: "ok", last_checked_day: TODAY, last_triggered: null });
    expect(await storedAlert(missing)).toMatchObject({ last_result: "no_data", last_checked_day: TODAY, last_triggered: null });
    expect(await eventsOf(quiet)).toEqual([]);
    expect(await eventsOf(missing)).toEqual([]);
  });

  it("running twice on the same day sends nothing twice and keeps the first firing time", async () => {
    const userId = await seedUser({ webhookUrl: "https://hooks.example.com/rl" });
    const alertId = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    await seedRank("B08N5WRWNW", 0, 812);

    await runAlertCheck(buildServices(env), CHECK_TIME);
    const second = await runAlertCheck(buildServices(env), CHECK_TIME + 60 * 60 * 1000);
    expect(second).toMatchObject({ checked: 0, fired: 0 });
    expect(await eventsOf(alertId)).toHaveLength(1);
    expect(await deliveriesOf(alertId)).toHaveLength(2);
    expect(await storedAlert(alertId)).toMatchObject({ last_triggered: CHECK_ISO });
  });

  it("even an alert checked again on the same day cannot make a second event or delivery", async () => {
    const userId = await seedUser({ webhookUrl: "https://hooks.example.com/rl" });
    const alertId = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    await seedRank("B08N5WRWNW", 0, 812);
    await runAlertCheck(buildServices(env), CHECK_TIME);
    // As if an earlier run had written the event but not yet the alert's row.
    await env.DB.prepare("UPDATE alerts SET last_checked_day = NULL, last_result = NULL WHERE id = ?").bind(alertId).run();

    expect(await runAlertCheck(buildServices(env), CHECK_TIME + 1000)).toMatchObject({ checked: 1, fired: 0 });
    expect(await eventsOf(alertId)).toHaveLength(1);
    expect(await deliveriesOf(alertId)).toHaveLength(2);
    expect(await storedAlert(alertId)).toMatchObject({ last_result: "fired", last_triggered: CHECK_ISO });
  });

  it("fires again on a later day that also triggers", async () => {
    const userId = await seedUser();
    const alertId = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    await seedRank("B08N5WRWNW", 0, 812);
    await seedRank("B08N5WRWNW", 1, 900);
    await runAlertCheck(buildServices(env), CHECK_TIME);
    await runAlertCheck(buildServices(env), CHECK_TIME + DAY_MS);
    expect((await eventsOf(alertId)).map((event) => event.day)).toEqual([TODAY, dayAt(1)]);
    expect(await storedAlert(alertId)).toMatchObject({ last_checked_day: dayAt(1), last_triggered: new Date(CHECK_TIME + DAY_MS).toISOString() });
  });

  it("follows the alert's channels: no email when off, no webhook without a URL, hidden in-app when off", async () => {
    const userId = await seedUser();
    const alertId = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500, emailEnabled: false, inAppEnabled: false });
    const emailOnly = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 100 });
    await seedRank("B08N5WRWNW", 0, 812);
    await runAlertCheck(buildServices(env), CHECK_TIME);
    expect(await eventsOf(alertId)).toEqual([expect.objectContaining({ in_app: 0 })]);
    expect(await deliveriesOf(alertId)).toEqual([]);
    expect(await deliveriesOf(emailOnly)).toEqual([{ channel: "email", status: "pending", attempts: 0 }]);
  });

  it("follows the user's Email alerts and In-app alerts switches in Settings for every alert", async () => {
    const muted = await seedUser();
    const other = await seedUser();
    await env.DB.prepare("INSERT INTO user_settings (workspace_id, email_alerts, in_app_alerts) VALUES (?, 0, 0)").bind(muted).run();
    const mutedAlert = await seedAlert({ userId: muted, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    const otherAlert = await seedAlert({ userId: other, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    await seedRank("B08N5WRWNW", 0, 812);
    await runAlertCheck(buildServices(env), CHECK_TIME);
    // The firing is still recorded (last triggered), only the channels are muted.
    expect(await eventsOf(mutedAlert)).toEqual([expect.objectContaining({ in_app: 0 })]);
    expect(await deliveriesOf(mutedAlert)).toEqual([]);
    expect(await storedAlert(mutedAlert)).toMatchObject({ last_result: "fired", last_triggered: CHECK_ISO });
    expect(await eventsOf(otherAlert)).toEqual([expect.objectContaining({ in_app: 1 })]);
    expect(await deliveriesOf(otherAlert)).toEqual([{ channel: "email", status: "pending", attempts: 0 }]);
  });

  it("follows the Rank drops and Buy Box loss switches for those alerts only, on every channel", async () => {
    const userId = await seedUser({ webhookUrl: "https://hooks.example.com/rl" });
    await env.DB.prepare("UPDATE user_settings SET rank_drops = 0, buy_box_loss = 0 WHERE workspace_id = ?").bind(userId).run();
    const drop = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_drop", threshold: 20 });
    const above = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    const buyBox = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "buybox_lost", threshold: null });
    await seedRank("B08N5WRWNW", -3, 400);
    await seedRank("B08N5WRWNW", 0, 812);
    await seedSeller(userId, "B08N5WRWNW", -1, 5, true);
    await seedSeller(userId, "B08N5WRWNW", 0, 5, false);
    await runAlertCheck(buildServices(env), CHECK_TIME);
    for (const muted of [drop, buyBox]) {
      expect(await eventsOf(muted)).toEqual([expect.objectContaining({ in_app: 0 })]);
      expect(await deliveriesOf(muted)).toEqual([]);
      expect(await storedAlert(muted)).toMatchObject({ last_result: "fired", last_triggered: CHECK_ISO });
    }
    expect(await eventsOf(above)).toEqual([expect.objectContaining({ in_app: 1 })]);
    expect((await deliveriesOf(above)).map((delivery) => delivery.channel)).toEqual(["email", "webhook"]);
  });

  it("skips paused alerts", async () => {
    const userId = await seedUser();
    const alertId = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500, paused: true });
    await seedRank("B08N5WRWNW", 0, 812);
    expect(await runAlertCheck(buildServices(env), CHECK_TIME)).toMatchObject({ checked: 0, fired: 0 });
    expect(await storedAlert(alertId)).toMatchObject({ last_result: null, last_checked_day: null });
  });

  it("evaluates rank_drop and price_change over the stored 7 days", async () => {
    const userId = await seedUser();
    const drop = await seedAlert({ userId, asin: "B000000010", conditionType: "rank_drop", threshold: 20 });
    const price = await seedAlert({ userId, asin: "B000000010", conditionType: "price_change", threshold: 10 });
    const firstDay = await seedAlert({ userId, asin: "B000000011", conditionType: "rank_drop", threshold: 20 });
    await seedRank("B000000010", -8, 10, 1); // outside the window: ignored
    await seedRank("B000000010", -7, 100, 10);
    await seedRank("B000000010", -3, 110, 10.5);
    await seedRank("B000000010", 0, 121, 11);
    await seedRank("B000000011", 0, 121, 11);

    await runAlertCheck(buildServices(env), CHECK_TIME);
    expect(await eventsOf(drop)).toEqual([
      expect.objectContaining({ message: "B000000010 (US): rank #121 is 21.0% worse than #100 in the last 7 days (threshold 20%)" }),
    ]);
    expect(await storedAlert(price)).toMatchObject({ last_result: "ok" }); // exactly +10%
    expect(await storedAlert(firstDay)).toMatchObject({ last_result: "no_data" });
  });

  it("writes a price_change in the marketplace's currency: yen without decimals", async () => {
    const userId = await seedUser();
    const price = await seedAlert({ userId, asin: "B0JPPRICE1", marketplace: "JP", conditionType: "price_change", threshold: 10 });
    await seedRank("B0JPPRICE1", -2, 500, 3872, "JP");
    await seedRank("B0JPPRICE1", 0, 500, 4914, "JP");

    await runAlertCheck(buildServices(env), CHECK_TIME);
    expect(await eventsOf(price)).toEqual([
      expect.objectContaining({ message: "B0JPPRICE1 (JP): price ¥4,914 moved +26.9% from ¥3,872 in the last 7 days (threshold ±10%)" }),
    ]);
  });

  it("reads seller conditions from the alert owner's own snapshots only", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const ownStock = await seedAlert({ userId: owner, asin: "B000000020", conditionType: "low_stock", threshold: 10 });
    const buyBox = await seedAlert({ userId: owner, asin: "B000000020", conditionType: "buybox_lost", threshold: null });
    const noOwnData = await seedAlert({ userId: owner, asin: "B000000021", conditionType: "low_stock", threshold: 10 });
    await seedSeller(owner, "B000000020", -1, 50, true);
    await seedSeller(owner, "B000000020", 0, 4, false);
    // Another seller's data on B000000021 (out of stock, Buy Box lost) must not reach the owner's alert.
    await seedSeller(other, "B000000021", -1, 50, true);
    await seedSeller(other, "B000000021", 0, 0, false);

    await runAlertCheck(buildServices(env), CHECK_TIME);
    expect(await eventsOf(ownStock)).toEqual([
      expect.objectContaining({ message: "B000000020 (US): 4 fulfillable units, below your threshold of 10 (mock data)" }),
    ]);
    expect(await eventsOf(buyBox)).toEqual([
      expect.objectContaining({ message: `B000000020 (US): you lost the Buy Box (you held it on ${dayAt(-1)}) (mock data)` }),
    ]);
    expect(await storedAlert(noOwnData)).toMatchObject({ last_result: "no_data" });
  });

  it("waits while today's snapshot run is running, and checks once it is done", async () => {
    const userId = await seedUser();
    const alertId = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    await seedRank("B08N5WRWNW", 0, 812);
    await seedNightlyRun("running");
    await seedNightlyRun("running", dayAt(-1)); // yesterday's stuck run does not hold today's check

    expect(await runAlertCheck(buildServices(env), CHECK_TIME)).toEqual({
      day: TODAY,
      deferred: true,
      checked: 0,
      fired: 0,
      ok: 0,
      noData: 0,
      complete: false,
    });
    expect(await storedAlert(alertId)).toMatchObject({ last_checked_day: null });

    await seedNightlyRun("done");
    expect(await runAlertCheck(buildServices(env), CHECK_TIME)).toMatchObject({ deferred: false, fired: 1 });
  });

  it("checks an alert that found no data again when the data arrives later that day", async () => {
    const userId = await seedUser();
    const alertId = await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500 });
    expect(await runAlertCheck(buildServices(env), CHECK_TIME)).toMatchObject({ noData: 1 });
    await seedRank("B08N5WRWNW", 0, 812);
    expect(await runAlertCheck(buildServices(env), CHECK_TIME + 1000)).toMatchObject({ checked: 1, fired: 1 });
    expect(await eventsOf(alertId)).toHaveLength(1);
  });

  it("walks many alerts in pages and resumes a run that stopped after its first page", async () => {
    const userId = await seedUser();
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      ids.push(await seedAlert({ userId, asin: `B0000001${String(i).padStart(2, "0")}`, conditionType: "rank_above", threshold: 500 }));
      await seedRank(`B0000001${String(i).padStart(2, "0")}`, 0, i % 2 === 0 ? 812 : 12);
    }
    const stopped = await runAlertCheck(buildServices(env), CHECK_TIME, { pageSize: 10, maxPages: 1 });
    expect(stopped).toMatchObject({ checked: 10, complete: false });
    const firstPage = [...ids].sort().slice(0, 10);
    for (const id of ids) {
      expect((await storedAlert(id))?.last_checked_day).toBe(firstPage.includes(id) ? TODAY : null);
    }

    const resumed = await runAlertCheck(buildServices(env), CHECK_TIME, { pageSize: 10 });
    expect(resumed).toMatchObject({ checked: 15, complete: true });
    expect(stopped.fired + resumed.fired).toBe(13);
    expect(await count("alert_events")).toBe(13);
    expect(await count("notification_deliveries")).toBe(13); // email only: no webhook URL
    expect(await runAlertCheck(buildServices(env), CHECK_TIME, { pageSize: 10 })).toMatchObject({ checked: 0 });
  });
});
