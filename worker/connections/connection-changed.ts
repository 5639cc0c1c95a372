import { syncAgencyQuantity } from "../billing/agency-quantity";
import type { Services } from "../services";

/**
 * The one call site for "the workspace's connections changed" (a connection added, reconnected
 * after a disconnect, or removed): an Agency subscription's Stripe quantity follows the count of
 * connected sellers (prorated). The connection change is committed before Stripe is asked, so
 * the route's answer never depends on the sync: whatever fails (Stripe unreachable; Stripe
 * refusing because the subscription was canceled with its webhook still on the way, or the item
 * changed), it is logged, and the nightly billing sweep, which re-reads every live subscription
 * and then syncs its quantity, or the next change sets the quantity right.
 */
export async function connectionsChanged(db: D1Database, services: Services, workspaceId: string): Promise<void> {
  try {
    await syncAgencyQuantity(db, services.sources.billing(), workspaceId);
  } catch (error) {
    console.error(`agency quantity of workspace ${workspaceId} not synced; the nightly billing sweep will:`, error);
  }
}
