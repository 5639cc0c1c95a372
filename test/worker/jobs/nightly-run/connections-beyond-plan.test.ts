import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildServices } from "../../../../worker/services";
import { runNightlySlice } from "../../../../worker/jobs/nightly-run/start";
import { MockSellerApi } from "../../../../worker/upstreams/spapi/mock";
import { demoEnv } from "../../support/seller-browser";
import { insertConnection } from "../../support/seller-connections";
import { insertUser, insertWatchlist, memoryNotes, resetHistoryTables, virtualClock } from "./support";

/**
 * A downgrade keeps every seller account a workspace connected, but the nightly run asks Amazon
 * only about as many as the plan connects: the oldest connected first. The rest keep their data
 * as of their last refresh, so a Free workspace left with an Agency's clients costs no more
 * SP-API work than Free pays for.
 */
const DAY = "2026-11-22";
const START = Date.UTC(2026, 10, 22, 2, 0);

beforeEach(async () => {
  await resetHistoryTables();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

/** Runs the night with every connected seller answered by a mock, and returns the connections asked. */
async function runNightAskingSellers(): Promise<string[]> {
  const services = buildServices(demoEnv());
  const asked: string[] = [];
  services.sources.sellerConnection = async (connection, day) => {
    asked.push(connection.id);
    return new MockSellerApi(connection.sellingPartnerId, day);
  };
  const clock = virtualClock(START);
  const notes = memoryNotes();
  for (let slice = 0; slice < 50; slice++) {
    const result = await runNightlySlice(services, DAY, { clock, notes });
    if (result.status === "done") return asked;
    if (result.resumeAt > clock.now()) await clock.sleep(result.resumeAt - clock.now());
  }
  throw new Error("the run did not finish");
}

async function workspaceWithTwoConnected(): Promise<{ workspaceId: string; older: string; newer: string }> {
  const workspaceId = await insertUser();
  // The newer connection sorts first by id: the plan's order is by when each was connected.
  const older = `${workspaceId}-z-older`;
  const newer = `${workspaceId}-a-newer`;
  for (const [id, createdAt] of [
    [older, "2026-01-05 10:00:00"],
    [newer, "2026-06-05 10:00:00"],
  ] as const) {
    await insertConnection({ id, workspaceId, sellingPartnerId: `A${id.slice(-5).toUpperCase()}`, region: "na", name: id, status: { grantedAt: "2026-11-01T00:00:00Z" } });
    await env.DB.prepare("UPDATE seller_connections SET created_at = ?, marketplaces = '[\"US\"]' WHERE id = ?").bind(createdAt, id).run();
  }
  await insertWatchlist(workspaceId, [{ marketplace: "US", asin: "B0PLAN0001" }]);
  return { workspaceId, older, newer };
}

const snapshotConnections = async (workspaceId: string) =>
  (await env.DB.prepare("SELECT DISTINCT connection_id FROM seller_snapshots WHERE workspace_id = ? ORDER BY connection_id").bind(workspaceId).all<{ connection_id: string }>()).results.map(
    (row) => row.connection_id,
  );

describe("seller accounts beyond the workspace's plan", () => {
  it("on Free (one seller account), only the oldest connected is asked and snapshotted; the newer keeps what it had", async () => {
    const { workspaceId, older, newer } = await workspaceWithTwoConnected();
    const asked = await runNightAskingSellers();
    expect(asked.filter((id) => id.startsWith(workspaceId)).sort()).toEqual([older, older]); // the seller phase and the revenue phase
    expect(asked).not.toContain(newer);
    expect(await snapshotConnections(workspaceId)).toEqual([older]);
  });

  it("on a plan with room for both, both are asked", async () => {
    const { workspaceId, older, newer } = await workspaceWithTwoConnected();
    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note) VALUES (?, 'test: several seller accounts')").bind(workspaceId).run();
    const asked = await runNightAskingSellers();
    expect(new Set(asked.filter((id) => id.startsWith(workspaceId)))).toEqual(new Set([older, newer]));
    expect(await snapshotConnections(workspaceId)).toEqual([newer, older].sort());
  });
});
