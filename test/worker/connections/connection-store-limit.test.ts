import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { renewGrant, saveGrant } from "../../../worker/connections/connection-store";
import { seedUser } from "../support/alert-seed";
import { insertConnection } from "../support/seller-connections";

/**
 * The store's own check of the plan's seller-account limit (the callback's reads come first, but
 * two callbacks finishing together both pass them): each write checks the count in its statement.
 */

const grant = { refreshTokenCiphertext: "sealed-new", keyId: "k1", grantedAt: "2026-11-26T00:00:00.000Z" };
const connectedCount = async (workspaceId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM seller_connections WHERE workspace_id = ? AND status = 'connected'").bind(workspaceId).first<{ n: number }>())!.n;

async function workspaceWithOneConnected() {
  const workspaceId = await seedUser();
  await insertConnection({ id: `${workspaceId}-a`, workspaceId, sellingPartnerId: "A1SELLERAAAAAA", region: "na", name: "A", status: { grantedAt: "2026-11-01T00:00:00.000Z" } });
  return workspaceId;
}

describe("saveGrant", () => {
  it("refuses a new seller when the workspace already has `limit` connected, and stores nothing", async () => {
    const workspaceId = await workspaceWithOneConnected();
    const input = { id: `${workspaceId}-b`, workspaceId, sellingPartnerId: "A1SELLERBBBBBB", region: "na", name: "B", grant };
    expect(await saveGrant(env.DB, input, 1)).toBeNull();
    expect(await connectedCount(workspaceId)).toBe(1);
    expect((await saveGrant(env.DB, input, 2))?.status).toBe("connected");
    expect(await connectedCount(workspaceId)).toBe(2);
  });

  it("stores a new seller whatever the workspace has connected when there is no limit (null: an account's own seller)", async () => {
    const workspaceId = await workspaceWithOneConnected();
    const input = { id: `${workspaceId}-b`, workspaceId, sellingPartnerId: "A1SELLERBBBBBB", region: "na", name: "B", grant };
    expect(await saveGrant(env.DB, input, null)).toMatchObject({ id: `${workspaceId}-b`, status: "connected", refreshTokenCiphertext: "sealed-new" });
    expect(await connectedCount(workspaceId)).toBe(2);
  });

  it("renews a connected seller at the limit (a renewal adds none), with its new token", async () => {
    const workspaceId = await workspaceWithOneConnected();
    const saved = await saveGrant(env.DB, { id: "unused", workspaceId, sellingPartnerId: "A1SELLERAAAAAA", region: "na", name: "A", grant }, 1);
    expect(saved).toMatchObject({ id: `${workspaceId}-a`, refreshTokenCiphertext: "sealed-new" });
  });
});

describe("renewGrant", () => {
  it("brings a disconnected seller back only while it fits the limit", async () => {
    const workspaceId = await workspaceWithOneConnected();
    const back = { id: `${workspaceId}-b`, workspaceId, sellingPartnerId: "A1SELLERBBBBBB", region: "na" };
    await insertConnection({ ...back, region: "na", name: "B", status: "disconnected" });
    expect(await renewGrant(env.DB, back, grant, 1)).toBeNull();
    expect(await connectedCount(workspaceId)).toBe(1);
    expect((await renewGrant(env.DB, back, grant, null))?.status).toBe("connected");
  });

  it("renews a connected seller whatever the count (a workspace over its limit after a downgrade keeps renewing)", async () => {
    const workspaceId = await workspaceWithOneConnected();
    const own = { id: `${workspaceId}-a`, workspaceId, sellingPartnerId: "A1SELLERAAAAAA", region: "na" };
    expect((await renewGrant(env.DB, own, grant, 0))?.refreshTokenCiphertext).toBe("sealed-new");
  });
});
