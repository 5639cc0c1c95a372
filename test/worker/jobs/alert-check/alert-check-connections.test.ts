import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { runAlertCheck } from "../../../../worker/jobs/alert-check/alert-check";
import { buildServices } from "../../../../worker/services";
import { CHECK_TIME, clearAlertTables, dayAt, eventsOf, seedAlert, seedUser, storedAlert } from "../../support/alert-seed";
import { insertConnection } from "../../support/seller-connections";

/**
 * Seller alerts per connection: a low-stock alert that watches one connection reads that
 * connection's stock only, so the same ASIN low on one client and full on another fires once.
 */
beforeEach(clearAlertTables);

async function stock(connectionId: string, workspaceId: string, offset: number, units: number) {
  await env.DB.prepare(
    `INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, fulfillable_units, holds_buy_box, captured_at)
     VALUES (?, ?, 'B000000030', 'US', ?, 'mock', ?, 1, ?)`,
  )
    .bind(connectionId, workspaceId, dayAt(offset), units, `${dayAt(offset)}T02:05:00.000Z`)
    .run();
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
});
