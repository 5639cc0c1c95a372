import { syncAgencyQuantity } from "../billing/agency-quantity";
import type { Services } from "../services";
import { BillingUnavailableError } from "../upstreams/stripe/billing";

/**
 * The one call site for "the workspace's connections changed" (a connection added, reconnected
 * after a disconnect, or removed): an Agency subscription's Stripe quantity follows the count of
 * connected sellers (prorated). Stripe unreachable never undoes the connection change: it is
 * logged, and the nightly billing sweep (or the next change) sets the quantity right.
 */
export async function connectionsChanged(db: D1Database, services: Services, workspaceId: string): Promise<void> {
  try {
    await syncAgencyQuantity(db, services.sources.billing(), workspaceId);
  } catch (error) {
    if (!(error instanceof BillingUnavailableError)) throw error;
    console.error(`agency quantity of workspace ${workspaceId} not synced (Stripe unreachable): ${error.message}`);
  }
}
