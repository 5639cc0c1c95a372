import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { runAlertCheck } from "../../../../worker/jobs/alert-check/alert-check";
import { buildServices } from "../../../../worker/services";
import { CHECK_TIME, clearAlertTables, dayAt, eventsOf, seedAlert, seedUser, storedAlert } from "../../support/alert-seed";
import { insertConnection } from "../../support/seller-connections";

/**
 * Seller alerts per connection: a low-stock alert that watches one connection reads that
 * connection's stock only, so the same ASIN low on one client and full on another fires once;
 * an alert on any connection checks each connection's own series apart and fires when any fires.
 */
beforeEach(clearAlertTables);

async function stock(connectionId: string, workspaceId: string, offset: number, units: number, asin = "B000000030", holdsBuyBox = true) {
  await env.DB.prepare(
    `INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, fulfillable_units, holds_buy_box, captured_at)
     VALUES (?, ?, ?, 'US', ?, 'mock', ?, ?, ?)`,
  )
    .bind(connectionId, workspaceId, asin, dayAt(offset), units, holdsBuyBox ? 1 : 0, `${dayAt(offset)}T02:05:00.000Z`)
    .run();
}

/** A workspace with two client connections, A sorting before B (by name and by id). */
async function twoClients() {
  const workspaceId = await seedUser();
  const [a, b] = [`${workspaceId}-a`, `${workspaceId}-b`];
  await insertConnection({ id: a, workspaceId, sellingPartnerId: "DEMO-CLIENT-A", region: "na", name: "Client A", status: "demo" });
  await insertConnection({ id: b, workspaceId, sellingPartnerId: "DEMO-CLIENT-B", region: "na", name: "Client B", status: "demo" });
  return { workspaceId, a, b };
}

describe("runAlertCheck per seller connection", () => {
  it("a connection's low-stock alert reads that connection's stock, not another client's", async () => {
    const workspaceId = await seedUser();
    const client = `${workspaceId}-client`;
    await insertConnection({ id: client, workspaceId, sellingPartnerId: "DEMO-CLIENT", region: "na", name: "Client", status: "demo" });
    // The workspace's own seller is nearly out; the client has plenty.
    await stock(workspaceId, workspaceId, 0, 3);
    await stock(client, workspaceId, 0, 120);
    const own = await seedAlert({ userId: workspaceId, asin: "B000000030", conditionType: "low_stock", threshold: 10 });
    const onClient = await seedAlert({ userId: workspaceId, asin: "B000000030", conditionType: "low_stock", threshold: 20 });
    await env.DB.prepare("UPDATE alerts SET connection_id = ? WHERE id = ?").bind(workspaceId, own).run();
    await env.DB.prepare("UPDATE alerts SET connection_id = ? WHERE id = ?").bind(client, onClient).run();

    await runAlertCheck(buildServices(env), CHECK_TIME);
    expect(await eventsOf(own)).toEqual([expect.objectContaining({ message: "B000000030 (US): 3 fulfillable units, below your threshold of 10 (mock data)" })]);
    expect(await eventsOf(onClient)).toEqual([]);
    expect(await storedAlert(onClient)).toMatchObject({ last_result: "ok" });
  });

  it("an alert on any connection never compares one connection's Buy Box with another's", async () => {
    const { workspaceId, a, b } = await twoClients();
    // A never holds the Buy Box, B always does: nobody lost anything.
    for (const offset of [-1, 0]) {
      await stock(a, workspaceId, offset, 50, "B000000040", false);
      await stock(b, workspaceId, offset, 50, "B000000040", true);
    }
    const alertId = await seedAlert({ userId: workspaceId, asin: "B000000040", conditionType: "buybox_lost", threshold: null });

    await runAlertCheck(buildServices(env), CHECK_TIME);
    expect(await eventsOf(alertId)).toEqual([]);
    expect(await storedAlert(alertId)).toMatchObject({ last_result: "ok" });
  });

  it("an alert on any connection fires on the connection that is low, naming it, not only on the first one", async () => {
    const { workspaceId, a, b } = await twoClients();
    await stock(a, workspaceId, 0, 120, "B000000041");
    await stock(b, workspaceId, 0, 3, "B000000041");
    const alertId = await seedAlert({ userId: workspaceId, asin: "B000000041", conditionType: "low_stock", threshold: 10 });

    await runAlertCheck(buildServices(env), CHECK_TIME);
    expect(await eventsOf(alertId)).toEqual([
      expect.objectContaining({ message: "B000000041 (US) on Client B: 3 fulfillable units, below your threshold of 10 (mock data)" }),
    ]);
  });
});
