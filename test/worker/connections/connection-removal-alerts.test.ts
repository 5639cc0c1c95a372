import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { deleteConnection } from "../../../worker/connections/connection-store";
import { runAlertCheck } from "../../../worker/jobs/alert-check/alert-check";
import { buildServices } from "../../../worker/services";
import { CHECK_TIME, clearAlertTables, count, seedAlert, seedSeller, seedUser, storedAlert } from "../support/alert-seed";
import { insertConnection } from "../support/seller-connections";

/**
 * Removing a seller connection takes the alerts scoped to it along: an alert on "this client's
 * stock" never quietly becomes an alert on any connection's stock.
 */
beforeEach(clearAlertTables);

async function workspaceWithClient() {
  const workspaceId = await seedUser();
  const client = `${workspaceId}-client`;
  await insertConnection({ id: client, workspaceId, sellingPartnerId: "DEMO-CLIENT", region: "na", name: "Client", status: "demo" });
  // The workspace's own seller (its demo connection, the workspace's id) is nearly out of stock.
  await seedSeller(workspaceId, "B000000050", 0, 3, true);
  const scoped = async (connectionId: string, threshold: number) => {
    const id = await seedAlert({ userId: workspaceId, asin: "B000000050", conditionType: "low_stock", threshold });
    await env.DB.prepare("UPDATE alerts SET connection_id = ? WHERE id = ?").bind(connectionId, id).run();
    return id;
  };
  return { workspaceId, client, scoped };
}

describe("deleteConnection", () => {
  it("deletes the alerts scoped to the removed connection, so none fires on another seller's stock", async () => {
    const { workspaceId, client, scoped } = await workspaceWithClient();
    const onClient = await scoped(client, 10);

    expect(await deleteConnection(env.DB, workspaceId, client)).toBe(true);
    expect(await storedAlert(onClient)).toBeNull();
    await runAlertCheck(buildServices(env), CHECK_TIME);
    expect(await count("alert_events")).toBe(0);
  });

  it("keeps the workspace's other alerts: those on another connection and those on any connection", async () => {
    const { workspaceId, client, scoped } = await workspaceWithClient();
    await scoped(client, 10);
    const onOwn = await scoped(workspaceId, 20);
    const onAny = await seedAlert({ userId: workspaceId, asin: "B000000050", conditionType: "buybox_lost", threshold: null });

    await deleteConnection(env.DB, workspaceId, client);
    const left = await env.DB.prepare("SELECT id, connection_id FROM alerts ORDER BY id").all();
    expect(left.results).toEqual(
      [
        { id: onOwn, connection_id: workspaceId },
        { id: onAny, connection_id: null },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
  });

  it("deletes nothing of another workspace's connection it does not own", async () => {
    const { client, scoped } = await workspaceWithClient();
    const onClient = await scoped(client, 10);
    const stranger = await seedUser();

    expect(await deleteConnection(env.DB, stranger, client)).toBe(false);
    expect(await storedAlert(onClient)).toMatchObject({ id: onClient });
  });
});
