import { alertConnections } from "../alerts/alert-store";
import { findConnection } from "../connections/connection-store";
import type { Marketplace } from "../contract/marketplaces";
import { ApiError } from "../shared/api-error";
import { connectionAssets } from "./client-portfolio-store";
import { dayWindow } from "./dashboard-service";

export const NO_SUCH_CONNECTION = "No such seller connection in this workspace.";

/**
 * The tracked ASINs a `?connection=` filter keeps: those the connection's seller has its own data
 * on (stock, Buy Box or sales) in the window; all of them without a filter. A connection of
 * another workspace is a 404, never a way to read its rows. A caller that has listed the
 * workspace's connections already passes them (`listed`), and the connection is not read again.
 */
export async function trackedOfConnection<Key extends { marketplace: Marketplace; asin: string }>(
  db: D1Database,
  workspaceId: string,
  tracked: readonly Key[],
  connection: string | undefined,
  days: number,
  nowMs: number,
  listed?: readonly { id: string }[],
): Promise<Key[]> {
  if (!connection) return [...tracked];
  const exists = listed ? listed.some((row) => row.id === connection) : (await findConnection(db, workspaceId, connection)) !== null;
  if (!exists) throw new ApiError(404, "not_found", NO_SUCH_CONNECTION);
  const { fromDay, toDay } = dayWindow(days, nowMs);
  const owned = new Set((await connectionAssets(db, workspaceId, fromDay, toDay, connection)).map((asset) => `${asset.marketplace}:${asset.asin}`));
  return tracked.filter((key) => owned.has(`${key.marketplace}:${key.asin}`));
}

/** The alerts a connection filter keeps: on that connection, or on any connection about an ASIN of its seller's (30 days). */
export async function alertsOfConnection<Alert extends { id: string; asin: string; marketplace: Marketplace }>(
  db: D1Database,
  workspaceId: string,
  all: Alert[],
  connection: string,
): Promise<Alert[]> {
  const owners = await alertConnections(db, workspaceId);
  const ownAsins = new Set((await trackedOfConnection(db, workspaceId, all, connection, 30, Date.now())).map((alert) => alert.id));
  return all.filter((alert) => owners.get(alert.id) === connection || (owners.get(alert.id) == null && ownAsins.has(alert.id)));
}
