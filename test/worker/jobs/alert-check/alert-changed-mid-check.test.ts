import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { runAlertCheck } from "../../../../worker/jobs/alert-check/alert-check";
import { buildServices } from "../../../../worker/services";
import { CHECK_TIME, clearAlertTables, deliveriesOf, eventsOf, seedAlert, seedRank, seedUser, storedAlert, TODAY } from "../../support/alert-seed";

/**
 * An alert deleted or paused by its user while the 02:30 check has its page in hand: the page's
 * other alerts are still checked and sent, and the changed alert fires nothing.
 */
beforeEach(clearAlertTables);

/** D1 as the check sees it, with `meanwhile` done just before the page's write (its one batch). */
function servicesActingBeforeWrite(meanwhile: () => Promise<unknown>) {
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "batch") return async (statements: D1PreparedStatement[]) => (await meanwhile(), target.batch(statements));
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return buildServices({ ...env, DB: db });
}

async function threeFiringAlerts() {
  const userId = await seedUser({ webhookUrl: "https://hooks.example.com/rl" });
  await seedRank("B08N5WRWNW", 0, 812);
  const ids: string[] = [];
  for (const threshold of [100, 200, 300]) ids.push(await seedAlert({ userId, asin: "B08N5WRWNW", conditionType: "rank_above", threshold }));
  return ids;
}

describe("runAlertCheck while alerts change", () => {
  it("an alert deleted mid-check fires nothing and the rest of its page is still checked and sent", async () => {
    const [kept1, deleted, kept2] = (await threeFiringAlerts()) as [string, string, string];
    const services = servicesActingBeforeWrite(() => env.DB.prepare("DELETE FROM alerts WHERE id = ?").bind(deleted).run());

    expect(await runAlertCheck(services, CHECK_TIME)).toMatchObject({ checked: 3, fired: 2, complete: true });
    for (const id of [kept1, kept2]) {
      expect(await storedAlert(id)).toMatchObject({ last_result: "fired", last_checked_day: TODAY });
      expect(await deliveriesOf(id)).toHaveLength(2);
    }
    expect(await eventsOf(deleted)).toEqual([]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM alert_events WHERE alert_id IS NULL").first("n")).toBe(0);
  });

  it("an alert paused mid-check fires nothing and reads as not checked today, so resuming it checks it", async () => {
    const [, paused] = (await threeFiringAlerts()) as [string, string, string];
    const services = servicesActingBeforeWrite(() => env.DB.prepare("UPDATE alerts SET paused = 1 WHERE id = ?").bind(paused).run());

    expect(await runAlertCheck(services, CHECK_TIME)).toMatchObject({ checked: 3, fired: 2 });
    expect(await eventsOf(paused)).toEqual([]);
    expect(await deliveriesOf(paused)).toEqual([]);
    expect(await storedAlert(paused)).toMatchObject({ last_result: null, last_checked_day: null, last_triggered: null });

    await env.DB.prepare("UPDATE alerts SET paused = 0 WHERE id = ?").bind(paused).run();
    expect(await runAlertCheck(buildServices(env), CHECK_TIME + 1000)).toMatchObject({ checked: 1, fired: 1 });
  });
});
